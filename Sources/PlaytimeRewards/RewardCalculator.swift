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
        let figures = try figures(of: claim)
        let used = claim.usedMultipliers.union(figures.decisions.filter { $0.outcome == .applied }.map(\.name))
        let tierLines = splitIntoTiers(figures.consideredSeconds).map { line -> TierLine in
            var line = line
            line.gold = figures.scale.gold(weightedSeconds: WideCount(UInt64(line.seconds), times: UInt64(line.percent)), share: 100).value
            return line
        }

        return RewardBreakdown(
            policyVersion: policy.version,
            status: claim.status,
            creditedSeconds: claim.creditedSeconds,
            minimumAwaySeconds: policy.minimumAwaySeconds,
            capSeconds: figures.capSeconds,
            belowMinimum: figures.belowMinimum,
            capped: figures.capped,
            consideredSeconds: figures.consideredSeconds,
            goldPerHour: claim.goldPerHour,
            tiers: tierLines,
            efficiencyPercent: policy.efficiencyPercent,
            multipliers: figures.decisions,
            usedMultipliersAfter: used.sorted(),
            totalGold: figures.payment.totalGold,
            sharePercent: figures.sharePercent,
            paidNow: figures.payment.paidNow,
            escrowed: figures.payment.escrowed,
            forfeited: figures.payment.forfeited,
            dailyBudgetGold: policy.dailyBudgetGold,
            saturated: figures.saturated,
            roundingNote: Self.roundingNote(saturated: figures.saturated)
        )
    }

    /// The gold of `claim` — exactly the `totalGold`, `paidNow`, `escrowed` and `forfeited` of
    /// ``calculate(_:)``, computed by the same steps without the breakdown's tier lines, sorted names and text
    /// (the auditor judges every session of a journal and needs only these).
    package func payment(_ claim: RewardClaim) throws(RewardCalculationError) -> RewardPayment {
        try figures(of: claim).payment
    }

    /// Every figure of one calculation but the tier lines: the single place the reward rule is computed.
    private func figures(of claim: RewardClaim) throws(RewardCalculationError) -> Figures {
        guard claim.goldPerHour >= 0 else { throw .negativeRate(claim.goldPerHour) }
        let credited = claim.creditedSeconds
        let belowMinimum = credited <= 0 || credited < policy.minimumAwaySeconds
        let cap = policy.cap(for: claim.status)
        let capped = !belowMinimum && credited > cap
        let considered = belowMinimum ? 0 : min(credited, cap)

        let decisions = decideMultipliers(claim, earns: considered > 0)
        let applied = decisions.compactMap { $0.outcome == .applied ? $0.percent : nil }

        let scale = Scale(rate: claim.goldPerHour, efficiency: policy.efficiencyPercent, multipliers: applied)
        var weighted = WideCount(0)
        forEachTier(of: considered) { _, _, percent, seconds in weighted = weighted + WideCount(UInt64(seconds), times: UInt64(percent)) }
        let total = scale.gold(weightedSeconds: weighted, share: 100)
        let share = policy.statusSharePercent.percent(for: claim.status)
        let paid = scale.gold(weightedSeconds: weighted, share: UInt64(share))
        let rest = total.value - min(paid.value, total.value)
        let escrowed = claim.status == .provisional ? rest : 0
        return Figures(
            capSeconds: cap, belowMinimum: belowMinimum, capped: capped, consideredSeconds: considered, decisions: decisions,
            scale: scale, sharePercent: share, saturated: total.saturated || paid.saturated,
            payment: RewardPayment(
                totalGold: total.value, paidNow: min(paid.value, total.value), escrowed: escrowed,
                forfeited: rest - escrowed))
    }

    /// What ``figures(of:)`` computes.
    private struct Figures {
        var capSeconds: Int64
        var belowMinimum: Bool
        var capped: Bool
        var consideredSeconds: Int64
        var decisions: [MultiplierDecision]
        var scale: Scale
        var sharePercent: Int64
        var saturated: Bool
        var payment: RewardPayment
    }

    /// Convenience for ``calculate(_:)``.
    package func calculate(
        creditedSeconds: Int64,
        status: ProofStatus,
        goldPerHour: Int64,
        requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) throws(RewardCalculationError) -> RewardBreakdown {
        try calculate(
            RewardClaim(
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
        var lines: [TierLine] = []
        lines.reserveCapacity(policy.tiers.count)
        forEachTier(of: considered) { lower, upTo, percent, seconds in
            lines.append(TierLine(fromSeconds: lower, toSeconds: upTo, percent: percent, seconds: seconds, gold: 0))
        }
        return lines
    }

    /// Calls `body` with each tier's start, end (`nil` for the unbounded tier), percent and the considered seconds
    /// that fall in it, in order: the one split the totals and the tier lines share.
    private func forEachTier(of considered: Int64, _ body: (_ lower: Int64, _ upTo: Int64?, _ percent: Int64, _ seconds: Int64) -> Void) {
        var lower: Int64 = 0
        for tier in policy.tiers {
            let upper = tier.upToSeconds ?? .max
            let seconds = considered > lower ? min(considered, upper) - lower : 0
            body(lower, tier.upToSeconds, tier.percent, seconds)
            lower = max(lower, upper)
        }
    }

    static func roundingNote(saturated: Bool) -> String {
        saturated ? saturatedNote : exactNote
    }

    private static let exactNote =
        "exact rational arithmetic, floored once per figure (never rounds up); "
        + "tier lines are floored separately and may sum to a little less than the total"
    private static let saturatedNote = exactNote + "; the exact reward exceeded Int64.max and was clamped"
}

/// The non-tier factors of the reward expression, gathered once per calculation. Without multipliers (the common
/// case) it allocates nothing: the factors are laid out on the stack per figure, the divisors are shared.
private struct Scale {
    /// The rate and the efficiency, the first two factors.
    let rate: UInt64, efficiency: UInt64
    /// Each applied multiplier, the factors after them.
    let multipliers: [UInt64]
    /// 3600 × 100 (tier %) × 100 (efficiency %) × 100 (share %) × 100ᵏ (multiplier %): at most 8 multipliers, < 2⁸⁵,
    /// packed into 64-bit words (``ExactScaling/packed(_:)``).
    let divisors: [UInt64]

    /// The divisors without multipliers.
    private static let plainDivisors: [UInt64] = [3600 * 100 * 100 * 100]

    init(rate: Int64, efficiency: Int64, multipliers: [Int64]) {
        self.rate = UInt64(rate)
        self.efficiency = UInt64(efficiency)
        self.multipliers = multipliers.map { UInt64($0) }
        var divisors = Self.plainDivisors
        for _ in multipliers { ExactScaling.pack(100, into: &divisors) }
        self.divisors = divisors
    }

    /// `floor(weightedSeconds × share × rate × efficiency × Πm / denominator)`; the share (≤ 100) is folded
    /// into the base, which stays below 2⁷⁸ (weighted seconds < 2⁷¹).
    func gold(weightedSeconds: WideCount, share: UInt64) -> ExactScaling.Result {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 + multipliers.count) { factors in
            factors[0] = rate
            factors[1] = efficiency
            for index in multipliers.indices { factors[2 + index] = multipliers[index] }
            return ExactScaling.floorOfProduct(
                base: weightedSeconds.multiplied(by: share), factors: UnsafeBufferPointer(factors),
                divisors: divisors)
        }
    }
}
