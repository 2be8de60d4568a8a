/// Lowercase hexadecimal encoding and lenient-case decoding of bytes.
package enum Hex {
    /// The 16 lowercase hex digits as ASCII.
    static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Returns `bytes` as lowercase hex, two digits per byte.
    package static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            ascii.append(digits[Int(byte >> 4)])
            ascii.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: ascii, as: UTF8.self)
    }

    /// Decodes hex text (either case, no separators, even length); nil on any other input.
    package static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        decode(ascii: Array(text.utf8))
    }

    /// Decodes hex given as ASCII bytes; nil on an odd length or a non-hex byte.
    package static func decode<ASCII: Collection>(ascii: ASCII) -> [UInt8]? where ASCII.Element == UInt8 {
        guard ascii.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ascii.count / 2)
        var iterator = ascii.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let highValue = value(ofDigit: high), let lowValue = value(ofDigit: low) else { return nil }
            bytes.append(highValue << 4 | lowValue)
        }
        return bytes
    }

    /// True when `text` holds only lowercase hex digits (`0-9a-f`): the one spelling formats that compare
    /// hex as text require (docs/anchors.md).
    package static func isLowercase<Text: StringProtocol>(_ text: Text) -> Bool {
        text.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
    }

    /// Decodes lowercase hex only (``isLowercase(_:)``, even length); nil on anything else.
    package static func decodeLowercase<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        isLowercase(text) ? decode(text) : nil
    }

    /// The value of one ASCII hex digit, or nil.
    @inline(__always)
    package static func value(ofDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
