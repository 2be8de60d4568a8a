internal import PlaytimeSystem

/// Turns a verdict into a reward: the credited seconds and proof status of the verdict, the earn rate
/// snapshotted at departure (never the rate at claim time).
extension RewardCalculator {
    /// The breakdown for `verdict` of `timeline`: what is paid now, escrowed or forfeited by status.
    ///
    /// Time the verdict holds (``ElapsedVerdict/heldNanoseconds``: within one boot, network time short of
    /// the boot clock) is worth gold only in escrow: the credited time is paid now as if verified, and what
    /// the credited plus held time is worth while provisional (the provisional cap applies) beyond that is
    /// escrowed until a later fix decides. A spoofer can delay an honest player's gold this way, not erase it.
    package func calculate(
        _ verdict: ElapsedVerdict, of timeline: SessionTimeline, requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) throws(RewardCalculationError) -> RewardBreakdown {
        try calculate(verdict, goldPerHour: timeline.goldPerHour, requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
    }

    /// The same at a given earn rate (a server that caps the rate a journal snapshotted passes its own).
    package func calculate(
        _ verdict: ElapsedVerdict, goldPerHour: Int64, requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) throws(RewardCalculationError) -> RewardBreakdown {
        let claim = Self.claim(verdict, goldPerHour: goldPerHour, requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
        guard verdict.status == .provisional, verdict.heldSeconds > 0 else { return try calculate(claim) }
        var breakdown = try calculate(Self.withHeldTime(claim, of: verdict))
        let gold = try payment(verdict, goldPerHour: goldPerHour, requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
        breakdown.totalGold = gold.totalGold
        breakdown.paidNow = gold.paidNow
        breakdown.escrowed = gold.escrowed
        breakdown.forfeited = gold.forfeited
        return breakdown
    }

    /// The gold of ``calculate(_:goldPerHour:requestedMultipliers:usedMultipliers:)`` without its breakdown (its
    /// `totalGold`, `paidNow`, `escrowed` and `forfeited`): what the auditor needs of every session.
    package func payment(
        _ verdict: ElapsedVerdict, goldPerHour: Int64, requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) throws(RewardCalculationError) -> RewardPayment {
        let claim = Self.claim(verdict, goldPerHour: goldPerHour, requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
        guard verdict.status == .provisional, verdict.heldSeconds > 0 else { return try payment(claim) }
        var proven = claim
        proven.status = .verified
        let now = try payment(proven)
        let worth = max(try payment(Self.withHeldTime(claim, of: verdict)).totalGold, now.paidNow)
        let paidNow = min(now.paidNow, worth)
        return RewardPayment(totalGold: worth, paidNow: paidNow, escrowed: worth - paidNow, forfeited: 0)
    }

    /// The reward claim of `verdict`: its credited seconds and status at `goldPerHour`.
    private static func claim(
        _ verdict: ElapsedVerdict, goldPerHour: Int64, requestedMultipliers: [String],
        usedMultipliers: Set<String>
    ) -> RewardClaim {
        RewardClaim(
            creditedSeconds: verdict.creditedSeconds, status: verdict.status, goldPerHour: goldPerHour,
            requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
    }

    /// `claim` for the credited plus the held time of `verdict` (what it is worth while provisional).
    private static func withHeldTime(_ claim: RewardClaim, of verdict: ElapsedVerdict) -> RewardClaim {
        var whole = claim
        whole.creditedSeconds = Saturating.add(verdict.creditedSeconds, verdict.heldSeconds)
        return whole
    }
}
