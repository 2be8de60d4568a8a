internal import PlaytimeSystem

/// Network time at the two ends of a session as a judge may use it: the instants the auditor's overlap check
/// and budget placement compare (docs/journal-format.md §10, "Which instants the checks across sessions
/// compare"), the same ones the verdict rests on.
package struct UsableNetworkInterval: Sendable, Hashable {
    /// The estimate, Unix nanoseconds.
    package var unixNanoseconds: Int64
    /// The lowest value true time can have (saturating).
    package var earliest: Int64
    /// The highest value true time can have (saturating).
    package var latest: Int64
}

extension SessionTimeline {
    /// Network time at the departure, when `judge` may use it (a non-negative error bound, not from the future).
    package func departureNetwork(judgedBy judge: NetworkTimeJudge) -> UsableNetworkInterval? {
        judge.usable(departure.network, at: departureSequence).map(UsableNetworkInterval.init)
    }

    /// Network time at the return, when `judge` may use it: the return's own, or else that of the later proof
    /// (``laterProof``, usable too) carried back to the return along the boot clock, its error grown by
    /// `driftPPM` of that distance (rule 3). `nil` without either.
    package func arrivalNetwork(judgedBy judge: NetworkTimeJudge, driftPPM: Int64) -> UsableNetworkInterval? {
        guard let arrival else { return nil }
        if let own = judge.usable(arrival.network, at: arrivalSequence) { return UsableNetworkInterval(own) }
        guard let proof = laterProof, isProof(proof), let network = judge.usable(proof.network, at: laterProofSequence),
            proofKeepsArrivalInThePast(proof, judge: judge, driftPPM: driftPPM)
        else { return nil }
        return UsableNetworkInterval(network.projected(by: arrival.clock.boot - proof.clock.boot, driftPPM: driftPPM))
    }
}

extension SessionTimeline {
    /// True unless `proof` would place the return later than the judge's clock of the return record (when a
    /// server first saw it) plus the slack: a record cannot have been written after the server saw it, so
    /// such a proof is from the future for this return and proves nothing (docs/journal-format.md §10, rule 0).
    /// Across a reboot the return is placed at the proof carried back to it (rule 3); within one boot a
    /// settling fix would place it at the departure's earliest time plus the boot clock's figure (rule 2c).
    /// An honest return happened before the server saw it, so no honest proof fails this.
    package func proofKeepsArrivalInThePast(_ proof: Evidence, judge: NetworkTimeJudge, driftPPM: Int64) -> Bool {
        guard let arrival else { return false }
        if let boot = departure.clock.bootID, boot == arrival.clock.bootID {
            guard let start = TrustedNetworkTime(departure.network) else { return true }
            let delta = arrival.clock.boot - departure.clock.boot
            let lower = max(.zero, delta - delta.driftAllowance(ppm: driftPPM))
            return !judge.isAhead(start.earliest + lower, at: arrivalSequence)
        }
        guard let network = TrustedNetworkTime(proof.network) else { return false }
        return !judge.isAhead(network.projected(by: arrival.clock.boot - proof.clock.boot, driftPPM: driftPPM).earliest, at: arrivalSequence)
    }
}

extension UsableNetworkInterval {
    init(_ time: TrustedNetworkTime) {
        self.init(unixNanoseconds: time.estimate.nanoseconds, earliest: time.earliest.nanoseconds, latest: time.latest.nanoseconds)
    }
}
