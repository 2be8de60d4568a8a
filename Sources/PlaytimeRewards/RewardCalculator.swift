/// Computes rewards from a validated policy with exact integer arithmetic.
///
/// `gold = floor(Σ(tierSeconds × tierPercent) × rate × efficiency × Π multiplier
/// × share / (3600 × 100 × 100 × 100ᵏ × 100))`: one rational expression, 128-bit
/// intermediates (256-bit for the remainder step), a single floor, saturation at
/// `Int64.max`. Deterministic: the same policy and claim give the same coin everywhere.
package struct RewardCalculator: Sendable, Equatable {
    /// The validated policy.
    package let policy: RewardPolicy

    /// Creates a calculator, rejecting an invalid policy.
    package init(policy: RewardPolicy) throws(RewardPolicyError) {
        try policy.validate()
        self.policy = policy
    }

    /// Computes the breakdown of `claim`.
    package func calculate(_ claim: RewardClaim) throws(RewardCalculationError) -> RewardBreakdown {
        guard claim.goldPerHour >= 0 else { throw .negativeRate(claim.goldPerHour) }
        let credited = claim.creditedSeconds
        let belowMinimum = credited <= 0 || credited < policy.minimumAwaySeconds
        let cap = policy.cap(for: claim.status)
        let capped = !belowMinimum && credited > cap
        let considered = belowMinimum ? 0 : min(credited, cap)

        let decisions = decideMultipliers(claim, earns: considered > 0)
        let applied = decisions.compactMap { $0.outcome == .applied ? $0.percent : nil }
        let used = claim.usedMultipliers.union(decisions.filter { $0.outcome == .applied }.map(\.name))

        let scale = Scale(rate: claim.goldPerHour, efficiency: policy.efficiencyPercent, multipliers: applied)
        let tierLines = splitIntoTiers(considered).map { line -> TierLine in
            var line = line
            line.gold = scale.gold(weightedSeconds: WideCount(UInt64(line.seconds), times: UInt64(line.percent)), share: 100).value
            return line
        }
        let weighted = tierLines.reduce(WideCount(0)) { $0 + WideCount(UInt64($1.seconds), times: UInt64($1.percent)) }
        let total = scale.gold(weightedSeconds: weighted, share: 100)
        let share = policy.statusSharePercent.percent(for: claim.status)
        let paid = scale.gold(weightedSeconds: weighted, share: UInt64(share))
        let rest = total.value - min(paid.value, total.value)
        let escrowed = claim.status == .provisional ? rest : 0

        return RewardBreakdown(
            policyVersion: policy.version,
            status: claim.status,
            creditedSeconds: credited,
            minimumAwaySeconds: policy.minimumAwaySeconds,
            capSeconds: cap,
            belowMinimum: belowMinimum,
            capped: capped,
            consideredSeconds: considered,
            goldPerHour: claim.goldPerHour,
            tiers: tierLines,
            efficiencyPercent: policy.efficiencyPercent,
            multipliers: decisions,
            usedMultipliersAfter: used.sorted(),
            totalGold: total.value,
            sharePercent: share,
            paidNow: min(paid.value, total.value),
            escrowed: escrowed,
            forfeited: rest - escrowed,
            dailyBudgetGold: policy.dailyBudgetGold,
            saturated: total.saturated || paid.saturated,
            roundingNote: Self.roundingNote(saturated: total.saturated || paid.saturated)
        )
    }

    /// Convenience for ``calculate(_:)``.
    package func calculate(
        creditedSeconds: Int64,
        status: ProofStatus,
        goldPerHour: Int64,
        requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) throws(RewardCalculationError) -> RewardBreakdown {
        try calculate(RewardClaim(
            creditedSeconds: creditedSeconds, status: status, goldPerHour: goldPerHour,
            requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers))
    }

    private func decideMultipliers(_ claim: RewardClaim, earns: Bool) -> [MultiplierDecision] {
        var seen = Set<String>()
        return claim.requestedMultipliers.map { name in
            let percent = policy.multiplier(named: name)?.percent
            let outcome: MultiplierDecision.Outcome
            if percent == nil {
                outcome = .unknown
            } else if !seen.insert(name).inserted {
                outcome = .duplicateRequest
            } else if claim.usedMultipliers.contains(name) {
                outcome = .alreadyUsed
            } else if !earns {
                outcome = .nothingToMultiply
            } else {
                outcome = .applied
            }
            return MultiplierDecision(name: name, percent: percent, outcome: outcome)
        }
    }

    /// Splits considered seconds over the tiers (gold is filled in later).
    private func splitIntoTiers(_ considered: Int64) -> [TierLine] {
        var lower: Int64 = 0
        return policy.tiers.map { tier in
            let upper = tier.upToSeconds ?? .max
            let seconds = considered > lower ? min(considered, upper) - lower : 0
            let line = TierLine(fromSeconds: lower, toSeconds: tier.upToSeconds, percent: tier.percent, seconds: seconds, gold: 0)
            lower = max(lower, upper)
            return line
        }
    }

    static func roundingNote(saturated: Bool) -> String {
        saturated ? saturatedNote : exactNote
    }

    private static let exactNote = "exact rational arithmetic, floored once per figure (never rounds up); "
        + "tier lines are floored separately and may sum to a little less than the total"
    private static let saturatedNote = exactNote + "; the exact reward exceeded Int64.max and was clamped"
}

/// The non-tier factors of the reward expression, gathered once per calculation.
private struct Scale {
    /// rate, efficiency, then each applied multiplier.
    let factors: [UInt64]
    /// 3600 × 100 (tier %) × 100 (efficiency %) × 100 (share %) × 100ᵏ (multiplier %): at most 8 multipliers, < 2⁸⁵,
    /// packed into 64-bit words (``ExactScaling/packed(_:)``).
    let divisors: [UInt64]

    init(rate: Int64, efficiency: Int64, multipliers: [Int64]) {
        factors = [UInt64(rate), UInt64(efficiency)] + multipliers.map { UInt64($0) }
        var divisors: [UInt64] = [3600 * 100 * 100 * 100]
        for _ in multipliers { ExactScaling.pack(100, into: &divisors) }
        self.divisors = divisors
    }

    /// `floor(weightedSeconds × share × rate × efficiency × Πm / denominator)`; the share (≤ 100) is folded
    /// into the base, which stays below 2⁷⁸ (weighted seconds < 2⁷¹).
    func gold(weightedSeconds: WideCount, share: UInt64) -> ExactScaling.Result {
        ExactScaling.floorOfProduct(base: weightedSeconds.multiplied(by: share), factors: factors, divisors: divisors)
    }
}
