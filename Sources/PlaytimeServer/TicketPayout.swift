internal import PlaytimeTickets

/// What redeeming one departure ticket paid.
public struct TicketPayout: Sendable, Equatable {
    /// Gold to credit the player: the reward less the share of the ticket's interval that uploads of the same
    /// player were already paid for, within the daily budget (which is debited by exactly this).
    public var gold: Int64
    /// Seconds between the ticket's issue and its redemption, by the server's clock.
    public var elapsedSeconds: Int64
    /// Gold the player's daily budget held back.
    public var withheldByBudget: Int64
    /// The redemption in full: the ticket, the breakdown, the budget grant.
    public var redemption: Redemption
    /// True when the ticket was redeemed by an earlier call and this answer repeats what that call paid: nothing
    /// was paid now. A caller that never saw the earlier answer (it failed over, or timed out) credits ``gold``
    /// now; one that credited it already credits nothing. Credit by the ticket's nonce to make that automatic
    /// (docs/fleet.md, "Exactly once").
    public var isRepeat: Bool { redemption.isRepeat }
    /// How many times the server sent the redemption to its fleet database: more than 1 when a failure whose
    /// outcome was unknown (a failover) was retried, within ``ServerConfiguration/retryDeadlineMilliseconds``.
    public var attempts = 1

    init(_ redemption: Redemption) {
        gold = redemption.paidGold
        elapsedSeconds = redemption.elapsedSeconds
        withheldByBudget = redemption.withheldByBudget
        self.redemption = redemption
    }
}
