/// Session ids seen so far, kept compactly (8 bytes per id) so a journal of millions of sessions stays small.
struct SessionIDSet {
    private var seen = Set<UInt64>()

    /// Inserts `id`; false when it was already present.
    mutating func insert(_ id: String) -> Bool {
        seen.insert(Self.compact(id)).inserted
    }

    /// 16 lowercase hex digits parse to their value; anything else is hashed (FNV-1a 64, with a marker bit).
    static func compact(_ id: String) -> UInt64 {
        let utf8 = id.utf8
        if utf8.count == 16 {
            // The common case, 16 lowercase hex digits, read straight from the UTF-8. Nothing else parses (no
            // sign, no uppercase): ids are compared byte for byte, so two spellings of one number are two ids.
            if let value = utf8.withContiguousStorageIfAvailable(Self.hexValue) ?? nil { return value }
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The value of exactly 16 lowercase hex digits, or nil.
    private static func hexValue(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard digits.count == 16 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            value = value &<< 4 | UInt64(nibble)
        }
        return value
    }
}
