internal import PlaytimeJournal

/// A server anchor as the device recorded it (record type `anchor`, docs/journal-format.md §14): the token,
/// and the boot clock when the request left and when the answer arrived, so the device knows the server's
/// time within half the round trip.
package struct AnchorRecord: Sendable, Hashable {
    /// The token as the server sent it (``ServerAnchor/text``).
    package var token: String
    /// Boot clock when the request was sent (journal representation, docs/journal-format.md §13.3).
    package var sentBootNanoseconds: Int64
    /// Boot clock when the answer arrived.
    package var receivedBootNanoseconds: Int64
    /// The boot identity (keyed pseudonym in a version-2 journal), `nil` when unknown.
    package var bootID: String?
    /// Wall clock when the answer arrived (never trusted; for people reading the journal).
    package var wallNanoseconds: Int64

    /// Creates a record.
    package init(token: String, sentBootNanoseconds: Int64, receivedBootNanoseconds: Int64, bootID: String?, wallNanoseconds: Int64) {
        self.token = token
        self.sentBootNanoseconds = sentBootNanoseconds
        self.receivedBootNanoseconds = receivedBootNanoseconds
        self.bootID = bootID
        self.wallNanoseconds = wallNanoseconds
    }
}

/// The payload of an `anchor` record, written and read in one fixed layout:
///
/// `{"v":1,"token":"pa1.…","sent":<int>,"received":<int>,"bootId":<string|null>,"wall":<int>}`
package enum AnchorCodec {
    /// Payload schema version.
    package static let version: Int64 = 1
    /// The record type.
    package static let recordType = "anchor"

    /// The payload bytes for `record`.
    package static func encode(_ record: AnchorRecord) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", version)
        writer.string("token", record.token)
        writer.integer("sent", record.sentBootNanoseconds)
        writer.integer("received", record.receivedBootNanoseconds)
        writer.string("bootId", record.bootID)
        writer.integer("wall", record.wallNanoseconds)
        return writer.finish()
    }

    /// Decodes a payload written by `encode`; `nil` for anything else (another layout, a token over
    /// ``ServerAnchor/maximumTextByteCount`` bytes, `received` before `sent`). The token's own layout and MAC
    /// are checked by whoever uses it.
    package static func decode(_ payload: UnsafeRawBufferPointer) -> AnchorRecord? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.literal(#"{"v":"#), scanner.integerValue() == version,
            scanner.literal(#","token":"#), let token = scanner.stringValue(), token.utf8.count <= ServerAnchor.maximumTextByteCount,
            scanner.literal(#","sent":"#), let sent = scanner.integerValue(),
            scanner.literal(#","received":"#), let received = scanner.integerValue(), received >= sent,
            scanner.literal(#","bootId":"#)
        else { return nil }
        let bootID: String?
        if scanner.takeNull() {
            bootID = nil
        } else {
            guard let text = scanner.stringValue() else { return nil }
            bootID = text
        }
        guard scanner.literal(#","wall":"#), let wall = scanner.integerValue(), scanner.end() else { return nil }
        return AnchorRecord(token: token, sentBootNanoseconds: sent, receivedBootNanoseconds: received, bootID: bootID, wallNanoseconds: wall)
    }

    /// Decodes a payload given as bytes.
    package static func decode(_ payload: [UInt8]) -> AnchorRecord? {
        payload.withUnsafeBytes { decode($0) }
    }
}
