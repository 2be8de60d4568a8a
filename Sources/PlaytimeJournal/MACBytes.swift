internal import PlaytimeCrypto

/// 32 MAC bytes stored inline (no heap), for the per-line hot path.
package struct MACBytes: Sendable, Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Copies the first 32 bytes of `bytes`.
    init(_ bytes: [UInt8]) {
        withUnsafeMutableBytes(of: &words) { destination in
            bytes.withUnsafeBytes { destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(32))) }
        }
    }

    /// All zeros.
    init() {}

    package static func == (lhs: MACBytes, rhs: MACBytes) -> Bool {
        lhs.words == rhs.words
    }

    /// The bytes as an array.
    package var array: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }

    /// HMAC of `previous` (when given) followed by `message`, under `authenticator`.
    static func authenticate(
        _ authenticator: HMAC<SHA256>, previous: MACBytes?, message: UnsafeRawBufferPointer
    ) -> MACBytes {
        var mac = authenticator
        if let previous {
            withUnsafeBytes(of: previous.words) { mac.update(bufferPointer: $0) }
        }
        mac.update(bufferPointer: message)
        var result = MACBytes()
        withUnsafeMutableBytes(of: &result.words) { mac.finalize(into: $0) }
        return result
    }

    /// Decodes 64 lowercase hex digits; nil on anything else.
    static func decodeLowercaseHex(_ text: UnsafeRawBufferPointer) -> MACBytes? {
        guard text.count == 64 else { return nil }
        var result = MACBytes()
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &result.words) { output in
            for index in 0..<32 {
                let high = LowercaseHex.nibble(text[2 &* index], invalid: &invalid)
                let low = LowercaseHex.nibble(text[2 &* index &+ 1], invalid: &invalid)
                output[index] = high &<< 4 | low
            }
        }
        return invalid == 0 ? result : nil
    }

    /// Equality that inspects every byte regardless of where they differ.
    func constantTimeEquals(_ other: MACBytes) -> Bool {
        let difference =
            (words.0 ^ other.words.0) | (words.1 ^ other.words.1)
            | (words.2 ^ other.words.2) | (words.3 ^ other.words.3)
        return difference == 0
    }
}

/// Lowercase-only hex, as the journal requires (so no byte has two spellings).
enum LowercaseHex {
    /// The value of a digit in `0-9a-f`, or nil.
    @inline(__always)
    static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit &- UInt8(ascii: "a") &+ 10
        default: return nil
        }
    }

    /// The value of a digit in `0-9a-f` using only bitwise arithmetic (hex digits of a MAC are random,
    /// so branches would mispredict); sets `invalid` to non-zero for any other byte.
    @inline(__always)
    static func nibble(_ digit: UInt8, invalid: inout UInt8) -> UInt8 {
        let decimal = digit &- UInt8(ascii: "0")
        let letter = digit &- UInt8(ascii: "a")
        let isDecimal: UInt8 = decimal < 10 ? 1 : 0
        let isLetter: UInt8 = letter < 6 ? 1 : 0
        invalid |= (1 &- isDecimal) & (1 &- isLetter)
        return (decimal & (0 &- isDecimal)) | ((letter &+ 10) & (0 &- isLetter))
    }

    /// Appends `bytes` as lowercase hex to `output`.
    static func append(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { table in
            for byte in bytes {
                output.append(table[Int(byte >> 4)])
                output.append(table[Int(byte & 0x0f)])
            }
        }
    }
}
