package import PlaytimeSystem

/// Turns evidence, in journal order, into session timelines as a stream.
///
/// Memory is bounded by the sessions still open or waiting for proof, never by the journal's length:
/// at most one departure is open at a time (a new departure abandons an unreturned one), and a return
/// waiting for network proof is released when proof arrives, when its boot ends (proof is then
/// impossible), when more than `maximumPending` wait, or at ``finish()``.
///
/// Held returns are indexed by their boot (they all share one: a record of any other boot releases them), so a
/// record that cannot prove anything — another boot's, or one without network time — costs O(1) however many
/// returns wait; only a network fix of their boot is checked against them (docs/fleet.md, "Limits and cost").
package struct SessionAssembler: Sendable {
    private struct Open: Sendable {
        var evidence: Evidence
        var sequence: UInt64
        var notBefore: Int64?
        /// The departure's signed latest time, from its stamp.
        var signedLatest: Int64?
        /// The signed answer for the return: bound, the reading it was recorded at, and its sequence.
        var arrivalSigned: (earliest: Int64, clock: ClockReading, sequence: UInt64)?
    }

    /// The most returns held while waiting for proof; the oldest is released beyond it.
    package let maximumPending: Int
    private var open: Open?
    /// Returns awaiting proof, oldest first, from `pendingStart` on (released ones before it are dropped in bulk).
    private var pending: [SessionTimeline] = []
    private var pendingStart = 0
    /// The boot every held return arrived in (a record of another boot releases them all).
    private var pendingBoot: String?
    private var earliest: EarliestTimeTracker
    /// Which network times the verdict fed by this assembler may use (docs/journal-format.md §10, rule 0): a
    /// return whose own network time it may not use waits for proof, and only a record whose network time it
    /// may use proves one, so an unusable or future fix never ends the search for a later honest one.
    package let networkJudge: NetworkTimeJudge
    /// True (the default) when ``lastClosed`` is kept: the recorder pays the live return from it. The auditor,
    /// which never reads it, sets it false and saves a copy of every session.
    package var keepsLastClosed = true

    /// Creates an assembler holding at most `maximumPending` (at least 1) returns awaiting proof; `driftPPM`
    /// bounds the boot clock when earlier fixes are carried forward to a departure; `networkJudge` is the
    /// verdict's view of network time (a server passes its clock; the device's judge has none).
    package init(
        maximumPending: Int = 1024, driftPPM: Int64 = VerdictConfiguration.standard.driftPPM,
        networkJudge: NetworkTimeJudge = NetworkTimeJudge()
    ) {
        self.maximumPending = max(1, maximumPending)
        self.earliest = EarliestTimeTracker(driftPPM: driftPPM)
        self.networkJudge = networkJudge
    }

    /// How many times a held return was checked against a network fix so far: the work the held set costs
    /// (at most `maximumPending` per fix of their boot; nothing for any other record).
    package private(set) var proofChecks = 0

    /// Returns awaiting network proof right now.
    package var pendingCount: Int { pending.count - pendingStart }

    /// Feeds one piece of evidence; returns the timelines it completes, oldest first.
    package mutating func add(sequence: UInt64, evidence: Evidence) -> [SessionTimeline] {
        var completed: [SessionTimeline] = []
        add(sequence: sequence, evidence: evidence, into: &completed)
        return completed
    }

    /// Feeds one piece of evidence and appends the timelines it completes, oldest first, to `completed`
    /// (a buffer the caller reuses, so the streaming path allocates nothing per record).
    package mutating func add(sequence: UInt64, evidence: consuming Evidence, into completed: inout [SessionTimeline]) {
        if pendingStart < pending.count { releaseProven(by: evidence, sequence: sequence, into: &completed) }
        let notBefore = earliest.observe(evidence)
        switch evidence.event {
        case .background:
            if let previous = open.take() {
                // A departure that never returned: report it without an arrival.
                completed.append(
                    SessionTimeline(
                        sessionID: previous.evidence.sessionID, departure: previous.evidence,
                        departureSequence: previous.sequence, arrival: nil))
            }
            open = Open(evidence: evidence, sequence: sequence, notBefore: notBefore)
        case .foreground, .launch:
            guard let openSession = open?.evidence.sessionID, openSession == evidence.sessionID,
                let departure = open.take()
            else { break }
            // The evidence moves into the timeline (each copy of a timeline or of its evidence costs a retain per
            // string): what is needed of it afterwards is read from there.
            let signedLatest = departure.signedLatest
            let arrivalSigned = departure.arrivalSigned
            var timeline = SessionTimeline(
                sessionID: openSession, departure: departure.evidence,
                departureSequence: departure.sequence, arrival: consume evidence, arrivalSequence: sequence,
                departureNotBeforeNanoseconds: departure.notBefore)
            if let latest = signedLatest, let signed = arrivalSigned, let arrival = timeline.arrival,
                let arrivalEarliest = SignedTimeProjection.arrivalEarliest(
                    signed: signed.earliest, recordedAt: signed.clock,
                    arrival: arrival.clock, driftPPM: self.earliest.driftPPM)
            {
                timeline.departureSignedLatestNanoseconds = latest
                timeline.arrivalSignedEarliestNanoseconds = arrivalEarliest
                timeline.arrivalSignedSequence = signed.sequence
            }
            if keepsLastClosed { lastClosed = timeline }
            if timeline.arrivalNeedsProof(judgedBy: networkJudge) {
                // Held returns all arrived in this record's boot (releaseProven let no other stay).
                pendingBoot = timeline.arrival?.clock.bootID
                pending.append(consume timeline)
                if pendingCount > maximumPending { releaseOldest(into: &completed) }
            } else {
                completed.append(consume timeline)
            }
        case .heartbeat, .settlement:
            break
        }
    }

    /// Feeds a `roughtime` record already verified to `bound` (``SignedTimeVerifier``) against the open
    /// departure's record: a stamp of the open departure, or the answer taken for its return (which comes just
    /// before the return record). Records of any other session are ignored.
    package mutating func addSignedTime(_ record: SignedTimeRecord, bound: Int64, sequence: UInt64) {
        guard var current = open, current.evidence.sessionID == record.sessionID else { return }
        switch record.proves {
        case .departure:
            if current.signedLatest == nil { current.signedLatest = bound }
        case .arrival:
            if current.arrivalSigned == nil {
                current.arrivalSigned = (bound, ClockReading(wallNanoseconds: 0, bootNanoseconds: record.bootNanoseconds, bootID: record.bootID), sequence)
            }
        }
        open = current
    }

    /// The session the latest return closed, as it was at its return (before any later proof): what the recorder
    /// pays the live return from, so the game judges the very timeline the server's auditor assembles.
    package private(set) var lastClosed: SessionTimeline?

    /// The session id of the open departure, if any.
    package var openSessionID: String? { open?.evidence.sessionID }

    /// Releases everything still held: an open departure (without arrival) and returns without proof.
    package mutating func finish() -> [SessionTimeline] {
        var completed = Array(pending[pendingStart...])
        pending.removeAll()
        pendingStart = 0
        if let previous = open {
            completed.append(
                SessionTimeline(
                    sessionID: previous.evidence.sessionID, departure: previous.evidence,
                    departureSequence: previous.sequence, arrival: nil))
            open = nil
        }
        return completed
    }

    /// Releases the oldest held return without proof (more than `maximumPending` wait); amortised O(1).
    private mutating func releaseOldest(into released: inout [SessionTimeline]) {
        released.append(pending[pendingStart])
        pendingStart += 1
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        } else if pendingStart * 2 >= pending.count {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
    }

    /// Attaches `evidence` as proof to the pending returns it proves, and releases returns whose boot
    /// has ended (a later reading from another boot means no proof can follow).
    private mutating func releaseProven(by evidence: Evidence, sequence: UInt64, into released: inout [SessionTimeline]) {
        guard evidence.clock.bootID == pendingBoot else {
            // Another boot (or none): no proof can follow for any of them; all go, oldest first.
            released.append(contentsOf: pending[pendingStart...])
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            return
        }
        // Their own boot without network time this judge may use (none, a negative error bound, or from the
        // future) proves none of them and ends none: nothing to look at, and the search goes on past it.
        guard networkJudge.isUsable(evidence.network, at: sequence) else { return }
        // A fix of their boot: each is checked once, and the ones kept are moved up in place.
        var kept = pendingStart
        proofChecks += pending.count - pendingStart
        for index in pendingStart..<pending.count {
            if pending[index].isProof(evidence), pending[index].acceptsAsProof(evidence, driftPPM: earliest.driftPPM),
                pending[index].proofKeepsArrivalInThePast(evidence, judge: networkJudge, driftPPM: earliest.driftPPM)
            {
                var timeline = pending[index]
                timeline.laterProof = evidence
                timeline.laterProofSequence = sequence
                released.append(timeline)
            } else {
                if kept != index { pending.swapAt(kept, index) }
                kept += 1
            }
        }
        pending.removeSubrange(kept...)
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        }
    }
}
