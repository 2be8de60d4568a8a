internal import PlaytimeJournal
internal import PlaytimeJudging
internal import PlaytimeRewards

/// The state of auditing one journal: sessions being assembled, sessions waiting for their claims, and the
/// per-journal checks (boot-clock continuity, in-journal overlap, span).
struct JournalPass {
    /// The claims of one session in journal order; the first (usually the only one) is stored inline.
    struct Claims {
        private var first: (sequence: UInt64, claim: ClaimRecord)?
        private var rest: [(sequence: UInt64, claim: ClaimRecord)] = []

        init() {}

        init(_ list: [(sequence: UInt64, claim: ClaimRecord)]) {
            for item in list { append(item) }
        }

        var count: Int { first == nil ? 0 : 1 + rest.count }
        var isEmpty: Bool { first == nil }

        /// Read in place (a copy of a claim costs a retain for each of its strings and arrays).
        subscript(index: Int) -> (sequence: UInt64, claim: ClaimRecord) {
            _read {
                if index == 0 { yield first! } else { yield rest[index - 1] }
            }
        }

        mutating func append(_ item: (sequence: UInt64, claim: ClaimRecord)) {
            if first == nil { first = item } else { rest.append(item) }
        }

        /// Calls `body` with each claim in journal order, read in place (not copied).
        func forEach(_ body: (_ sequence: UInt64, _ claim: borrowing ClaimRecord) -> Void) {
            guard let first else { return }
            body(first.sequence, first.claim)
            for item in rest { body(item.sequence, item.claim) }
        }
    }

    struct Staged {
        var timeline: SessionTimeline
        var claims: Claims
    }

    let name: String
    let configuration: AuditConfiguration
    private var assembler: SessionAssembler
    private var decoder = EvidenceDecoder()
    /// Calculators by policy version, built once (validating a policy per session would dominate).
    var calculators: [String: RewardCalculator] = [:]
    /// The policy resolution of the last departure's policy version (they rarely change within a journal).
    var lastResolution: PolicyResolution?
    /// Sessions whose timeline is complete, held until the next departure so their claims can arrive; in
    /// the order they were first staged (the same departure staged again replaces its entry in place; two
    /// departures under one id have an entry each).
    private var staged: [Staged] = []
    /// Positions in `staged` by session id, kept only while many sessions are staged at once.
    private var stagedIndex: [String: Int] = [:]
    /// Timelines completed by the record being consumed (a reused buffer).
    private var completed: [SessionTimeline] = []
    /// Claims for sessions still waiting for network proof in the assembler.
    private var earlyClaims: [String: [(sequence: UInt64, claim: ClaimRecord)]] = [:]
    /// The boot and boot clock of the latest record that named a boot, for the continuity check.
    private var lastBoot: (id: String, nanoseconds: Int64)?
    /// Boots this journal has left: a boot id seen again after another boot is a forged reboot.
    private var endedBoots: Set<String> = []
    /// The boot of the latest record that named one (records without a boot id do not end a boot).
    private var lastIdentifiedBoot: String?
    /// Departures whose session id was used before (by sequence), reported on the row of the session that
    /// departure began.
    var duplicateDepartures: Set<UInt64> = []
    /// Network time read in each boot (the latest fix and its boot reading), so that an offline session of a
    /// boot with any fix is placed on the network timeline for the budget: the current boot's inline, the
    /// boots left behind by id.
    var currentAnchor: (boot: String, unixNanoseconds: Int64, bootNanoseconds: Int64)?
    var bootAnchors: [String: (unixNanoseconds: Int64, bootNanoseconds: Int64)] = [:]
    /// The latest return of this journal on its boot clock, for the offline overlap check.
    var lastArrivalBoot: (id: String, nanoseconds: Int64)?
    /// The departure sequence of the latest session the in-journal order checks saw. A session released late
    /// (it waited for proof) departed before sessions judged meanwhile: it is not compared with them.
    var lastOrderedDeparture: UInt64 = 0
    /// Network time at the latest arrival of this journal, as the verdict may use it, for the in-journal
    /// overlap check.
    var lastArrivalNetwork: UsableNetworkInterval?
    /// The certainly-away interval of the latest session the in-journal order checks saw, with its departure's
    /// boot and boot clock: the next session is placed after it (journal order), and when it departs in that boot,
    /// by the boot clock between the two departures (docs/journal-format.md §10c), not by its own network time.
    var lastAway: (boot: String?, departureBoot: Int64, start: Int64, end: Int64)?
    /// Which network times the verdicts of this pass may use (rule 0): the assembler's proof search, the
    /// overlap check and the budget's placement use the same.
    let networkJudge: NetworkTimeJudge
    private(set) var span = SpanTracker()
    /// The latest departure's session id and record MAC: what `roughtime` records commit to.
    private var departureMAC: (session: String, mac: MACBytes)?
    /// Which ends of the open session already had a `roughtime` record checked: only the first of each is
    /// verified (and used), so a journal stuffed with signed records costs at most two checks per session.
    private var signedChecked: (departure: Bool, arrival: Bool) = (false, false)
    /// Checks `roughtime` records against the operator's keys; `nil` when none are configured.
    private let signedTime: SignedTimeVerifier?
    /// The first of the configuration's ``InputLimits`` this journal went beyond; every record after it is
    /// ignored (the upload gate refuses the whole upload).
    private(set) var refusal: LimitExceeded?
    /// Records, departures and claims consumed so far, for the limits.
    private var counted: (records: Int, sessions: Int, claims: Int) = (0, 0, 0)

