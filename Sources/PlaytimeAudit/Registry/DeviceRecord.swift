package import PlaytimeJudging

/// What a game server keeps per journal (one device's journal): the head of the last accepted upload and
/// the gold already paid per session. An upload must extend the head; a session is never paid twice.
package struct DeviceRecord: Sendable, Hashable, Codable {
    /// The last record accepted: its sequence number and MAC.
    package var headSequence: UInt64
    /// The MAC of record `headSequence` (32 bytes).
    package var headMAC: [UInt8]
    /// Gold paid so far per session id (ids are ASCII, compared byte for byte).
    package var paidGold: [String: Int64]
    /// Every accepted upload's head and the server's clock then (the last is this head's): records are judged
    /// as of when the server first saw them, so evidence refused as ahead of the server's clock is never
    /// trusted later (one entry per upload).
    package var firstSeen: FirstSeenTimes
    /// The account the journal's uploads were accepted for (`nil` in a record written before accounts were kept, or
    /// by a gate without accounts): another account's upload of the same journal under a shared key is judged as that
    /// account's own (docs/anchors.md §2).
    package var account: String?

    /// Creates a record.
    package init(
        headSequence: UInt64, headMAC: [UInt8], paidGold: [String: Int64] = [:],
        firstSeen: FirstSeenTimes = FirstSeenTimes(), account: String? = nil
    ) {
        self.headSequence = headSequence
        self.headMAC = headMAC
        self.paidGold = paidGold
        self.firstSeen = firstSeen
        self.account = account
    }
}

/// A device registry could not be read or written; nothing was changed.
package struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, in words.
    package var description: String

    /// Creates an error.
    package init(_ description: String) { self.description = description }
}

/// Where a game server keeps each journal's ``DeviceRecord``.
///
/// Contract for conforming types (the PostgreSQL store of a fleet follows the same one):
/// - ``record(journalID:)`` returns the latest record committed for that journal id, or `nil`;
/// - ``replace(journalID:expected:with:)`` is an atomic compare-and-set: it writes `new` only when the
///   stored record still equals `expected` (`nil`: none stored yet), and reports whether it did. Of any number
///   of concurrent calls with the same `expected`, at most one succeeds;
/// - a durable registry has the new record on stable storage before it returns `true`.
package protocol DeviceRegistry: Sendable {
    /// The record of `journalID` (the journal id in lowercase hex), if any.
    func record(journalID: String) throws(RegistryError) -> DeviceRecord?
    /// Replaces the record of `journalID` with `new` if it is still `expected`; false when it moved meanwhile.
    func replace(journalID: String, expected: DeviceRecord?, with new: DeviceRecord) throws(RegistryError) -> Bool
}
