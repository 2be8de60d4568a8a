internal import PlaytimeSystem

/// A multiplier the game asked for (an ad the player watched) that waits for the server's grant, and the gold it
/// adds once granted. The game pays without it; the server pays it when it granted it (docs/reward-policy.md,
/// "Multipliers are the server's").
package struct PendingMultiplier: Sendable, Hashable, Encodable {
    /// The multiplier's name in the policy.
    package var name: String
    /// The gold it adds to the session (paid now plus escrow) when it is granted, alone.
    package var gold: Int64

    /// Creates a pending multiplier.
    package init(name: String, gold: Int64) {
        self.name = name
        self.gold = gold
    }
}

/// The multipliers of one claim that wait for a grant, priced against the claim without them.
package struct PendingMultipliers: Sendable, Hashable {
    /// Each name that would change the gold, in request order, with what it adds alone.
    package var each: [PendingMultiplier]
    /// What all of them add together (multipliers stack, so this may exceed the sum of ``each``).
    package var totalGold: Int64
    /// The names the claim keeps pending, in request order: those of ``each``, and those the policy defines that
    /// add nothing yet (the claim earns nothing to multiply: a return waiting for proof), which a settlement prices
    /// again.
    package var names: [String]

    /// " Waiting for the server's grant: ad (+300 gold)." for support tools; empty when nothing is pending.
    package var sentence: String {
        guard !each.isEmpty else { return "" }
        return " Waiting for the server's grant: " + each.map { "\($0.name) (+\(GoldFormatting.gold($0.gold)) gold)" }.joined(separator: ", ") + "."
    }

    /// Nothing pending.
    package static let none = PendingMultipliers(each: [], totalGold: 0, names: [])

    package init(each: [PendingMultiplier], totalGold: Int64, names: [String]) {
        self.each = each
        self.totalGold = totalGold
        self.names = names
    }

    /// Prices `requested` on top of the claim `base` was computed for: `reward(names)` is the breakdown with the
    /// base claim's multipliers plus `names`. A name the policy does not define (or one already applied) is dropped;
    /// one that adds nothing now stays in ``names`` without gold.
    package init(
        requested: [String], base: RewardBreakdown,
        reward: ([String]) throws(RewardCalculationError) -> RewardBreakdown
    ) throws(RewardCalculationError) {
        let baseGold = Saturating.add(base.paidNow, base.escrowed)
        var each: [PendingMultiplier] = []
        var kept: [String] = []
        var seen = Set<String>()
        for name in requested where seen.insert(name).inserted {
            let alone = try reward([name])
            switch alone.multipliers.last?.outcome {
            case .applied?:
                let gold = Saturating.subtract(Saturating.add(alone.paidNow, alone.escrowed), baseGold)
                kept.append(name)
                if gold > 0 { each.append(PendingMultiplier(name: name, gold: gold)) }
            case .nothingToMultiply?:
                kept.append(name)
            default:
                continue
            }
        }
        guard !each.isEmpty else {
            self.init(each: [], totalGold: 0, names: kept)
            return
        }
        let all = try reward(each.map(\.name))
        self.init(each: each, totalGold: max(0, Saturating.subtract(Saturating.add(all.paidNow, all.escrowed), baseGold)), names: kept)
    }
}
