/// Standard padded base64 (RFC 4648 §4) with strict, canonical decoding: how Roughtime writes keys and
/// malfeasance reports (draft-ietf-ntp-roughtime-19 §8.3, §8.4.1).
package enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as padded base64.
    package static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes padded base64; `nil` for a wrong length, a byte outside the alphabet, misplaced padding or
    /// non-zero bits in the last digit (so each byte string has exactly one accepted text).
    package static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        let ascii = Array(text.utf8)
        guard ascii.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(ascii.count / 4 * 3)
        for start in stride(from: 0, to: ascii.count, by: 4) {
            let isLast = start + 4 == ascii.count
            let padding = isLast ? ascii[start..<start + 4].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
            guard padding <= 2 else { return nil }
            var group: UInt32 = 0
            for offset in 0..<4 {
                let digit: UInt32
                if offset >= 4 - padding {
                    digit = 0
                } else {
                    guard let value = value(of: ascii[start + offset]) else { return nil }
                    digit = value
                }
                group = group << 6 | digit
            }
            if padding == 1, group & 0xff != 0 { return nil }
            if padding == 2, group & 0xffff != 0 { return nil }
            out.append(UInt8(group >> 16 & 0xff))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xff)) }
            if padding < 1 { out.append(UInt8(group & 0xff)) }
        }
        return out
    }

    private static func value(of digit: UInt8) -> UInt32? {
        switch digit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(digit - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(digit - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(digit - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
