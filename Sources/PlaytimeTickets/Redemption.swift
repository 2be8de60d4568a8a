package import PlaytimeRewards

/// A successfully redeemed ticket: what was paid and why.
///
/// Pay exactly ``paidGold``: the breakdown's `paidNow` (less what the server trimmed) less what the player's
/// daily budget withheld.
package struct Redemption: Sendable, Equatable, Codable {
    /// The ticket, now consumed.
    package var ticket: DepartureTicket
    /// The server time of redemption, Unix nanoseconds.
    package var redeemedAt: Int64
    /// Whole seconds from issue to redemption by the server's clock (0 if the clock went back).
    package var elapsedSeconds: Int64
    /// The reward computation (status verified, the ticket's snapshotted rate, the server's grants).
    package var breakdown: RewardBreakdown
    /// The budget ledger's grant of what the ticket pays: `breakdown.paidNow`, or less when the server trimmed
    /// hours it had already paid (the budget is debited by the granted gold only).
    package var budget: BudgetGrant
    /// True when this ticket was redeemed by an earlier call and this answer repeats what that call paid
    /// (``redeemedAt``, ``budget``): nothing was paid now. A caller that lost the earlier answer (a database
    /// failover) credits it now; one that credited it already credits nothing (docs/fleet.md, "Exactly once").
    package var isRepeat = false

    /// Creates a redemption record.
    package init(ticket: DepartureTicket, redeemedAt: Int64, elapsedSeconds: Int64, breakdown: RewardBreakdown, budget: BudgetGrant) {
        self.ticket = ticket
        self.redeemedAt = redeemedAt
        self.elapsedSeconds = elapsedSeconds
        self.breakdown = breakdown
        self.budget = budget
    }

    private enum CodingKeys: String, CodingKey {
        case ticket, redeemedAt, elapsedSeconds, breakdown, budget, isRepeat
    }

    /// Decodes a redemption; one written before ``isRepeat`` existed is not a repeat.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ticket = try container.decode(DepartureTicket.self, forKey: .ticket)
        redeemedAt = try container.decode(Int64.self, forKey: .redeemedAt)
        elapsedSeconds = try container.decode(Int64.self, forKey: .elapsedSeconds)
        breakdown = try container.decode(RewardBreakdown.self, forKey: .breakdown)
        budget = try container.decode(BudgetGrant.self, forKey: .budget)
        isRepeat = try container.decodeIfPresent(Bool.self, forKey: .isRepeat) ?? false
    }

    /// Gold to pay now: granted by the daily budget.
    package var paidGold: Int64 { budget.granted }

    /// Gold the reward was worth now but the rolling daily budget withheld (not paid, not deferred).
    package var withheldByBudget: Int64 { budget.withheld }
}
