extension DepartureTicket {
    /// The prefix of the text form: format 1.
    static let textPrefix = "pt1."

    /// The ticket as the device keeps it and hands it back to ``EarningsServer/redeem(_:player:)``: the text of
    /// docs/tickets.md. A ticket the server issued always has one; a hand-built ticket whose fields break the
    /// format's limits has none (empty).
    public var text: String { (try? encodedText()) ?? "" }

    /// The compact text form sent to clients: `pt1.<base64url(canonicalBytes)>.<base64url(tag)>`,
    /// unpadded base64url (RFC 4648 §5), ASCII only, safe in URLs and JSON strings.
    package func encodedText() throws(TicketFormatError) -> String {
        guard tag.count == 32 else { throw .invalidTagLength(tag.count) }
        return Self.textPrefix + Base64URL.encode(try canonicalBytes()) + "." + Base64URL.encode(tag)
    }

    /// Parses the text form strictly; throws a ``TicketFormatError`` on any deviation and never traps.
    ///
    /// Parsing checks structure only: the tag is verified by ``TicketAuthority``.
    package static func parse<Text: StringProtocol>(_ text: Text) throws(TicketFormatError) -> DepartureTicket {
        let utf8 = text.utf8
        guard utf8.count <= maximumTextByteCount else { throw .tooLong(byteCount: utf8.count) }
        let sections = utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard sections.count == 3 else { throw .sectionCount(sections.count) }
        guard sections[0].elementsEqual("pt1".utf8) else { throw .unknownPrefix }
        guard let payload = Base64URL.decode(sections[1]) else { throw .invalidBase64(section: "payload") }
        guard let tag = Base64URL.decode(sections[2]) else { throw .invalidBase64(section: "tag") }
        guard tag.count == 32 else { throw .invalidTagLength(tag.count) }
        return try parse(canonicalBytes: payload, tag: tag)
    }

    /// Parses a canonical payload (see ``canonicalBytes()``) and attaches `tag`.
    ///
    /// Accepts exactly the byte strings that ``canonicalBytes()`` produces.
    package static func parse(canonicalBytes payload: [UInt8], tag: [UInt8]) throws(TicketFormatError) -> DepartureTicket {
        var reader = TicketPayloadReader(payload)
        guard try reader.take(4, field: "magic").elementsEqual(magic) else { throw .badMagic }
        let version = try reader.uint8(field: "version")
        guard version == formatVersion else { throw .unsupportedVersion(version) }
        let keyID = try reader.text(field: "keyID", lengthBytes: 1)
        let playerID = try reader.text(field: "playerID", lengthBytes: 2)
        let sessionID = try reader.text(field: "sessionID", lengthBytes: 2)
        let policyVersion = try reader.text(field: "policyVersion", lengthBytes: 2)
        let issuedAt = try reader.int64(field: "issuedAt")
        let expiresAt = try reader.int64(field: "expiresAt")
        let goldPerHour = try reader.int64(field: "goldPerHour")
        let nonceBytes = try reader.take(16, field: "nonce")
        guard reader.remaining == 0 else { throw .trailingBytes(count: reader.remaining) }
        let ticket = DepartureTicket(
            keyID: keyID, playerID: playerID, sessionID: sessionID, policyVersion: policyVersion,
            issuedAt: issuedAt, expiresAt: expiresAt, goldPerHour: goldPerHour,
            nonce: TicketNonce(bytes: nonceBytes) ?? TicketNonce(high: 0, low: 0), tag: tag)
        try ticket.validateFields()
        return ticket
    }
}
