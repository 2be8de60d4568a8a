/// Gold held back from a provisional claim until its proof arrives or it expires.
package struct EscrowEntry: Codable, Sendable, Equatable, Identifiable {
    /// Unique within its ledger (assigned in increasing order).
    package var id: UInt64
    /// Gold still held.
    package var gold: Int64
    /// When it was created (Unix seconds, ledger time).
    package var createdAt: Int64
    /// From this instant on the entry can no longer be settled.
    package var expiresAt: Int64

    /// Creates an entry.
    package init(id: UInt64, gold: Int64, createdAt: Int64, expiresAt: Int64) {
        self.id = id
        self.gold = gold
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
