/// The byte layout of a replay file, format 2 (see `docs/tickets.md`).
///
/// A 44-byte header `playtime-replay v2 horizon <16 hex>\n` followed by 132-byte records
/// `<32 hex nonce> <16 hex expiresAt> <64 hex session digest> <16 hex sessionExpiresAt>\n`: one record holds
/// both keys of a claim, so one `write` + `fsync` records them together. Hex is lowercase; 64-bit instants
/// are written as the two's-complement bit pattern. Fixed sizes make a torn record recognisable by length.
enum ReplayFileFormat {
    /// The header text before the horizon digits.
    static let headerPrefix: [UInt8] = Array("playtime-replay v2 horizon ".utf8)
    /// What every replay header starts with, whatever its version.
    static let familyPrefix: [UInt8] = Array("playtime-replay v".utf8)
    /// Header length in bytes.
    static let headerByteCount = 44
    /// Record length in bytes.
    static let recordByteCount = 132

    /// The header recording `horizon`.
    static func header(horizon: Int64) -> [UInt8] {
        var bytes = headerPrefix
        StoreHex.append(horizon, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The record of one consumed claim.
    static func record(nonce: TicketNonce, _ entry: ReplayEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordByteCount)
        StoreHex.append(nonce.high, to: &bytes)
        StoreHex.append(nonce.low, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        StoreHex.append(entry.expiresAt, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        StoreHex.append(entry.session, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        StoreHex.append(entry.sessionExpiresAt, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The horizon of a format-2 header, or `nil` when `bytes` is not one.
    static func parseHeader(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard bytes.count == headerByteCount, bytes.prefix(headerPrefix.count).elementsEqual(headerPrefix),
            bytes.last == UInt8(ascii: "\n")
        else { return nil }
        return StoreHex.int64(bytes, at: headerPrefix.count)
    }

    /// The nonce and entry of a record, or `nil` when `bytes` is not a valid record.
    static func parseRecord(_ bytes: ArraySlice<UInt8>) -> (nonce: TicketNonce, entry: ReplayEntry)? {
        guard bytes.count == recordByteCount else { return nil }
        let start = bytes.startIndex
        let space = UInt8(ascii: " ")
        guard bytes[start + 32] == space, bytes[start + 49] == space, bytes[start + 114] == space,
            bytes[start + 131] == UInt8(ascii: "\n"),
            let high = StoreHex.parse(bytes[start..<start + 16]),
            let low = StoreHex.parse(bytes[start + 16..<start + 32]),
            let expiry = StoreHex.int64(bytes, at: 33),
            let session = StoreHex.digest(bytes, at: 50),
            let sessionExpiry = StoreHex.int64(bytes, at: 115)
        else { return nil }
        return (TicketNonce(high: high, low: low), ReplayEntry(expiresAt: expiry, session: session, sessionExpiresAt: sessionExpiry))
    }
}
