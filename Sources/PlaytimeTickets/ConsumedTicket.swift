package import PlaytimeRewards

/// A ticket that ``TicketAuthority/consume(_:player:at:)-(DepartureTicket,_,_)`` verified and used up, with its
/// reward computed, before anything is debited from the player's daily budget.
///
/// Pass it to ``TicketAuthority/settle(_:paying:)`` with the gold the server actually pays for it (the reward,
/// or less when the server trims hours it already paid by other means): the budget is debited by that
/// amount and no more.
package struct ConsumedTicket: Sendable, Equatable {
    /// The ticket, now consumed.
    package var ticket: DepartureTicket
    /// The server time of redemption, Unix nanoseconds.
    package var redeemedAt: Int64
    /// Whole seconds from issue to redemption by the server's clock (0 if the clock went back).
    package var elapsedSeconds: Int64
    /// The reward computation (status verified, the ticket's rate, the server's grants).
    package var breakdown: RewardBreakdown
}
