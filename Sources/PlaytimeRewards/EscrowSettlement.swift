/// The result of settling an escrow entry.
package struct EscrowSettlement: Codable, Sendable, Equatable {
    /// The entry settled.
    package var entryID: UInt64
    /// Gold paid now (limited by the daily budget).
    package var paid: Int64
    /// Gold still held in the entry because the budget was exhausted (0 when fully settled).
    package var stillEscrowed: Int64

    /// Creates a settlement.
    package init(entryID: UInt64, paid: Int64, stillEscrowed: Int64) {
        self.entryID = entryID
        self.paid = paid
        self.stillEscrowed = stillEscrowed
    }
}
