internal import PlaytimeCrypto

/// What a game server hands a new device when it enrolls a journal (docs/anchors.md): the journal's id, its
/// key (derived from the server's secret, so the server stores none) and the enrollment anchor, which the
/// device records as the journal's first anchor. Everything the journal proves is then placed after the
/// enrollment on the server's clock.
public struct Enrollment: Sendable, Hashable {
    /// The journal id to create the journal with, 32 lowercase hex digits.
    package var journalID: String
    /// The journal key (32 bytes). Keep it on the device like a key file; it never travels with an upload.
    package var key: [UInt8]
    /// The enrollment anchor's token (``ServerAnchor/text``), naming head 0.
    package var anchor: String

    /// Creates an enrollment.
    package init(journalID: String, key: [UInt8], anchor: String) {
        self.journalID = journalID
        self.key = key
        self.anchor = anchor
    }

    /// The enrollment as one line of text, what the server sends and the device keeps:
    /// `pe1.<journal id>.<key hex>.<anchor token>` (docs/anchors.md, "Enrollment"). It holds the journal key:
    /// send it only over an authenticated channel, and keep it as the key file is kept.
    public var text: String { ["pe1", journalID, Hex.encode(key), anchor].joined(separator: ".") }

    /// Reads ``text``; `nil` unless it has the `pe1` layout with a 32-hex-digit journal id and a key of 16 to 64
    /// bytes (the anchor token is checked when the device records it).
    public init?(text: String) {
        let fields = text.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "pe1", fields[1].utf8.count == 32, Hex.decodeLowercase(String(fields[1])) != nil,
            let key = Hex.decodeLowercase(String(fields[2])), (16...64).contains(key.count), !fields[3].isEmpty
        else { return nil }
        self.init(journalID: String(fields[1]), key: key, anchor: String(fields[3]))
    }
}
