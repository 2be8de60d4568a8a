/// Gold held back from a provisional claim until its proof arrives or it expires.
public struct EscrowEntry: Codable, Sendable, Equatable, Identifiable {
    /// Unique within its ledger (assigned in increasing order).
    public var id: UInt64
    /// Gold still held.
    public var gold: Int64
    /// When it was created (Unix seconds, ledger time).
    public var createdAt: Int64
    /// From this instant on the entry can no longer be settled.
    public var expiresAt: Int64

    /// Creates an entry.
    public init(id: UInt64, gold: Int64, createdAt: Int64, expiresAt: Int64) {
        self.id = id
        self.gold = gold
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
