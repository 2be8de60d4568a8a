/// Gold the ledger paid at one instant (kept while it still counts against the budget).
package struct LedgerGrant: Codable, Sendable, Equatable {
    /// Ledger time of the payment (Unix seconds).
    package var at: Int64
    /// Gold paid.
    package var gold: Int64

    /// Creates a grant record.
    package init(at: Int64, gold: Int64) {
        self.at = at
        self.gold = gold
    }
}
