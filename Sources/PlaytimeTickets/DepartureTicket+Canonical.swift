extension DepartureTicket {
    /// The four magic bytes that open every canonical payload: ASCII `PTKT`.
    static let magic: [UInt8] = Array("PTKT".utf8)
    /// The canonical format version.
    static let formatVersion: UInt8 = 1

    /// The exact bytes the tag authenticates (layout in `docs/tickets.md`):
    ///
    /// `"PTKT" ‖ 0x01 ‖ u8 len ‖ keyID ‖ u16 len ‖ playerID ‖ u16 len ‖ sessionID ‖ u16 len ‖ policyVersion
    /// ‖ i64 issuedAt ‖ i64 expiresAt ‖ i64 goldPerHour ‖ nonce[16]`, integers big-endian.
    ///
    /// Throws when a field is out of range, so that every accepted ticket has exactly one encoding.
    package func canonicalBytes() throws(TicketFormatError) -> [UInt8] {
        try validateFields()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + keyID.utf8.count + playerID.utf8.count + sessionID.utf8.count + policyVersion.utf8.count)
        bytes += Self.magic
        bytes.append(Self.formatVersion)
        bytes.append(UInt8(keyID.utf8.count))
        bytes += keyID.utf8
        for field in [playerID, sessionID, policyVersion] {
            let count = UInt16(field.utf8.count)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xff))
            bytes += field.utf8
        }
        for value in [issuedAt, expiresAt, goldPerHour] {
            let raw = UInt64(bitPattern: value)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: raw >> UInt64(shift))) }
        }
        bytes += nonce.bytes
        return bytes
    }

    /// Checks every field's range (shared by encoding and parsing).
    func validateFields() throws(TicketFormatError) {
        guard TicketKey.isValidID(keyID) else {
            let count = keyID.utf8.count
            if !(1...64).contains(count) { throw .invalidLength(field: "keyID", length: count) }
            throw .invalidText(field: "keyID")
        }
        try Self.checkLength(playerID, field: "playerID")
        try Self.checkLength(sessionID, field: "sessionID")
        try Self.checkLength(policyVersion, field: "policyVersion")
        guard expiresAt > issuedAt else { throw .expiryNotAfterIssue(issuedAt: issuedAt, expiresAt: expiresAt) }
        guard goldPerHour >= 0 else { throw .negativeRate(goldPerHour) }
    }

    /// Throws unless `value` has 1…``maximumFieldByteCount`` UTF-8 bytes.
    private static func checkLength(_ value: String, field: String) throws(TicketFormatError) {
        let count = value.utf8.count
        guard (1...maximumFieldByteCount).contains(count) else { throw .invalidLength(field: field, length: count) }
    }
}
