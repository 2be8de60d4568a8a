extension RewardPolicy {
    /// Every problem with this policy, in field order (empty when valid).
    package var violations: [PolicyViolation] {
        var found: [PolicyViolation] = []
        if version.isEmpty { found.append(.emptyVersion) }
        if goldPerHour < 0 { found.append(.negative(field: "goldPerHour", value: goldPerHour)) }
        if minimumAwaySeconds < 0 { found.append(.negative(field: "minimumAwaySeconds", value: minimumAwaySeconds)) }
        if capSeconds <= 0 { found.append(.notPositive(field: "capSeconds", value: capSeconds)) }
        if minimumAwaySeconds > capSeconds, capSeconds > 0 {
            found.append(.minimumAboveCap(minimum: minimumAwaySeconds, cap: capSeconds))
        }
        if provisionalCapSeconds < 0 { found.append(.negative(field: "provisionalCapSeconds", value: provisionalCapSeconds)) }
        found += tierViolations
        found += percentViolation("efficiencyPercent", efficiencyPercent, 0...100)
        found += multiplierViolations
        if dailyBudgetGold < 0 { found.append(.negative(field: "dailyBudgetGold", value: dailyBudgetGold)) }
        let shares = statusSharePercent
        found += percentViolation("statusSharePercent.verified", shares.verified, 0...100)
        found += percentViolation("statusSharePercent.provisional", shares.provisional, 0...100)
        found += percentViolation("statusSharePercent.rejected", shares.rejected, 0...100)
        if !(shares.rejected <= shares.provisional && shares.provisional <= shares.verified) {
            found.append(.sharesNotOrdered)
        }
        if escrowExpirySeconds <= 0 {
            found.append(.notPositive(field: "escrowExpirySeconds", value: escrowExpirySeconds))
        }
        return found
    }

    /// Throws ``RewardPolicyError/invalidValues(_:)`` listing every problem, or returns when valid.
    package func validate() throws(RewardPolicyError) {
        let found = violations
        if !found.isEmpty { throw .invalidValues(found) }
    }

    private var tierViolations: [PolicyViolation] {
        guard !tiers.isEmpty else { return [.noTiers] }
        var found: [PolicyViolation] = []
        var previous: Int64 = 0
        for (index, tier) in tiers.enumerated() {
            found += percentViolation("tiers[\(index)].percent", tier.percent, 0...100)
            if let bound = tier.upToSeconds {
                if bound <= previous { found.append(.tiersNotIncreasing(index: index)) }
                previous = max(previous, bound)
            } else if index != tiers.count - 1 {
                found.append(.unboundedTierNotLast(index: index))
            }
        }
        if tiers.last?.upToSeconds != nil { found.append(.lastTierBounded) }
        return found
    }

    private var multiplierViolations: [PolicyViolation] {
        var found: [PolicyViolation] = []
        if multipliers.count > Self.maximumMultipliers {
            found.append(.tooManyMultipliers(count: multipliers.count, maximum: Self.maximumMultipliers))
        }
        var names = Set<String>()
        for (index, multiplier) in multipliers.enumerated() {
            if multiplier.name.isEmpty { found.append(.emptyMultiplierName(index: index)) }
            if !names.insert(multiplier.name).inserted { found.append(.duplicateMultiplier(name: multiplier.name)) }
            found += percentViolation("multipliers[\(index)].percent", multiplier.percent, 100...10_000)
        }
        return found
    }

    private func percentViolation(_ field: String, _ value: Int64, _ allowed: ClosedRange<Int64>) -> [PolicyViolation] {
        allowed.contains(value) ? [] : [.percentOutOfRange(field: field, value: value, allowed: allowed)]
    }
}
