/// Gold the ledger paid at one instant (kept while it still counts against the budget).
public struct LedgerGrant: Codable, Sendable, Equatable {
    /// Ledger time of the payment (Unix seconds).
    public var at: Int64
    /// Gold paid.
    public var gold: Int64

    /// Creates a grant record.
    public init(at: Int64, gold: Int64) {
        self.at = at
        self.gold = gold
    }
}
