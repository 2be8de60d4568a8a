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
}
