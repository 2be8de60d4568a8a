/// The byte layout of a replay file (see `docs/tickets.md`).
///
/// A 44-byte header `playtime-replay v1 horizon <16 hex>\n` followed by 50-byte records
/// `<32 hex nonce> <16 hex expiresAt>\n`. Hex is lowercase; 64-bit instants are written as the
/// two's-complement bit pattern. Fixed sizes make a torn record recognisable by length alone.
enum ReplayFileFormat {
    /// The header text before the horizon digits.
    static let headerPrefix: [UInt8] = Array("playtime-replay v1 horizon ".utf8)
    /// Header length in bytes.
    static let headerByteCount = 44
    /// Record length in bytes.
    static let recordByteCount = 50
    /// Lowercase hex digits.
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The header recording `horizon`.
    static func header(horizon: Int64) -> [UInt8] {
        var bytes = headerPrefix
        appendHex(UInt64(bitPattern: horizon), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The record for one consumed nonce.
    static func record(nonce: TicketNonce, expiresAt: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordByteCount)
        appendHex(nonce.high, to: &bytes)
        appendHex(nonce.low, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendHex(UInt64(bitPattern: expiresAt), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The horizon of a header, or `nil` when `bytes` is not a valid header.
    static func parseHeader(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard bytes.count == headerByteCount, bytes.prefix(headerPrefix.count).elementsEqual(headerPrefix),
              bytes.last == UInt8(ascii: "\n"),
              let horizon = parseHex(bytes.dropFirst(headerPrefix.count).prefix(16))
        else { return nil }
        return Int64(bitPattern: horizon)
    }

    /// The nonce and expiry of a record, or `nil` when `bytes` is not a valid record.
    static func parseRecord(_ bytes: ArraySlice<UInt8>) -> (nonce: TicketNonce, expiresAt: Int64)? {
        guard bytes.count == recordByteCount else { return nil }
        let start = bytes.startIndex
        guard bytes[start + 32] == UInt8(ascii: " "), bytes[start + 49] == UInt8(ascii: "\n"),
              let high = parseHex(bytes[start..<start + 16]),
              let low = parseHex(bytes[start + 16..<start + 32]),
              let expiry = parseHex(bytes[start + 33..<start + 49])
        else { return nil }
        return (TicketNonce(high: high, low: low), Int64(bitPattern: expiry))
    }

    private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(digits[Int(value >> UInt64(shift) & 0xf)])
        }
    }

    /// Exactly 16 lowercase hex digits as a `UInt64`.
    private static func parseHex(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
