extension RewardBreakdown {
    /// One sentence for the player on how the policy turned the time away into gold, naming each rule only
    /// when it changed the figure: the minimum away time, the cap, lower-paying tiers, the efficiency, the
    /// multipliers (applied or not, and why), and what is held until the time away is proven.
    ///
    /// For example "Away 59s: below the 1m minimum, no gold." or
    /// "Away 3h: after 2h time pays 50 %, 50 % efficiency, ×2 ad: 1 500 gold now."
    package var payoutSentence: String {
        let away = GoldFormatting.duration(creditedSeconds)
        if belowMinimum {
            return "Away \(away): below the \(GoldFormatting.duration(minimumAwaySeconds)) minimum, no gold."
        }
        var rules: [String] = []
        if capped {
            let cap = GoldFormatting.duration(capSeconds)
            rules.append(status == .provisional ? "unproven time counts up to \(cap)" : "capped at \(cap)")
        }
        for tier in tiers where tier.seconds > 0 && tier.percent != 100 {
            let from = tier.fromSeconds > 0 ? "after \(GoldFormatting.duration(tier.fromSeconds)) " : ""
            rules.append("\(from)time pays \(tier.percent) %")
        }
        if efficiencyPercent != 100 { rules.append("\(efficiencyPercent) % efficiency") }
        for decision in multipliers {
            rules.append(Self.phrase(decision))
        }
        var gold = "\(GoldFormatting.gold(paidNow)) gold now"
        if escrowed > 0 { gold += ", \(GoldFormatting.gold(escrowed)) held until the time away is proven" }
        if status == .rejected { gold = "no gold: the time away could not be trusted" }
        let ruleText = rules.isEmpty ? "" : ": " + rules.joined(separator: ", ")
        return "Away \(away)\(ruleText): \(gold)."
    }

    private static func phrase(_ decision: MultiplierDecision) -> String {
        let factor = decision.percent.map(GoldFormatting.factor) ?? ""
        switch decision.outcome {
        case .applied: return "\(factor) \(decision.name)"
        case .alreadyUsed: return "\(decision.name) already used for this time away"
        case .duplicateRequest: return "\(decision.name) asked for twice, applied once"
        case .unknown: return "no \(decision.name) multiplier in this game's rules"
        case .nothingToMultiply: return "\(decision.name) kept for later (nothing to multiply)"
        }
    }
}
