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
    package var redemption: Redemption
    /// True when the ticket was redeemed by an earlier call and this answer repeats what that call paid: nothing
    /// was paid now. A caller that never saw the earlier answer (it failed over, or timed out) credits ``gold``
    /// now; one that credited it already credits nothing. Credit by the ticket's nonce to make that automatic
    /// (docs/fleet.md, "Exactly once").
    public var isRepeat: Bool { redemption.isRepeat }
    /// How many times the server sent the redemption to its fleet database: more than 1 when a failure whose
    /// outcome was unknown (a failover) was retried, within ``ServerConfiguration/retryDeadlineMilliseconds``.
    package var attempts = 1
    /// The payment record the payment log keeps of this redemption (docs/service.md, "Payments"); a repeat has the
    /// first call's.
    package var payment: PaymentRecord?
    /// Why the payment's log entry or retry record could not be written (a full disk after the stores paid), if so:
    /// the payment stands and is answered; the operator is told (docs/service.md, "Exactly once").
    package var unrecorded: String?
    /// The headline of ``messages``: what to tell the player about this ticket (docs/player-messages.md).
    public var message: PlayerMessage { messages[0] }
    /// Short messages for the player, headline first, as keys and values to localise with English text built
    /// in: gold paid, the cap, the daily budget's share; for a ticket whose hours uploads already paid,
    /// the key `notPaidAlreadyPaid` (docs/player-messages.md). A repeat (``isRepeat``) says what the first answer said.
    public var messages: [PlayerMessage] {
        let breakdown = redemption.breakdown
        // Trimmed to nothing: every hour of the ticket was paid by uploads before.
        let trimmedAway = redemption.budget.requested == 0 && breakdown.paidNow > 0
        return PlayerMessages.messages(
            breakdown,
            PayoutMessageContext(
                paidGold: gold, withheldByBudget: withheldByBudget, budgetLimitGold: redemption.budget.limit,
                notPaidReason: trimmedAway ? .alreadyPaid : nil))
    }

    init(_ redemption: Redemption) {
        gold = redemption.paidGold
        elapsedSeconds = redemption.elapsedSeconds
        withheldByBudget = redemption.withheldByBudget
        self.redemption = redemption
    }
}
