/// Where the session stands, from the last ReadyForQuery.
package enum PostgresTransactionStatus: Sendable, Equatable {
    /// `I`: not in a transaction block.
    case idle
    /// `T`: in a transaction block.
    case inTransaction
    /// `E`: in a failed transaction block; every statement fails until ROLLBACK.
    case failedTransaction

    /// Reads the status byte of ReadyForQuery.
    init?(indicator: UInt8) {
        switch indicator {
        case UInt8(ascii: "I"): self = .idle
        case UInt8(ascii: "T"): self = .inTransaction
        case UInt8(ascii: "E"): self = .failedTransaction
        default: return nil
        }
    }
}
