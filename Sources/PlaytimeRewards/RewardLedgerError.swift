/// Why an escrow entry could not be settled.
package enum RewardLedgerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No open entry has this id (never created, already settled, or expired and removed).
    case unknownEntry(id: UInt64)
    /// The entry expired before it was settled; it has been removed.
    case expired(EscrowEntry)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .unknownEntry(let id): return "no open escrow entry with id \(id)"
        case .expired(let entry): return "escrow entry \(entry.id) expired at \(entry.expiresAt)"
        }
    }
}
