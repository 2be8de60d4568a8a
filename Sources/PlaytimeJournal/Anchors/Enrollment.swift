/// What a game server hands a new device when it enrolls a journal (docs/anchors.md): the journal's id, its
/// key (derived from the server's secret, so the server stores none) and the enrollment anchor, which the
/// device records as the journal's first anchor. Everything the journal proves is then placed after the
/// enrollment on the server's clock.
public struct Enrollment: Sendable, Hashable {
    /// The journal id to create the journal with, 32 lowercase hex digits.
    public var journalID: String
    /// The journal key (32 bytes). Keep it on the device like a key file; it never travels with an upload.
    public var key: [UInt8]
    /// The enrollment anchor's token (``ServerAnchor/text``), naming head 0.
    public var anchor: String

    /// Creates an enrollment.
    public init(journalID: String, key: [UInt8], anchor: String) {
        self.journalID = journalID
        self.key = key
        self.anchor = anchor
    }
}
