internal import PlaytimeSystem

/// What the recorder knows between calls; rebuilt from the journal when it opens.
struct RecorderState: Sendable {
    /// The departure of the session in progress, if the player is away.
    var openDeparture: Evidence?
    /// The latest heartbeat since the last departure or return: the departure of an app killed in the foreground.
    var lastHeartbeat: Evidence?
    /// The latest return, so a repeated foreground is recognised.
    var lastReturn: RecordedEvent?
    /// The latest network time known, with the reading it belongs to: from an NTP fix carried by a session
    /// record, or from a server anchor's round trip (docs/journal-format.md §14.4).
    var anchor: (reading: ClockReading, network: NetworkTime)?
    /// The MACs of the server anchors the journal holds: a token is recorded once.
    var anchorTokens: Set<[UInt8]> = []
    /// Returns that need network proof, by session id (they crossed a reboot without it, or network time fell
    /// short of the boot clock within one boot), with their departures.
    var pending: [String: (departure: Evidence, arrival: Evidence)] = [:]
    /// The journal MAC of the open departure's record: what signed-time nonces commit to.
    var openDepartureMAC: [UInt8]?
    /// The signed latest time of the open departure, once its stamp is written (docs/journal-format.md §12).
    var openDepartureSignedLatest: Int64?
    /// A signed answer taken for the open departure's return, written just before the return record: its bound,
    /// the boot reading it was recorded at, and its sequence (one answer per return).
    var openArrivalSigned: (earliest: Int64, clock: ClockReading, sequence: UInt64)?

    /// The one session assembler (the server's auditor assembles the same journal with it): every record written
    /// or replayed is fed to it, and a return is paid from the timeline it closed. It holds at most one return
    /// waiting for proof (the recorder's own ``pending`` tracks settlements).
    var assembler = SessionAssembler(maximumPending: 1)

    /// Updates the state for a signed-time record that was written (or replayed) and verified to `bound`.
    mutating func apply(_ record: SignedTimeRecord, bound: Int64, sequence: UInt64) {
        assembler.addSignedTime(record, bound: bound, sequence: sequence)
        guard let open = openDeparture, open.sessionID == record.sessionID else { return }
        switch record.proves {
        case .departure:
            if openDepartureSignedLatest == nil { openDepartureSignedLatest = bound }
        case .arrival:
            let reading = ClockReading(wallNanoseconds: 0, bootNanoseconds: record.bootNanoseconds, bootID: record.bootID)
            openArrivalSigned = (bound, reading, sequence)
        }
    }

    /// The reading of the latest session record written (or replayed): what no later record of its boot may
    /// read the boot clock before (docs/journal-format.md §10: within a boot the boot clock never runs back).
    var latestReading: ClockReading?

    /// How far `reading` lies before the latest session record of its (identified) boot on the boot clock; 0
    /// when it does not. A return whose clocks were read before a fix, or a departure recovered from a
    /// heartbeat, can lie before a record written meanwhile (a heartbeat, a settlement).
    func behindLatest(_ reading: ClockReading) -> Int64 {
        guard let latest = latestReading, latest.bootID != nil, latest.bootID == reading.bootID else { return 0 }
        let (gap, overflow) = latest.bootNanoseconds.subtractingReportingOverflow(reading.bootNanoseconds)
        return overflow ? 0 : max(0, gap)
    }

    /// Updates the state for evidence that was written (or replayed from the journal).
    mutating func apply(_ evidence: Evidence, sequence: UInt64?) {
        if let sequence { _ = assembler.add(sequence: sequence, evidence: evidence) }
        latestReading = evidence.clock
        if let network = evidence.network { note(network, at: evidence.clock) }
        switch evidence.event {
        case .background:
            openDeparture = evidence
            lastHeartbeat = nil
            openDepartureMAC = nil
            openDepartureSignedLatest = nil
            openArrivalSigned = nil
        case .foreground, .launch:
            if let departure = openDeparture, departure.sessionID == evidence.sessionID {
                let needs = SettlementRule.needsSettlement(departure: departure, arrival: evidence)
                // The assembler closed this session with this record (the same departure, signed bounds and earliest
                // departure time the server's auditor derives); without a sequence nothing was fed to it.
                let closed = assembler.lastClosed.flatMap { $0.arrivalSequence == sequence && sequence != nil ? $0 : nil }
                lastReturn = RecordedEvent(
                    evidence: evidence, sequence: sequence, departure: departure, needsSettlement: needs,
                    timeline: closed)
                openDepartureSignedLatest = nil
                openArrivalSigned = nil
                openDepartureMAC = nil
                if needs { pending[evidence.sessionID] = (departure, evidence) }
                openDeparture = nil
            }
            lastHeartbeat = nil
        case .heartbeat:
            if openDeparture == nil { lastHeartbeat = evidence }
        case .settlement:
            if let waiting = pending[evidence.sessionID],
                SettlementRule.settles(departure: waiting.departure, arrival: waiting.arrival, with: evidence)
            {
                pending[evidence.sessionID] = nil
            }
        }
    }

    /// Updates the state for a server anchor that was written (or replayed) with the token `anchor`: the token
    /// is known, and a measured round trip is a fix of network time, taken as an NTP fix is.
    mutating func apply(_ record: AnchorRecord, anchor token: ServerAnchor) {
        anchorTokens.insert(token.mac)
        if let fix = record.networkFix(serverNanoseconds: token.serverNanoseconds) { note(fix.network, at: fix.reading) }
    }

    /// Network time known at `reading`: the latest unless an earlier reading of the same boot.
    private mutating func note(_ network: NetworkTime, at reading: ClockReading) {
        if anchor.map({ $0.reading.bootID != reading.bootID || $0.reading.bootNanoseconds <= reading.bootNanoseconds }) ?? true {
            anchor = (reading, network)
        }
    }

    /// Network time at `reading`, projected from the anchor when it belongs to the same boot; `nil` as well
    /// when the anchor cannot be aged sanely, as a journal written by hand can make it: an anchor later on
    /// the boot clock than now (the boot clock never runs back within a boot), a boot distance, time or error
    /// bound outside the Int64 range, or a negative error bound.
    func projectedNetwork(at reading: ClockReading, driftPPM: Int64) -> NetworkTime? {
        guard let anchor, anchor.reading.bootID == reading.bootID, anchor.reading.bootID != nil else { return nil }
        let (distance, overflow) = reading.bootNanoseconds.subtractingReportingOverflow(anchor.reading.bootNanoseconds)
        guard !overflow, distance >= 0 else { return nil }
        return anchor.network.aged(byBootNanoseconds: distance, driftPPM: driftPPM)
    }
}
