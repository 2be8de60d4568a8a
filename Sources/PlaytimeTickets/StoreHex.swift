/// Fixed-width lowercase hex for the store files: 64-bit values as 16 digits (instants as their
/// two's-complement bit pattern).
enum StoreHex {
    /// Lowercase hex digits.
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `value` as 16 lowercase hex digits.
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(digits[Int(value >> UInt64(shift) & 0xf)])
        }
    }

    /// Appends an instant or amount as 16 digits of its bit pattern.
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        append(UInt64(bitPattern: value), to: &bytes)
    }

    /// Exactly 16 lowercase hex digits as a `UInt64`; `nil` for anything else.
    static func parse(_ bytes: ArraySlice<UInt8>) -> UInt64? {
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

    /// 16 digits at `offset` of `bytes` as an `Int64` bit pattern.
    static func int64(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int64? {
        let start = bytes.startIndex + offset
        return parse(bytes[start..<start + 16]).map { Int64(bitPattern: $0) }
    }

    /// A 32-byte digest as 64 digits.
    static func append(_ digest: StoreDigest, to bytes: inout [UInt8]) {
        for word in digest.array { append(word, to: &bytes) }
    }

    /// 64 digits at `offset` of `bytes` as a digest.
    static func digest(_ bytes: ArraySlice<UInt8>, at offset: Int) -> StoreDigest? {
        let start = bytes.startIndex + offset
        var words: [UInt64] = []
        for index in 0..<4 {
            guard let word = parse(bytes[start + 16 * index..<start + 16 * (index + 1)]) else { return nil }
            words.append(word)
        }
        return StoreDigest(words: (words[0], words[1], words[2], words[3]))
    }
}
