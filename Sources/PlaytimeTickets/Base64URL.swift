/// Unpadded base64url (RFC 4648 §5) with strict, canonical decoding.
///
/// Decoding refuses padding, any byte outside `A-Z a-z 0-9 - _`, a length of 1 mod 4, and
/// non-zero unused bits in the last character, so each byte string has exactly one text.
enum Base64URL {
    /// The 64 digits in value order.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes `bytes` without padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let group = UInt32(bytes[index]) << 16
            for shift in [18, 12] { output.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
        } else if rest == 2 {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            for shift in [18, 12, 6] { output.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes canonical unpadded base64url; `nil` for anything else.
    static func decode<ASCII: Collection>(_ text: ASCII) -> [UInt8]? where ASCII.Element == UInt8 {
        let count = text.count
        guard count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = digitValue(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // Leftover bits (2 or 4) must be zero: otherwise another text would decode to the same bytes.
        guard accumulator == 0 else { return nil }
        return output
    }

    /// The value of one base64url digit, or `nil`.
    static func digitValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
