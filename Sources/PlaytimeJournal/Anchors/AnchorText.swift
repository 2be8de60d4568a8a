/// Lowercase hex as anchors write it: one spelling per value, so a token has exactly one text.
enum AnchorHex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hex.
    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of lowercase hex `text`; `nil` for odd length or any other character.
    static func decode(_ text: String) -> [UInt8]? {
        let ascii = Array(text.utf8)
        guard ascii.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ascii.count / 2)
        var index = 0
        while index < ascii.count {
            guard let high = value(ascii[index]), let low = value(ascii[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}

/// Decimal integers as anchors write them: digits only, no sign, no leading zeros.
enum AnchorDecimal {
    /// The value of canonical decimal `text` when it fits in UInt64.
    static func uint64(_ text: String) -> UInt64? {
        let ascii = Array(text.utf8)
        guard !ascii.isEmpty, ascii.count <= 20, ascii.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              ascii.count == 1 || ascii[0] != UInt8(ascii: "0") else { return nil }
        return UInt64(text)
    }

    /// The value of canonical decimal `text` when it fits in Int64 (never negative).
    static func int64(_ text: String) -> Int64? {
        uint64(text).flatMap { Int64(exactly: $0) }
    }
}