    /// Staged sessions are found by a linear search up to this many; beyond it through `stagedIndex`.
    private static let linearLimit = 8

    init(name: String, configuration: AuditConfiguration) {
        self.name = name
        self.configuration = configuration
        self.networkJudge = NetworkTimeJudge(
            serverNowNanoseconds: configuration.serverNowNanoseconds, firstSeen: configuration.firstSeen,
            configuration: configuration.verdict)
        // The assembler looks for proof with the verdict's own view of network time (rule 0 of
        // docs/journal-format.md §10): a fix from the future never ends the search for a later honest one.
        self.assembler = SessionAssembler(
            maximumPending: configuration.limits.heldReturns, driftPPM: configuration.verdict.driftPPM,
            networkJudge: networkJudge)
        assembler.keepsLastClosed = false
        self.signedTime = configuration.roughtimeKeys.isEmpty ? nil : SignedTimeVerifier(trustedKeys: configuration.roughtimeKeys)
    }

    mutating func consume(_ view: JournalRecordView, auditor: SessionAuditor, onSession: (consuming AuditedSession) -> Void) {
        guard refusal == nil else { return }
        counted.records += 1
        if counted.records > configuration.limits.records {
            return refuse(.records(limit: configuration.limits.records), sequence: view.sequence, auditor: auditor)
        }
        if Self.isSessionType(view.type) {
            guard let evidence = decoder.decode(view.payload) else {
                auditor.record(
                    AuditFinding(
                        kind: .malformedPayload, journal: name, sequence: view.sequence,
                        detail: "session payload not in the documented schema"))
                return
            }
            guard evidence.payloadVersion == Int64(view.journalVersion) else {
                // A journal keeps its header's version: a payload of the other version is not in its schema (§13).
                auditor.record(
                    AuditFinding(
                        kind: .malformedPayload, journal: name, sessionID: evidence.sessionID.isEmpty ? nil : evidence.sessionID,
                        sequence: view.sequence,
                        detail: "payload version \(evidence.payloadVersion) in a version-\(view.journalVersion) journal"))
                return
            }
            guard Self.typeNames(view.type, evidence.event) else {
                auditor.record(
                    AuditFinding(
                        kind: .malformedPayload, journal: name, sessionID: evidence.sessionID.isEmpty ? nil : evidence.sessionID,
                        sequence: view.sequence, detail: "record type contradicts the payload's event '\(evidence.event.rawValue)'"))
                return
            }
            checkContinuity(evidence, sequence: view.sequence, auditor: auditor)
            noteBoot(evidence, sequence: view.sequence, auditor: auditor)
            // A record without a boot id is skipped by the boot checks (§10b, "A boot id that comes back"): it
            // neither ends the boot before it nor hides that boot's clock from the next record of it.
            if let boot = evidence.clock.bootID { lastBoot = (boot, evidence.clock.bootNanoseconds) }
            span.observe(evidence)
            if evidence.event == .background {
                counted.sessions += 1
                if counted.sessions > configuration.limits.sessions {
                    return refuse(.sessions(limit: configuration.limits.sessions), sequence: view.sequence, auditor: auditor)
                }
                departureMAC = (evidence.sessionID, view.macValue)
                signedChecked = (false, false)
                flushStaged(auditor: auditor, onSession: onSession)
                if !auditor.registerSession(evidence.sessionID) {
                    // Reported on the session's own row when it is judged.
                    duplicateDepartures.insert(view.sequence)
                }
            }
            assembler.add(sequence: view.sequence, evidence: evidence, into: &completed)
            if !completed.isEmpty {
                // Moved out oldest first, never copied.
                if completed.count > 1 { completed.reverse() }
                while let timeline = completed.popLast() { stage(timeline) }
            }
        } else if let signedTime, view.hasType("roughtime") {
            consumeSignedTime(view, verifier: signedTime, auditor: auditor)
        } else if Self.isClaimType(view.type) {
            guard let claim = decoder.decodeClaim(view.payload) else {
                auditor.record(
                    AuditFinding(
                        kind: .malformedPayload, journal: name, sequence: view.sequence,
                        detail: "claim payload not in the documented schema"))
                return
            }
            counted.claims += 1
            if counted.claims > configuration.limits.claims {
                return refuse(.claims(limit: configuration.limits.claims), sequence: view.sequence, auditor: auditor)
            }
            if claim.multipliers.count + claim.pendingMultipliers.count > configuration.limits.multipliersPerClaim {
                return refuse(
                    .multipliersPerClaim(limit: configuration.limits.multipliersPerClaim, sessionID: claim.sessionID),
                    sequence: view.sequence, auditor: auditor)
            }
            if let position = stagedPosition(of: claim.sessionID) {
                staged[position].claims.append((view.sequence, claim))
            } else {
                earlyClaims[claim.sessionID, default: []].append((view.sequence, claim))
            }
        }
    }

