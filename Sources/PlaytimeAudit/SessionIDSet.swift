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
        if utf8.count == 16, let value = UInt64(id, radix: 16) { return value }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
