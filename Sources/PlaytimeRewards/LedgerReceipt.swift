/// What the ledger did with a breakdown.
public struct LedgerReceipt: Codable, Sendable, Equatable {
    /// Gold paid now.
    public var granted: Int64
    /// Gold that was payable now but exceeded the daily budget (not paid).
    public var withheldByBudget: Int64
    /// The escrow entry created for provisional gold, if any.
    public var escrow: EscrowEntry?

    /// Creates a receipt.
    public init(granted: Int64, withheldByBudget: Int64, escrow: EscrowEntry?) {
        self.granted = granted
        self.withheldByBudget = withheldByBudget
        self.escrow = escrow
    }
}
