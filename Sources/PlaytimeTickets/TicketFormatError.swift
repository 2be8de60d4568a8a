/// Why bytes or text are not a well-formed departure ticket (before any signature check).
package enum TicketFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text form is longer than ``DepartureTicket/maximumTextByteCount``.
    case tooLong(byteCount: Int)
    /// The text form does not start with `pt1.`.
    case unknownPrefix
    /// The text form does not have exactly three `.`-separated sections.
    case sectionCount(Int)
    /// A section is not canonical unpadded base64url.
    case invalidBase64(section: String)
    /// The payload does not start with the magic bytes `PTKT`.
    case badMagic
    /// The payload's format version is not 1.
    case unsupportedVersion(UInt8)
    /// The payload ends inside `field`.
    case truncated(field: String)
    /// Bytes follow the last field.
    case trailingBytes(count: Int)
    /// A text field's length is outside its allowed range.
    case invalidLength(field: String, length: Int)
    /// A text field is not valid UTF-8, or a key id uses a disallowed character.
    case invalidText(field: String)
    /// The tag is not 32 bytes.
    case invalidTagLength(Int)
    /// `expiresAt` is not after `issuedAt`.
    case expiryNotAfterIssue(issuedAt: Int64, expiresAt: Int64)
    /// The snapshotted rate is negative.
    case negativeRate(Int64)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .tooLong(let count): return "ticket text has \(count) bytes (limit \(DepartureTicket.maximumTextByteCount))"
        case .unknownPrefix: return "ticket text does not start with \"pt1.\""
        case .sectionCount(let count): return "ticket text has \(count) sections; expected 3"
        case .invalidBase64(let section): return "ticket \(section) is not canonical unpadded base64url"
        case .badMagic: return "ticket payload does not start with PTKT"
        case .unsupportedVersion(let version): return "ticket format version \(version) is not supported"
        case .truncated(let field): return "ticket payload ends inside \(field)"
        case .trailingBytes(let count): return "ticket payload has \(count) unexpected trailing bytes"
        case .invalidLength(let field, let length): return "ticket \(field) has invalid length \(length)"
        case .invalidText(let field): return "ticket \(field) is not valid text"
        case .invalidTagLength(let length): return "ticket tag has \(length) bytes; expected 32"
        case .expiryNotAfterIssue(let issued, let expires): return "ticket expires (\(expires)) at or before issue (\(issued))"
        case .negativeRate(let rate): return "ticket rate \(rate) is negative"
        }
    }
}
