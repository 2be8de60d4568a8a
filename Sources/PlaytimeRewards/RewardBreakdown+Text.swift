extension RewardBreakdown {
    /// A multi-line, human-readable account of the computation (for `playtime reward`).
    package var renderedText: String {
        var lines: [String] = []
        lines.append("Reward breakdown (policy \(policyVersion), status \(status.rawValue))")
        lines.append(row("time away", "\(GoldFormatting.duration(creditedSeconds)) (\(creditedSeconds) s)"))
        let minimumState = belowMinimum ? "not met: nothing is paid" : "met"
        lines.append(row("minimum away", "\(GoldFormatting.duration(minimumAwaySeconds)) (\(minimumState))"))
        let capState = capped ? "reached: time beyond it is not paid" : "not reached"
        lines.append(row("cap", "\(GoldFormatting.duration(capSeconds)) (\(capState))"))
        lines.append(row("considered", "\(GoldFormatting.duration(consideredSeconds)) (\(consideredSeconds) s)"))
        lines.append(row("rate at departure", "\(GoldFormatting.gold(goldPerHour)) gold/h"))
        lines.append("  tiers:")
        for tier in tiers {
            let end = tier.toSeconds.map(GoldFormatting.duration) ?? "∞"
            let span = "\(GoldFormatting.duration(tier.fromSeconds)) – \(end)"
            lines.append("    \(pad(span, 16)) \(pad("\(tier.percent)%", 5)) \(pad("\(tier.seconds) s", 10)) → \(GoldFormatting.gold(tier.gold)) gold")
        }
        lines.append(row("efficiency", "\(efficiencyPercent)%"))
        if multipliers.isEmpty {
            lines.append(row("multipliers", "none requested"))
        } else {
            lines.append("  multipliers:")
            for decision in multipliers {
                let factor = decision.percent.map(GoldFormatting.factor) ?? "?"
                lines.append("    \(pad("\(decision.name) \(factor)", 16)) \(Self.explain(decision.outcome))")
            }
        }
        lines.append(row("total earned", "\(GoldFormatting.gold(totalGold)) gold"))
        lines.append(row("status share", "\(sharePercent)% (\(status.rawValue))"))
        lines.append(row("paid now", "\(GoldFormatting.gold(paidNow)) gold"))
        lines.append(row("escrowed", "\(GoldFormatting.gold(escrowed)) gold" + (escrowed > 0 ? " (payable when proof arrives)" : "")))
        lines.append(row("forfeited", "\(GoldFormatting.gold(forfeited)) gold"))
        lines.append(row("daily budget", "\(GoldFormatting.gold(dailyBudgetGold)) gold per rolling 24 h (applied by the ledger)"))
        lines.append(row("rounding", roundingNote))
        return lines.joined(separator: "\n")
    }

    private static func explain(_ outcome: MultiplierDecision.Outcome) -> String {
        switch outcome {
        case .applied: return "applied (now used for this session)"
        case .alreadyUsed: return "refused: already used this session"
        case .duplicateRequest: return "refused: requested twice (applied at most once)"
        case .unknown: return "refused: not defined by the policy"
        case .nothingToMultiply: return "not applied: nothing earned (not consumed)"
        }
    }

    private func row(_ label: String, _ value: String) -> String {
        "  \(pad(label, 18)) : \(value)"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
