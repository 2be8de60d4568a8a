/// The one place that turns a payout into messages for the player (docs/player-messages.md, "Precedence").
///
/// The first message is the headline; the others add to it. When nothing was paid, held or withheld, the
/// headline says why, first that applies: the payer's reason; the budget took it all (``PlayerMessage/Key/budgetReached``);
/// the evidence was rejected; below the minimum; a settlement that adds nothing (already paid); time away that
/// earned nothing; nothing proven. It stands alone. Otherwise the headline is, first that applies: a settlement's
/// top-up (``PlayerMessage/Key/settledLater``); gold held for proof (``PlayerMessage/Key/waitingForProof``, or
/// ``PlayerMessage/Key/heldForProof`` when nothing was paid now); gold paid. It is followed by: gold still held
/// after a settlement, the cap, the budget, then each pending multiplier.
package enum PlayerMessages {
    /// The messages of a payout, headline first; never empty. `breakdown` is `nil` for a payout of many
    /// sessions (an upload): then only the context's figures speak.
    package static func messages(_ breakdown: RewardBreakdown?, _ context: PayoutMessageContext) -> [PlayerMessage] {
        let paid = max(context.paidGold, 0)
        let held = max(context.escrowGold, 0)
        let withheld = max(context.withheldByBudget, 0)
        let budget = budgetMessage(paid: paid, withheld: withheld, limit: context.budgetLimitGold ?? breakdown?.dailyBudgetGold)
        guard paid > 0 || held > 0 else {
            return [notPaid(breakdown, context, budget: withheld > 0 ? budget : nil)]
        }
        var messages: [PlayerMessage] = []
        if context.isSettlement, paid > 0 {
            messages.append(PlayerMessage(.settledLater, ["gold": String(paid)]))
            if held > 0 { messages.append(PlayerMessage(.heldForProof, ["escrowGold": String(held)])) }
        } else if held > 0 {
            messages.append(
                paid > 0
                    ? PlayerMessage(.waitingForProof, ["gold": String(paid), "escrowGold": String(held)])
                    : PlayerMessage(.heldForProof, ["escrowGold": String(held)]))
        } else {
            messages.append(PlayerMessage(.paid, ["gold": String(paid)]))
        }
        if let breakdown, breakdown.capped {
            let key: PlayerMessage.Key = breakdown.status == .provisional ? .cappedUntilConfirmed : .capped
            messages.append(PlayerMessage(key, ["capSeconds": String(breakdown.capSeconds)]))
        }
        if withheld > 0 { messages.append(budget) }
        for pending in context.pendingMultipliers where pending.gold > 0 {
            messages.append(PlayerMessage(.multiplierPending, ["multiplier": pending.name, "extraGold": String(pending.gold)]))
        }
        return messages
    }

    /// The headline of a payout that paid and held nothing.
    private static func notPaid(_ breakdown: RewardBreakdown?, _ context: PayoutMessageContext, budget: PlayerMessage?) -> PlayerMessage {
        if let reason = context.notPaidReason { return PlayerMessage(reason.key) }
        if let budget { return budget }
        if let breakdown {
            if breakdown.status == .rejected { return PlayerMessage(.notPaidRejected) }
            if breakdown.belowMinimum, breakdown.creditedSeconds > 0 {
                return PlayerMessage(
                    .belowMinimum,
                    [
                        "awaySeconds": String(breakdown.creditedSeconds),
                        "minimumSeconds": String(breakdown.minimumAwaySeconds),
                    ])
            }
        }
        if context.isSettlement { return PlayerMessage(.notPaidAlreadyPaid) }
        if let breakdown, breakdown.consideredSeconds > 0 {
            return PlayerMessage(.notPaidNothingEarned, ["awaySeconds": String(breakdown.creditedSeconds)])
        }
        return PlayerMessage(.notPaidNothingProven)
    }

    /// The budget's message: what was paid, what it withheld and its limit when known.
    private static func budgetMessage(paid: Int64, withheld: Int64, limit: Int64?) -> PlayerMessage {
        var values = ["gold": String(paid), "withheldGold": String(withheld)]
        if let limit { values["limitGold"] = String(limit) }
        return PlayerMessage(.budgetReached, values)
    }
}
