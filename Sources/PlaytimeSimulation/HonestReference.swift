import PlaytimeGuard
import PlaytimeSystem

/// The gold an honest player gets for the same true time away: verified claims of the true seconds, with
/// the same multipliers requested, through a fresh ledger of the same policy.
enum HonestReference {
    /// One honest claim per period in `awayNanoseconds`, all at the snapshotted `rate`.
    static func gold(
        periods awayNanoseconds: [Int64], rate: Int64, calculator: RewardCalculator,
        multipliers: [String] = ["ad"], startSeconds: Int64 = 1_800_000_000
    ) -> Int64 {
        var ledger = RewardLedger(policy: calculator.policy)
        var time = startSeconds
        var total: Int64 = 0
        for away in awayNanoseconds {
            let seconds = TimeSpan.floorSeconds(away)
            time = Saturating.add(time, max(0, seconds))
            guard
                let breakdown = try? calculator.calculate(
                    creditedSeconds: seconds, status: .verified, goldPerHour: rate,
                    requestedMultipliers: multipliers)
            else { continue }
            total = Saturating.add(total, ledger.grant(breakdown.paidNow, at: time))
        }
        return total
    }

    /// The most any honest pattern of claims could earn for `total` away seconds: every second at the
    /// best tier, with the multipliers, never above the daily budget (the reference for tier farming).
    static func bestPatternGold(totalNanoseconds: Int64, rate: Int64, calculator: RewardCalculator, multipliers: [String] = ["ad"]) -> Int64 {
        var flat = calculator.policy
        flat.tiers = [RewardTier(upToSeconds: nil, percent: flat.tiers.map(\.percent).max() ?? 100)]
        flat.capSeconds = max(flat.capSeconds, TimeSpan.floorSeconds(totalNanoseconds))
        flat.minimumAwaySeconds = 0
        guard let best = try? RewardCalculator(policy: flat),
            let breakdown = try? best.calculate(
                creditedSeconds: TimeSpan.floorSeconds(totalNanoseconds), status: .verified,
                goldPerHour: rate, requestedMultipliers: multipliers)
        else { return 0 }
        return min(breakdown.paidNow, calculator.policy.dailyBudgetGold)
    }
}
