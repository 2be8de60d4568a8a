/// What a ``BudgetLedger`` granted of one request.
package struct BudgetGrant: Sendable, Equatable, Codable {
    /// The gold asked for (negative requests count as 0).
    package var requested: Int64
    /// The gold granted and recorded against the player's budget: pay exactly this.
    package var granted: Int64
    /// The budget that applied (gold per rolling 24 h).
    package var limit: Int64
    /// Ledger time of the grant (Unix nanoseconds): the server's `now`, or the latest instant the ledger had
    /// already seen if the clock went back.
    package var at: Int64

    /// Creates a grant report.
    package init(requested: Int64, granted: Int64, limit: Int64, at: Int64) {
        self.requested = requested
        self.granted = granted
        self.limit = limit
        self.at = at
    }

    /// Gold that was asked for but exceeded the remaining budget (not paid, not deferred).
    package var withheld: Int64 { requested - granted }
}
