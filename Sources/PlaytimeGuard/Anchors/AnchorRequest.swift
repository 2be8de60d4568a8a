internal import PlaytimeJournal
internal import PlaytimeSystem

/// Where a journal stands when the game asks its server for an anchor: what the game sends its server as
/// ``text`` (docs/anchors.md), and the boot clock when it asked, so that the answer's round trip can be
/// measured (``OfflineEarnings/recordAnchor(_:for:)``).
public struct AnchorRequest: Sendable, Hashable {
    /// The journal's id, 32 lowercase hex digits.
    package let journalID: String
    /// The sequence of the journal's last record (0 before any record).
    package let headSequence: UInt64
    /// The MAC of that record, 64 lowercase hex digits; empty with ``headSequence`` 0.
    package let headMAC: String
    /// What the game sends its server (`EarningsServer.anchor(_:player:)` reads it; the service's `POST …/anchors`):
    /// `pr1.<journal id>.<head sequence>.<head MAC>` (docs/anchors.md).
    public var text: String { AnchorRequestText.encode(journalID: journalID, headSequence: headSequence, headMAC: headMAC) }
    /// The device's raw clocks when the request was made (never sent anywhere).
    let sent: ClockReading

    /// A request for the journal at this head, made at `sent`.
    init(journalID: String, headSequence: UInt64, headMAC: String, sent: ClockReading) {
        self.journalID = journalID
        self.headSequence = headSequence
        self.headMAC = headMAC
        self.sent = sent
    }
}
