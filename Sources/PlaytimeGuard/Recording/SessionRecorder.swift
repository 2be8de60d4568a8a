internal import PlaytimeJournal
internal import PlaytimeNTP
internal import PlaytimeSystem

/// Records lifecycle events with durable evidence: every call has written and fsync'd its journal record
/// before it returns, because the app may be killed a moment later.
///
/// Calls are idempotent (a second background while away writes nothing), a cold start with an open
/// background closes it, and an app killed in the foreground departs at its last heartbeat. Safe to call
/// from any thread or task.
package final class SessionRecorder: Sendable {
    struct Guarded: ~Copyable {
        var writer: JournalWriter
        /// The journal's key (the enrollment's once ``beginEnrolledJournal(_:key:journalID:)`` replaced an empty journal).
        var key: JournalKey
        var state: RecorderState
        /// Raw readings to the journal's boot segments (version 2) or unchanged (version 1).
        var segments: BootSegments
        /// Returns waiting for their fix, by the session they close: the raw reading and event each began
        /// with. A departure asked for meanwhile writes the return first (``enteredBackground``).
        var arriving: [String: (raw: ClockReading, event: SessionEventKind)] = [:]
        /// Sessions whose in-flight return a departure wrote on its behalf: that return answers with it.
        var closedForArrival: Set<String> = []
    }

    /// The tunables given at creation.
    package let configuration: RecorderConfiguration
    /// True when opening cut a torn last line left by a crash.
    package let repairedTornTail: Bool
    /// True when the boot sidecar beside the journal was present but refused (edited, forged or from another
    /// journal): the next record begins a new boot segment (docs/journal-format.md §13.3).
    package let refusedBootSidecar: Bool
    let clock: any ClockSource
    private let networkTime: (any NetworkTimeSource)?
    private let signedTime: (any SignedTimeSource)?
    private let connectivity: ConnectivityMonitor
    let guarded: ThreadLock<Guarded>

    /// Opens (creating if needed) the journal at `journalPath`, verifies it and rebuilds the session state.
    /// With `journalID` (16 bytes, an enrollment's) a new journal gets that id and an existing one with another
    /// id is refused (``JournalError/otherJournal(expected:found:)``).
    package init(
        journalPath: String, key: JournalKey, clock: any ClockSource = SystemClockSource(),
        networkTime: (any NetworkTimeSource)? = NTPNetworkTimeSource(),
        connectivity: ConnectivityMonitor? = nil, signedTime: (any SignedTimeSource)? = nil,
        configuration: RecorderConfiguration = RecorderConfiguration(), journalID: [UInt8]? = nil
    ) throws(RecorderError) {
        // One pass over the file: the writer verifies the chain and hands each record to the state.
        var repaired = false
        var state = RecorderState()
        var decoder = EvidenceDecoder()
        // The boot identities the journal's records carry: a version-2 recorder recognises its own segments by them.
        var seenBoots = Set<String>()
        let verifier = signedTime?.verifier
        let replay: (JournalRecordView) -> Void = { record in
            if record.hasType("roughtime") {
                guard let verifier, let mac = state.openDepartureMAC, let signed = SignedTimeCodec.decode(record.payload),
                    case .success(let bound) = verifier.bound(of: signed, departureMAC: mac)
                else { return }
                state.apply(signed, bound: bound, sequence: record.sequence)
                return
            }
            if record.hasType("anchor") {
                // The recorder checked the token before writing it; replay restores its fix (docs/journal-format.md §14).
                guard let anchor = AnchorCodec.decode(record.payload), let token = try? ServerAnchor(text: anchor.token) else { return }
                state.apply(anchor, anchor: token)
                return
            }
            guard record.typeHasPrefix("session."), let evidence = decoder.decode(record.payload),
                evidence.payloadVersion == Int64(record.journalVersion)
            else { return }
            if let boot = evidence.clock.bootID { seenBoots.insert(boot) }
            state.apply(evidence, sequence: record.sequence)
            if evidence.event == .background { state.openDepartureMAC = record.macBytes }
        }
        let writer: JournalWriter
        do {
            writer = try JournalWriter(path: journalPath, key: key, newJournalVersion: configuration.newJournalVersion, journalID: journalID, replay: replay)
        } catch JournalError.tornTail where configuration.repairTornTail {
            state = RecorderState()
            seenBoots = []
            do {
                try JournalWriter.repair(path: journalPath, key: key)
                writer = try JournalWriter(
                    path: journalPath, key: key, newJournalVersion: configuration.newJournalVersion, journalID: journalID, replay: replay)
            } catch {
                throw RecorderError.journal(error)
            }
            repaired = true
        } catch {
            throw RecorderError.journal(error)
        }
        var segments = BootSegments(
            key: key, journalPath: journalPath, journalID: writer.journalID, enabled: writer.version >= 2,
            driftPPM: configuration.driftPPM, seen: seenBoots)
        segments.resume(at: clock.read())
        self.configuration = configuration
        self.repairedTornTail = repaired
        self.refusedBootSidecar = segments.refusedSidecar
        self.clock = clock
        self.networkTime = networkTime
        self.signedTime = signedTime
        self.connectivity = connectivity ?? ConnectivityMonitor(clock: clock)
        self.guarded = ThreadLock(Guarded(writer: writer, key: key, state: state, segments: segments))
    }

    /// The journal's id (16 bytes) from its header.
    package var journalID: [UInt8] { guarded.withLock { $0.writer.journalID } }

    /// The key the journal is written under.
    package var journalKey: JournalKey { guarded.withLock { $0.key } }

    /// False when the device has no route to any network (the connectivity probe's answer now): a call that would
    /// wait on the network returns at once instead.
    package var mayBeOnline: Bool { connectivity.current().state != .offline }

    /// The departure of the session in progress, if the player is away.
    package var openDeparture: Evidence? { guarded.withLock { $0.state.openDeparture } }

    /// Session ids of returns still waiting for network proof.
    package var sessionsAwaitingSettlement: [String] { guarded.withLock { $0.state.pending.keys.sorted() } }

    /// The app moves to the background. Synchronous and network-free: the record is on disk when this returns.
    /// `goldPerHour` and `policyVersion` are snapshotted: the reward uses them, not the rate at claim time.
    @discardableResult
    package func enteredBackground(goldPerHour: Int64, policyVersion: String) throws(RecorderError) -> RecordedEvent {
        guard goldPerHour >= 0 else { throw RecorderError.invalidRate(goldPerHour) }
        let link = connectivity.current()
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> RecordedEvent in
            if let open = guarded.state.openDeparture {
                // The player left again while the return was still waiting for its fix: that return is
                // written now, as it began (without the fix), so this departure is not lost.
                guard let arrival = guarded.arriving.removeValue(forKey: open.sessionID) else {
                    return RecordedEvent(evidence: open, sequence: nil, duplicate: true)
                }
                _ = try writeReturn(
                    as: arrival.event, raw: arrival.raw, fix: nil, signedLinks: nil, departureMAC: nil,
                    link: link, to: &guarded)
                guarded.closedForArrival.insert(open.sessionID)
            }
            let reading = try guarded.segments.journalReading(clock.read())
            var evidence = Evidence(
                event: .background, sessionID: Self.newSessionID(), clock: reading,
                network: guarded.state.projectedNetwork(at: reading, driftPPM: configuration.driftPPM),
                connectivity: link, goldPerHour: goldPerHour, policyVersion: policyVersion)
            let sequence = try Self.write(&evidence, to: &guarded)
            guarded.state.openDepartureMAC = guarded.writer.headMAC
            return RecordedEvent(evidence: evidence, sequence: sequence)
        }
    }

    /// Stamps the open departure with signed time: asks the configured Roughtime servers (within
    /// ``RecorderConfiguration/stampBudgetNanoseconds``) with a nonce that commits to the departure record, and
    /// appends their answers as a `roughtime` record (docs/journal-format.md §12). Call it right after
    /// ``enteredBackground(goldPerHour:policyVersion:)`` returns, inside the platform's background-task window:
    /// the departure is already durable, so a stamp that never arrives costs nothing but the proof.
    ///
    /// Returns the record written, or `nil` when there is nothing to stamp (no signed-time source, no open
    /// departure, already stamped, offline, no verified answer, or past ``RecorderConfiguration/stampWindowNanoseconds``
    /// since the departure — a late stamp would prove less than the boot clock does, so none is written).
    @discardableResult
    package nonisolated(nonsending) func stampDeparture() async throws(RecorderError) -> SignedTimeRecord? {
        guard let signedTime, connectivity.current().state != .offline else { return nil }
        let window = configuration.stampWindowNanoseconds
        let target: (session: String, mac: [UInt8])? = guarded.withLock { guarded in
            guard let open = guarded.state.openDeparture, let mac = guarded.state.openDepartureMAC,
                guarded.state.openDepartureSignedLatest == nil, let now = guarded.segments.peek(clock.read()),
                Self.withinStampWindow(open, now: now, window: window)
            else { return nil }
            return (open.sessionID, mac)
        }
        guard let target,
            let links = await signedLinks(
                from: signedTime, proving: .departure, departureMAC: target.mac,
                budget: configuration.stampBudgetNanoseconds)
        else { return nil }
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> SignedTimeRecord? in
            guard let open = guarded.state.openDeparture, open.sessionID == target.session, guarded.state.openDepartureSignedLatest == nil,
                let now = guarded.segments.peek(clock.read()), Self.withinStampWindow(open, now: now, window: window)
            else { return nil }
            return try Self.writeSigned(
                links, proving: .departure, session: target.session, mac: target.mac,
                reading: guarded.segments.journalReading(clock.read()), verifier: signedTime.verifier, to: &guarded)
        }
    }

    /// The app returns to the foreground: closes the open session, trying a fresh fix within the budget
    /// (at once when offline). A repeated call returns the first result and writes nothing.
    @discardableResult
    package nonisolated(nonsending) func enteredForeground() async throws(RecorderError) -> RecordedEvent {
        try await arrive(as: .foreground)
    }

    /// A cold start. With an open background record it is the return; after a kill in the foreground the
    /// departure is recovered from the last heartbeat; otherwise a plain launch is recorded. `beforeArrival` runs
    /// between the recovered departure and the launch record (the facade records the game server's anchor there,
    /// so that the return rests on the server's time and the departure stays before it).
    @discardableResult
    package nonisolated(nonsending) func appLaunched(beforeArrival: (@Sendable () async -> Void)? = nil) async throws(RecorderError) -> RecordedEvent {
        try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) in
            guard guarded.state.openDeparture == nil, let heartbeat = guarded.state.lastHeartbeat else { return }
            var departure = heartbeat
            departure.event = .background
            departure.origin = "heartbeat"
            departure.sessionID = Self.newSessionID()
            let behind = guarded.state.behindLatest(heartbeat.clock)
            if behind > 0 {
                // A session record written after the heartbeat (a settlement) shows the app alive later: the
                // departure is recovered from there, so the boot clock never runs back between records.
                departure.clock.bootNanoseconds = Saturating.add(departure.clock.bootNanoseconds, behind)
                departure.clock.wallNanoseconds = Saturating.add(departure.clock.wallNanoseconds, behind)
                departure.network = guarded.state.projectedNetwork(at: departure.clock, driftPPM: configuration.driftPPM)
            }
            _ = try Self.write(&departure, to: &guarded)
        }
        if let beforeArrival { await beforeArrival() }
        return try await arrive(as: .launch)
    }

    /// A proof of life while in the foreground, carrying the current rate in case the app is killed.
    @discardableResult
    package func heartbeat(goldPerHour: Int64, policyVersion: String) throws(RecorderError) -> RecordedEvent {
        guard goldPerHour >= 0 else { throw RecorderError.invalidRate(goldPerHour) }
        let link = connectivity.current()
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> RecordedEvent in
            let reading = try guarded.segments.journalReading(clock.read())
            var evidence = Evidence(
                event: .heartbeat, sessionID: "", clock: reading,
                network: guarded.state.projectedNetwork(at: reading, driftPPM: configuration.driftPPM),
                connectivity: link, goldPerHour: goldPerHour, policyVersion: policyVersion)
            let sequence = try Self.write(&evidence, to: &guarded)
            return RecordedEvent(evidence: evidence, sequence: sequence)
        }
    }

    /// Tries a fix and, when one arrives, writes a settlement record for every session of this boot that
    /// was waiting for network proof. Returns the settlements written.
    @discardableResult
    package nonisolated(nonsending) func settlePending() async throws(RecorderError) -> [RecordedEvent] {
        let waiting = guarded.withLock { !$0.state.pending.isEmpty }
        guard waiting, connectivity.current().state != .offline, let networkTime else { return [] }
        let result = await networkTime.fix(withinNanoseconds: configuration.foregroundBudgetNanoseconds)
        connectivity.note(result)
        guard case .success(let fix) = result else { return [] }
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) in
            try settle(networkAt: { fix.networkTime(at: $0) }, reason: "ntp-ok", in: &guarded)
        }
    }

    /// Refreshes connectivity and writes a `connectivity` record when its state changed (a loss above all).
    @discardableResult
    package func noteConnectivity() throws(RecorderError) -> Connectivity? {
        guard let change = connectivity.change() else { return nil }
        try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) in
            var writer = FixedJSONWriter()
            writer.string("conn", change.state.rawValue)
            writer.string("connReason", change.reason)
            writer.integer("boot", try guarded.segments.journalReading(clock.read()).bootNanoseconds)
            let payload = writer.finish()
            do throws(JournalError) { _ = try guarded.writer.append(type: "connectivity", payload: payload) } catch { throw RecorderError.journal(error) }
        }
        return change
    }

    /// Records what the game paid for a session (fsync'd before returning), so a server can recompute it.
    @discardableResult
    package func recordClaim(_ claim: ClaimRecord) throws(RecorderError) -> UInt64 {
        try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> UInt64 in
            do throws(JournalError) {
                return try guarded.writer.append(type: ClaimRecord.recordType, payload: ClaimCodec.encode(claim))
            } catch {
                throw RecorderError.journal(error)
            }
        }
    }

    // MARK: - Internals

    private nonisolated(nonsending) func arrive(as event: SessionEventKind) async throws(RecorderError) -> RecordedEvent {
        // Raw: a fix is projected along the raw boot clock it was read on; the journal's reading is taken below.
        let raw = clock.read()
        let open = guarded.withLock { (guarded: inout Guarded) -> (Evidence?, RecordedEvent?) in
            if let departure = guarded.state.openDeparture, guarded.arriving[departure.sessionID] == nil {
                guarded.arriving[departure.sessionID] = (raw, event)
            }
            return (guarded.state.openDeparture, guarded.state.lastReturn)
        }
        // The session this return closes, fixed now: a departure written while the fix is on its way is
        // another session, which this return must not close.
        let closing = open.0?.sessionID
        if open.0 == nil, event == .foreground, let last = open.1 {
            var repeated = last
            repeated.duplicate = true
            return repeated
        }
        var link = connectivity.current()
        var fix: NTPFix?
        // One answer per return: after a kill between the answer and the return record, the relaunch keeps the
        // answer already written (the one a server checks), rather than adding a second.
        let departureMAC = guarded.withLock { $0.state.openDeparture == nil || $0.state.openArrivalSigned != nil ? nil : $0.state.openDepartureMAC }
        // The signed answer is asked for alongside the NTP fix, within the same budget.
        let askSigned = link.state != .offline
        async let answered: [SignedTimeLink]? = askSigned ? signedAnswer(for: departureMAC) : nil
        if link.state != .offline, let networkTime {
            let result = await networkTime.fix(withinNanoseconds: configuration.foregroundBudgetNanoseconds)
            connectivity.note(result)
            link = connectivity.current()
            if case .success(let value) = result { fix = value }
        }
        let signedLinks = await answered
        let finalLink = link
        let freshFix = fix
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> RecordedEvent in
            if let closing { guarded.arriving[closing] = nil }
            // A departure asked for during the fix wrote this return first: answer with that record.
            if let closing, guarded.closedForArrival.remove(closing) != nil, var written = guarded.state.lastReturn,
                written.evidence.sessionID == closing
            {
                if let freshFix { _ = try settle(networkAt: { freshFix.networkTime(at: $0) }, reason: "ntp-ok", in: &guarded) }
                written.needsSettlement = guarded.state.pending[closing] != nil
                return written
            }
            let departure = guarded.state.openDeparture
            if departure?.sessionID != closing {
                // The session this return began to close was closed meanwhile (by another return), or nothing
                // was open and a departure was written during the fix: close nothing, write nothing.
                if let last = guarded.state.lastReturn, last.evidence.sessionID == closing ?? last.evidence.sessionID {
                    var repeated = last
                    repeated.duplicate = true
                    return repeated
                }
                return RecordedEvent(
                    evidence: Evidence(event: event, sessionID: "", clock: raw, network: nil, connectivity: finalLink),
                    sequence: nil, duplicate: true)
            }
            if departure == nil, event == .foreground, let last = guarded.state.lastReturn {
                var repeated = last
                repeated.duplicate = true
                return repeated
            }
            return try writeReturn(
                as: event, raw: raw, fix: freshFix, signedLinks: signedLinks, departureMAC: departureMAC,
                link: finalLink, to: &guarded)
        }
    }

    /// Writes the return (or plain launch) that began at the raw reading `raw`: the signed answer first when
    /// there is one, then the record, then settlements the fresh fix proves.
    private func writeReturn(
        as event: SessionEventKind, raw: ClockReading, fix freshFix: NTPFix?, signedLinks: [SignedTimeLink]?,
        departureMAC: [UInt8]?, link: Connectivity, to guarded: inout Guarded
    ) throws(RecorderError) -> RecordedEvent {
        let departure = guarded.state.openDeparture
        var raw = raw
        var reading = try guarded.segments.journalReading(raw)
        let behind = guarded.state.behindLatest(reading)
        if behind > 0 {
            // A record written while this return waited for its fix (a heartbeat, a settlement) read the boot
            // clock later: the return is written at that reading, so the boot clock never runs back between records.
            for clock in [\ClockReading.bootNanoseconds, \ClockReading.wallNanoseconds] {
                raw[keyPath: clock] = Saturating.add(raw[keyPath: clock], behind)
                reading[keyPath: clock] = Saturating.add(reading[keyPath: clock], behind)
            }
        }
        if let departure, let signedLinks, let signedTime, let mac = departureMAC, guarded.state.openArrivalSigned == nil {
            // Written before the return, so the return record follows the answer it rests on.
            _ = try Self.writeSigned(
                signedLinks, proving: .arrival, session: departure.sessionID, mac: mac,
                reading: guarded.segments.journalReading(clock.read()), verifier: signedTime.verifier, to: &guarded)
        }
        let network = freshFix?.networkTime(at: raw) ?? guarded.state.projectedNetwork(at: reading, driftPPM: configuration.driftPPM)
        var evidence = Evidence(
            event: event, sessionID: departure?.sessionID ?? "", clock: reading,
            network: network, connectivity: link)
        if let departure {
            // Version 2: the new boot's uptime, asserted only when the departure's segment is of an earlier boot.
            evidence.rebootCreditNanoseconds = guarded.segments.rebootCredit(departureBootID: departure.clock.bootID, at: raw)
        }
        let sequence = try Self.write(&evidence, to: &guarded)
        // Writing a return updates `lastReturn`; a plain launch closes nothing.
        var result =
            departure != nil
            ? (guarded.state.lastReturn ?? RecordedEvent(evidence: evidence, sequence: sequence))
            : RecordedEvent(evidence: evidence, sequence: sequence)
        // The fix just written cannot settle this return's own disagreement: only a later one can.
        if let freshFix {
            _ = try settle(networkAt: { freshFix.networkTime(at: $0) }, reason: "ntp-ok", in: &guarded, sparing: evidence.sessionID)
        }
        result.needsSettlement = guarded.state.pending[evidence.sessionID] != nil
        return result
    }

    /// Writes a settlement for every session of this boot waiting for proof, with the network time
    /// `networkAt` gives for the raw reading now (a fresh NTP fix's, or a server anchor's); `reason` is the
    /// settlement's connectivity reason.
    func settle(
        networkAt: (ClockReading) -> NetworkTime?, reason: String, in guarded: inout Guarded,
        sparing spared: String? = nil
    ) throws(RecorderError) -> [RecordedEvent] {
        var written: [RecordedEvent] = []
        // Nothing to settle: no segment is begun (its sidecar would be written for no record).
        guard guarded.state.pending.contains(where: { $0.key != spared }) else { return [] }
        let raw = clock.read()
        guard let network = networkAt(raw) else { return [] }
        let reading = try guarded.segments.journalReading(raw)
        for (session, waiting) in guarded.state.pending.sorted(by: { $0.key < $1.key })
        where waiting.arrival.clock.bootID == reading.bootID && session != spared {
            var evidence = Evidence(
                event: .settlement, sessionID: session, clock: reading, network: network,
                connectivity: Connectivity(state: .online, reason: reason))
            let sequence = try Self.write(&evidence, to: &guarded)
            written.append(RecordedEvent(evidence: evidence, sequence: sequence))
        }
        return written
    }

    /// Appends the evidence (fsync'd) in the journal's payload version, and then updates the state.
    static func write(_ evidence: inout Evidence, to guarded: inout Guarded) throws(RecorderError) -> UInt64 {
        evidence.payloadVersion = Int64(guarded.writer.version)
        if evidence.payloadVersion < 2 { evidence.rebootCreditNanoseconds = nil }
        let sequence: UInt64
        do throws(JournalError) { sequence = try guarded.writer.append(type: evidence.event.recordType, payload: EvidenceCodec.encode(evidence)) } catch {
            throw RecorderError.journal(error)
        }
        guarded.state.apply(evidence, sequence: sequence)
        return sequence
    }

    /// A stamp proves only when the departure existed *by*; taken late it would cost an honest player the delay
    /// (signed time outranks the boot clock), so it is written only within the window of the departure, on
    /// the boot clock of the same boot.
    private static func withinStampWindow(_ departure: Evidence, now: ClockReading, window: Int64) -> Bool {
        guard let boot = departure.clock.bootID, boot == now.bootID else { return false }
        let (elapsed, overflow) = now.bootNanoseconds.subtractingReportingOverflow(departure.clock.bootNanoseconds)
        return !overflow && elapsed >= 0 && elapsed <= max(0, window)
    }

    /// The signed answer for a return, when signed time is configured and a departure is open.
    private nonisolated(nonsending) func signedAnswer(for departureMAC: [UInt8]?) async -> [SignedTimeLink]? {
        guard let signedTime, let departureMAC else { return nil }
        return await signedLinks(
            from: signedTime, proving: .arrival, departureMAC: departureMAC,
            budget: configuration.foregroundBudgetNanoseconds)
    }

    /// One chained query whose first nonce commits to the departure record; `nil` when nothing answered.
    private nonisolated(nonsending) func signedLinks(
        from source: any SignedTimeSource, proving: SignedTimeEvent,
        departureMAC: [UInt8], budget: Int64
    ) async -> [SignedTimeLink]? {
        var generator = SystemRandomNumberGenerator()
        let blind = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let nonce = SignedTimeCommitment.firstNonce(proves: proving, departureMAC: departureMAC, blind: blind)
        var links = await source.links(firstNonce: nonce, withinNanoseconds: budget)
        guard !links.isEmpty else { return nil }
        links[0].blind = blind
        return links
    }

    /// Appends a `roughtime` record (fsync'd) if its answers verify, and updates the state; `nil` otherwise.
    private static func writeSigned(
        _ links: [SignedTimeLink], proving: SignedTimeEvent, session: String, mac: [UInt8],
        reading: ClockReading, verifier: SignedTimeVerifier,
        to guarded: inout Guarded
    ) throws(RecorderError) -> SignedTimeRecord? {
        let record = SignedTimeRecord(
            sessionID: session, proves: proving, bootNanoseconds: reading.bootNanoseconds,
            bootID: reading.bootID, links: Array(links.prefix(SignedTimeRecord.maximumLinks)))
        guard case .success(let bound) = verifier.bound(of: record, departureMAC: mac) else { return nil }
        let sequence: UInt64
        do throws(JournalError) {
            sequence = try guarded.writer.append(type: SignedTimeRecord.recordType, payload: SignedTimeCodec.encode(record))
        } catch {
            throw RecorderError.journal(error)
        }
        guarded.state.apply(record, bound: bound, sequence: sequence)
        return record
    }

    private static func newSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