    mutating func finish(auditor: SessionAuditor, onSession: (consuming AuditedSession) -> Void) {
        // A refused journal is not judged further: what is held is dropped unjudged.
        guard refusal == nil else { return }
        for timeline in assembler.finish() { stage(timeline) }
        flushStaged(auditor: auditor, onSession: onSession)
        for (session, claims) in earlyClaims.sorted(by: { $0.key < $1.key }) {
            auditor.record(
                AuditFinding(
                    kind: .orphanClaim, journal: name, sessionID: session, sequence: claims.first?.sequence,
                    detail: "claim for a session this journal does not hold"))
        }
        earlyClaims.removeAll()
    }

    /// Stops judging this journal at `sequence`: it went beyond a limit (docs/fleet.md, "Limits and cost").
    private mutating func refuse(_ exceeded: LimitExceeded, sequence: UInt64, auditor: SessionAuditor) {
        refusal = exceeded
        auditor.record(
            AuditFinding(
                kind: .limitExceeded, journal: name, sequence: sequence,
                detail: "the journal holds \(exceeded); the rest of it is not judged"))
    }

    /// Verifies a `roughtime` record against the departure it names and hands its bound to the assembler.
    private mutating func consumeSignedTime(_ view: JournalRecordView, verifier: SignedTimeVerifier, auditor: SessionAuditor) {
        guard let record = SignedTimeCodec.decode(view.payload) else {
            auditor.record(
                AuditFinding(
                    kind: .malformedPayload, journal: name, sequence: view.sequence,
                    detail: "roughtime payload not in the documented schema"))
            return
        }
        // Only the open departure's records count: a stamp or answer for another session proves nothing here.
        guard let departure = departureMAC, departure.session == record.sessionID, assembler.openSessionID == record.sessionID else { return }
        switch record.proves {
        case .departure:
            guard !signedChecked.departure else { return }
            signedChecked.departure = true
        case .arrival:
            guard !signedChecked.arrival else { return }
            signedChecked.arrival = true
        }
        switch verifier.bound(of: record, departureMAC: departure.mac.array) {
        case .success(let bound):
            assembler.addSignedTime(record, bound: bound, sequence: view.sequence)
            span.observeSigned(record.proves, bound: bound)
        case .failure(.noTrustedAnswer):
            // Servers this operator does not trust: their answers prove nothing here, and accuse no one.
            return
        case .failure(let problem):
            auditor.record(
                AuditFinding(
                    kind: .signedTimeRejected, journal: name, sessionID: record.sessionID, sequence: view.sequence,
                    detail: "\(problem)"))
        }
    }

    /// True when the record type starts with `session.` (one 8-byte comparison).
    @inline(__always)
    private static func isSessionType(_ type: UnsafeRawBufferPointer) -> Bool {
        guard type.count >= 8, let base = type.baseAddress else { return false }
        // "session." in little-endian byte order.
        return base.loadUnaligned(as: UInt64.self) == UInt64(littleEndian: 0x2E6E_6F69_7373_6573)
    }

    /// True when the record type is exactly `session.<event>` (compared with the record type's static text: the
    /// `String.UTF8View` walk of the event's raw value cost ~400 instructions a record).
    private static func typeNames(_ type: UnsafeRawBufferPointer, _ event: SessionEventKind) -> Bool {
        let expected: StaticString
        switch event {
        case .background: expected = "session.background"
        case .foreground: expected = "session.foreground"
        case .launch: expected = "session.launch"
        case .heartbeat: expected = "session.heartbeat"
        case .settlement: expected = "session.settlement"
        }
        guard type.count == expected.utf8CodeUnitCount else { return false }
        // The caller checked the `session.` prefix already.
        let text = expected.utf8Start
        for index in 8..<type.count where type[index] != text[index] { return false }
        return true
    }

