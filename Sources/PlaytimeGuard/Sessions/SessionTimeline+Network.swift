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
        guard let proof = laterProof, isProof(proof), let network = judge.usable(proof.network, at: laterProofSequence) else { return nil }
        let back = Nanoseconds.subtract(arrival.clock.bootNanoseconds, proof.clock.bootNanoseconds)
        return UsableNetworkInterval(network.projected(byBootNanoseconds: back, driftPPM: driftPPM))
    }
}

extension UsableNetworkInterval {
    init(_ time: TrustedNetworkTime) {
        self.init(unixNanoseconds: time.unixNanoseconds, earliest: time.earliest, latest: time.latest)
    }
}
