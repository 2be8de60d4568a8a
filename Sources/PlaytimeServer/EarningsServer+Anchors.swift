internal import PlaytimeCrypto
internal import PlaytimeJournal
internal import PlaytimeSystem

extension EarningsServer {
    /// Enrolls a new journal for `player` (docs/anchors.md): a journal id that carries the server's time, its key
    /// derived from the server secret (nothing is stored), and the enrollment anchor, which the device records
    /// as the journal's first record. Upload the journal with ``acceptUpload(_:player:)``.
    package func enroll(player: String) throws(ServerError) -> Enrollment {
        let now = configuration.clock.read().wallNanoseconds
        guard now >= 0 else { throw .setup("the server's clock reads before 1970") }
        let id = Enrollments.newJournalID(at: now)
        let journalID = Hex.encode(id)
        let anchor = anchorKey.issue(serverNanoseconds: now, account: player, journalID: journalID, headSequence: 0, headMAC: "")
        return Enrollment(journalID: journalID, key: JournalKey.derivedBytes(serverSecret: secret, journalID: id), anchor: anchor.text)
    }

    /// An anchor for the device's request `request` (the text of its `AnchorRequest`, docs/anchors.md): the
    /// token the device records with `recordAnchor(_:for:)`. Throws ``ServerError/Code/anchor`` for a request
    /// that is not in the `pr1` layout or names no valid head; nothing is stored.
    package func anchor(_ request: String, player: String) throws(ServerError) -> String {
        guard let head = AnchorRequestText.decode(request) else { throw .anchor("the request is not in the pr1 layout") }
        return try anchor(player: player, journalID: head.journalID, headSequence: head.headSequence, headMAC: head.headMAC).text
    }

    /// An anchor of the server's time for `player`'s journal `journalID` at the head the device reports
    /// (`headSequence`, and the MAC of that record as 64 lowercase hex digits; head 0 with an empty MAC is the
    /// journal's start). Give its ``ServerAnchor/text`` to the device, which records it; every later session
    /// is then placed after this time, and every earlier one before it. Nothing is stored: the anchor is
    /// checked when it comes back in an upload.
    package func anchor(player: String, journalID: String, headSequence: UInt64, headMAC: String) throws(ServerError) -> ServerAnchor {
        guard journalID.utf8.count == 32, Hex.isLowercase(journalID) else {
            throw .anchor("the journal id must be 32 lowercase hex digits")
        }
        if headSequence == 0 {
            guard headMAC.isEmpty else { throw .anchor("the journal's start (record 0) has no MAC") }
        } else {
            guard headMAC.utf8.count == 64, Hex.isLowercase(headMAC) else {
                throw .anchor("the head's MAC must be 64 lowercase hex digits")
            }
        }
        guard player.utf8.count <= Enrollments.maximumAccountBytes else {
            throw .anchor("the player name is longer than \(Enrollments.maximumAccountBytes) bytes")
        }
        return anchorKey.issue(
            serverNanoseconds: configuration.clock.read().wallNanoseconds, account: player, journalID: journalID,
            headSequence: headSequence, headMAC: headMAC)
    }
}

/// Enrolled journal ids: 8 bytes of the enrollment's server time (big-endian Unix nanoseconds), then 8 random
/// bytes: unique across a fleet without coordination. The journal's key is derived from the whole id
/// (docs/anchors.md).
enum Enrollments {
    /// The longest account name an anchor carries.
    static let maximumAccountBytes = 256

    /// The enrollment time an enrolled journal's id carries (its first 8 bytes, big-endian Unix nanoseconds).
    static func time(ofJournalID id: [UInt8]) -> Int64? {
        guard id.count == 16 else { return nil }
        return Int64(bitPattern: id.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// A fresh id for an enrollment at `now`.
    static func newJournalID(at now: Int64) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let time = UInt64(bitPattern: now)
        return (0..<8).map { UInt8(truncatingIfNeeded: time >> (56 - 8 * $0)) } + (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
