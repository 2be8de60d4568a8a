/// The retired replay file format 1 (nonces only), read once to upgrade a file to format 2.
///
/// A 44-byte header `playtime-replay v1 horizon <16 hex>\n` followed by 50-byte records
/// `<32 hex nonce> <16 hex expiresAt>\n`.
enum ReplayFileFormatV1 {
    /// The header text before the horizon digits.
    static let headerPrefix: [UInt8] = Array("playtime-replay v1 horizon ".utf8)
    /// Record length in bytes.
    static let recordByteCount = 50

    /// Format-2 bytes holding everything a format-1 file says, or `nil` when `bytes` is not format 1.
    ///
    /// Each nonce keeps its expiry; format 1 knew no sessions, so the upgraded records carry none (a session
    /// paid before the upgrade is not known as paid). A torn last record (never acknowledged) is dropped; an
    /// invalid record before the end is corruption.
    static func upgrade(_ bytes: [UInt8], path: String) throws(TicketStoreError) -> [UInt8]? {
        let headerCount = ReplayFileFormat.headerByteCount
        guard bytes.count >= headerCount, bytes[0..<headerPrefix.count].elementsEqual(headerPrefix),
            bytes[headerCount - 1] == UInt8(ascii: "\n"),
            let horizon = StoreHex.int64(bytes[0..<headerCount], at: headerPrefix.count)
        else { return nil }
        var output = ReplayFileFormat.header(horizon: horizon)
        var offset = headerCount
        while offset < bytes.count {
            let end = offset + recordByteCount
            let isLast = end >= bytes.count
            guard end <= bytes.count, let record = parseRecord(bytes[offset..<end]) else {
                if isLast { break }
                throw .corrupt(path: path, offset: Int64(offset), reason: "invalid format-1 record before the end of the file")
            }
            if record.expiresAt > horizon {
                output += ReplayFileFormat.record(
                    nonce: record.nonce,
                    ReplayEntry(expiresAt: record.expiresAt, session: .zero, sessionExpiresAt: .min))
            }
            offset = end
        }
        return output
    }

    /// The nonce and expiry of a format-1 record.
    static func parseRecord(_ bytes: ArraySlice<UInt8>) -> (nonce: TicketNonce, expiresAt: Int64)? {
        guard bytes.count == recordByteCount else { return nil }
        let start = bytes.startIndex
        guard bytes[start + 32] == UInt8(ascii: " "), bytes[start + 49] == UInt8(ascii: "\n"),
            let high = StoreHex.parse(bytes[start..<start + 16]),
            let low = StoreHex.parse(bytes[start + 16..<start + 32]),
            let expiry = StoreHex.int64(bytes, at: 33)
        else { return nil }
        return (TicketNonce(high: high, low: low), expiry)
    }
}
