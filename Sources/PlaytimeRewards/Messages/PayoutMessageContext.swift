/// What a payout holds besides its breakdown, as the message builder needs it: what was paid, held and
/// withheld, and why nothing was paid when the payer knows better than the breakdown.
package struct PayoutMessageContext: Sendable {
    /// Why a payout paid nothing, when the payer knows it (an upload's outcome, a trimmed ticket, a verdict).
    package enum NotPaidReason: Sendable, Equatable {
        /// The evidence contradicts the time away (``PlayerMessage/Key/notPaidRejected``).
        case rejectedEvidence
        /// No time away was proven (``PlayerMessage/Key/notPaidNothingProven``).
        case nothingProven
        /// The time away was paid before (``PlayerMessage/Key/notPaidAlreadyPaid``).
        case alreadyPaid
        /// The evidence is of a kind the recorder never writes (``PlayerMessage/Key/notPaidImpossibleEvidence``).
        case impossibleEvidence
        /// The upload does not continue what the server accepted (``PlayerMessage/Key/notPaidSaveRejected``).
        case saveRejected

        /// The message key of this reason.
        var key: PlayerMessage.Key {
            switch self {
            case .rejectedEvidence: return .notPaidRejected
            case .nothingProven: return .notPaidNothingProven
            case .alreadyPaid: return .notPaidAlreadyPaid
            case .impossibleEvidence: return .notPaidImpossibleEvidence
            case .saveRejected: return .notPaidSaveRejected
            }
        }
    }

    /// Gold credited now (for a settlement, the top-up).
    package var paidGold: Int64
    /// Gold held until the time away is proven.
    package var escrowGold: Int64
    /// True when this payout is a settlement: a top-up paid when proof arrived for an earlier payment.
    package var isSettlement: Bool
    /// Multipliers that add gold once confirmed, in the order to show them: (name, extra gold).
    package var pendingMultipliers: [(name: String, gold: Int64)]
    /// Gold the daily budget withheld (not paid, not deferred).
    package var withheldByBudget: Int64
    /// The daily budget that applied, when known; otherwise the breakdown's (if any).
    package var budgetLimitGold: Int64?
    /// Why nothing was paid, when the payer knows; used only when nothing was paid, held or withheld.
    package var notPaidReason: NotPaidReason?

    /// A context; everything but the gold paid now defaults to nothing.
    package init(
        paidGold: Int64, escrowGold: Int64 = 0, isSettlement: Bool = false,
        pendingMultipliers: [(name: String, gold: Int64)] = [], withheldByBudget: Int64 = 0,
        budgetLimitGold: Int64? = nil, notPaidReason: NotPaidReason? = nil
    ) {
        self.paidGold = paidGold
        self.escrowGold = escrowGold
        self.isSettlement = isSettlement
        self.pendingMultipliers = pendingMultipliers
        self.withheldByBudget = withheldByBudget
        self.budgetLimitGold = budgetLimitGold
        self.notPaidReason = notPaidReason
    }
}
