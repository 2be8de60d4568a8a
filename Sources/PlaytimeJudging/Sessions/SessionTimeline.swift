/// One away session as a journal tells it: the departure, the arrival (if the player came back), and
/// for a return that crossed a reboot without network time, the first later network proof of the
/// arrival's boot.
package struct SessionTimeline: Sendable, Hashable, Codable {
    /// The session id shared by departure and arrival.
    package var sessionID: String
    /// The departure (a background event, or one recovered from a heartbeat).
    package var departure: Evidence
    /// The journal sequence number of the departure, when known.
    package var departureSequence: UInt64?
    /// The return (foreground or cold start), or `nil` when the session never closed.
    package var arrival: Evidence?
    /// The journal sequence number of the arrival, when known.
    package var arrivalSequence: UInt64?
    /// The first later evidence with network time in the arrival's boot (a settlement or any later event),
    /// used only when the arrival itself lacks network time.
    package var laterProof: Evidence?
    /// The journal sequence number of ``laterProof``, when known: claims written before it were made on the
    /// verdict without it (docs/journal-format.md §8).
    package var laterProofSequence: UInt64?
    /// The earliest Unix time (nanoseconds) the departure can have happened at, proven by earlier records of
    /// the journal (network fixes carried along the boot clock, and across honest reboots). Used only when the
    /// departure has no network time of its own: a reboot whose new boot began before this was forged.
    package var departureNotBeforeNanoseconds: Int64?
    /// The latest Unix time (nanoseconds) the departure can have happened at, proven by a signed Roughtime
    /// stamp whose nonce commits to the departure record (docs/journal-format.md §12), when there is one.
    package var departureSignedLatestNanoseconds: Int64?
    /// The earliest Unix time (nanoseconds) the return can have happened at, proven by a signed Roughtime
    /// answer taken at the return (or later in its boot, less the boot-clock distance), when there is one.
    package var arrivalSignedEarliestNanoseconds: Int64?
    /// The journal sequence number of the record that carried ``arrivalSignedEarliestNanoseconds``.
    package var arrivalSignedSequence: UInt64?

    /// Creates a timeline.
    package init(
        sessionID: String, departure: Evidence, departureSequence: UInt64? = nil, arrival: Evidence?,
        arrivalSequence: UInt64? = nil, laterProof: Evidence? = nil, departureNotBeforeNanoseconds: Int64? = nil
    ) {
        self.sessionID = sessionID
        self.departure = departure
        self.departureSequence = departureSequence
        self.arrival = arrival
        self.arrivalSequence = arrivalSequence
        self.laterProof = laterProof
        self.departureNotBeforeNanoseconds = departureNotBeforeNanoseconds
    }

    /// The earn rate snapshotted at departure: the rate the reward uses, whatever the rate is at claim time.
    package var goldPerHour: Int64 { departure.goldPerHour }

    /// The reward policy version in force at departure.
    package var policyVersion: String { departure.policyVersion }

    /// True when the arrival crossed a reboot, has no network time of its own, and belongs to an
    /// identified boot, so that a later network fix of that boot can still prove it.
    ///
    /// Also true within one boot when network time says the player was away for less than the boot clock
    /// does: one of them lies, and only a later fix can tell which (the difference waits in escrow).
    package var arrivalNeedsProof: Bool {
        arrivalNeedsProof(judgedBy: NetworkTimeJudge())
    }

    /// ``arrivalNeedsProof`` for a judge that may use only some network times (a server drops network time
    /// from the future, docs/journal-format.md §10 rule 0): across a reboot, a return whose own network time
    /// `judge` may not use waits for a later proof of its boot (rule 3); within one boot, only network time it
    /// may use at both ends can fall short of the boot clock (rule 2b).
    package func arrivalNeedsProof(judgedBy judge: NetworkTimeJudge) -> Bool {
        guard let arrival, arrival.clock.bootID != nil else { return false }
        if departure.clock.bootID != arrival.clock.bootID { return !judge.isUsable(arrival.network, at: arrivalSequence) }
        guard judge.isUsable(departure.network, at: departureSequence), judge.isUsable(arrival.network, at: arrivalSequence) else { return false }
        return SettlementRule.needsSettlement(departure: departure, arrival: arrival)
    }

    /// Within one boot, where network time fell short of the boot clock, only a fix that agrees with the
    /// departure's network time along the boot clock, with an error bound smaller than the disagreement,
    /// settles it (a spoofer's later answers do not, nor does a fix that would agree with anything; rule 2c of
    /// docs/journal-format.md §10); across a reboot the first later fix does.
    func acceptsAsProof(
        _ evidence: Evidence, driftPPM: Int64,
        tolerance: Int64 = VerdictConfiguration.standard.clockStepToleranceNanoseconds
    ) -> Bool {
        guard let arrival, departure.clock.bootID != nil, departure.clock.bootID == arrival.clock.bootID else { return true }
        return SameBootAgreement.settles(departure: departure, arrival: arrival, later: evidence, driftPPM: driftPPM, tolerance: tolerance)
    }

    /// True when `evidence` can prove this timeline's arrival: it carries network time and belongs to the
    /// arrival's (identified) boot, at or after the arrival on the boot clock. (Whether its network time is
    /// usable is the judge's to say: the assembler attaches only a proof the verdict may use.)
    package func isProof(_ evidence: Evidence) -> Bool {
        guard let arrival, evidence.network != nil, let boot = arrival.clock.bootID,
            evidence.clock.bootID == boot
        else { return false }
        return evidence.clock.bootNanoseconds >= arrival.clock.bootNanoseconds
    }
}
