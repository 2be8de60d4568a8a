/// Why a signing key or key ring was refused.
package enum TicketKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret is shorter than ``TicketKey/minimumSecretByteCount`` bytes.
    case secretTooShort(byteCount: Int)
    /// The key id is empty, longer than 64 bytes, or uses a character outside `A-Z a-z 0-9 . _ -`.
    case invalidID(String)
    /// Two keys in one ring share an id.
    case duplicateID(String)

    /// A one-line explanation (never includes secret bytes).
    package var description: String {
        switch self {
        case .secretTooShort(let count):
            return "ticket signing key has \(count) bytes; at least \(TicketKey.minimumSecretByteCount) are required"
        case .invalidID(let id): return "invalid ticket key id \"\(id)\": use 1-64 of A-Z a-z 0-9 . _ -"
        case .duplicateID(let id): return "ticket key id \"\(id)\" appears twice in the key ring"
        }
    }
}
