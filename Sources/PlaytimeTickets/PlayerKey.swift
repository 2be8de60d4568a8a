/// A player id compared byte for byte (its UTF-8 bytes), never by Unicode equivalence.
///
/// Swift's `String ==` (and `String` hashing) treats canonically equivalent texts as equal, so NFC
/// `café` would equal NFD `café`. Every player comparison in this target — the ticket's player check, replay
/// keys, budget keys, rates and grants — goes through this type (or compares `utf8` directly) instead.
package struct PlayerKey: Sendable, Hashable, CustomStringConvertible {
    /// The id's UTF-8 bytes, exactly as received.
    package let bytes: [UInt8]

    /// The key of the player id `id`, by its exact UTF-8 bytes.
    package init(_ id: String) { bytes = Array(id.utf8) }

    /// The id as text (the bytes are always valid UTF-8).
    package var description: String { String(decoding: bytes, as: UTF8.self) }
}