    /// Boots come in runs; a boot id that comes back after another boot cannot be honest. Also keeps each
    /// boot's latest network fix.
    private mutating func noteBoot(_ evidence: Evidence, sequence: UInt64, auditor: SessionAuditor) {
        guard let boot = evidence.clock.bootID else { return }
        if let network = evidence.network, network.errorBoundNanoseconds >= 0 {
            if let anchor = currentAnchor, anchor.boot != boot { bootAnchors[anchor.boot] = (anchor.unixNanoseconds, anchor.bootNanoseconds) }
            currentAnchor = (boot, network.unixNanoseconds, evidence.clock.bootNanoseconds)
        }
        defer { lastIdentifiedBoot = boot }
        guard let previous = lastIdentifiedBoot, previous != boot else { return }
        endedBoots.insert(previous)
        if endedBoots.contains(boot) {
            auditor.record(
                AuditFinding(
                    kind: .bootIDReused, journal: name, sessionID: evidence.sessionID.isEmpty ? nil : evidence.sessionID,
                    sequence: sequence, detail: "boot \(boot) comes back after boot \(previous) ended: a forged reboot"))
        }
    }

    /// True when the record type is exactly `claim`.
    @inline(__always)
    private static func isClaimType(_ type: UnsafeRawBufferPointer) -> Bool {
        guard type.count == 5, let base = type.baseAddress else { return false }
        return base.loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6961_6C63)
            && base.load(fromByteOffset: 4, as: UInt8.self) == UInt8(ascii: "m")
    }

    /// Where the session `id` is staged, if it is.
    private func stagedPosition(of id: String) -> Int? {
        if staged.count > Self.linearLimit { return stagedIndex[id] }
        var position = staged.count - 1
        while position >= 0 {
            if staged[position].timeline.sessionID == id { return position }
            position -= 1
        }
        return nil
    }

    private mutating func stage(_ timeline: consuming SessionTimeline) {
        var claims = Claims()
        if !earlyClaims.isEmpty, let early = earlyClaims.removeValue(forKey: timeline.sessionID) { claims = Claims(early) }
        // The same departure staged again replaces its entry; another departure under the same id (one a second
        // departure abandoned, §11) keeps its own entry and its own line, and claims go to the latest.
        if let position = stagedPosition(of: timeline.sessionID), staged[position].timeline.departureSequence == timeline.departureSequence {
            staged[position] = Staged(timeline: timeline, claims: claims)
            return
        }
        staged.append(Staged(timeline: timeline, claims: claims))
        if staged.count > Self.linearLimit {
            if staged.count == Self.linearLimit + 1 {
                for position in staged.indices { stagedIndex[staged[position].timeline.sessionID] = position }
            } else {
                stagedIndex[staged[staged.count - 1].timeline.sessionID] = staged.count - 1
            }
        }
    }

    private mutating func flushStaged(auditor: SessionAuditor, onSession: (consuming AuditedSession) -> Void) {
        guard !staged.isEmpty else { return }
        // Judge from a local array so that judging (which mutates the pass) never copies an entry.
        var entries: [Staged] = []
        swap(&entries, &staged)
        // Moved out oldest first, never copied.
        if entries.count > 1 { entries.reverse() }
        while let entry = entries.popLast() {
            let audited = judge(entry.timeline, claims: entry.claims, auditor: auditor)
            auditor.account(audited)
            onSession(audited)
        }
        swap(&entries, &staged)
        if !stagedIndex.isEmpty { stagedIndex.removeAll(keepingCapacity: true) }
    }

    /// `(a − b) / 10⁶`, saturating instead of trapping on signed journals with absurd readings.
    static func gapMilliseconds(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? Int64.max / 1_000_000 : difference / 1_000_000
    }

    private func checkContinuity(_ evidence: Evidence, sequence: UInt64, auditor: SessionAuditor) {
        guard let last = lastBoot, last.id == evidence.clock.bootID else { return }
        if evidence.clock.bootNanoseconds < last.nanoseconds {
            auditor.record(
                AuditFinding(
                    kind: .bootClockDiscontinuity, journal: name, sessionID: evidence.sessionID.isEmpty ? nil : evidence.sessionID,
                    sequence: sequence,
                    detail: "boot clock went back \(Self.gapMilliseconds(last.nanoseconds, evidence.clock.bootNanoseconds)) ms within boot \(last.id)"))
        }
    }
}
