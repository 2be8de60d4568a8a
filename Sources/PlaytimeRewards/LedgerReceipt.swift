/// What the ledger did with a breakdown.
package struct LedgerReceipt: Codable, Sendable, Equatable {
    /// Gold paid now.
    package var granted: Int64
    /// Gold that was payable now but exceeded the daily budget (not paid).
    package var withheldByBudget: Int64
    /// The escrow entry created for provisional gold, if any.
    package var escrow: EscrowEntry?

    /// Creates a receipt.
    package init(granted: Int64, withheldByBudget: Int64, escrow: EscrowEntry?) {
        self.granted = granted
        self.withheldByBudget = withheldByBudget
        self.escrow = escrow
    }
}
