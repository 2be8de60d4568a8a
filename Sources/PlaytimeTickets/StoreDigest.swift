/// A 32-byte SHA-256 digest held as four words: a cheap dictionary key for the stores' tables.
struct StoreDigest: Sendable, Hashable {
    /// Bytes 0–7, 8–15, 16–23, 24–31, each big-endian.
    var words: (UInt64, UInt64, UInt64, UInt64)

    /// All zeros: "no session" in a replay record.
    static let zero = StoreDigest(words: (0, 0, 0, 0))

    init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

    /// The digest of exactly 32 bytes (shorter input is zero-padded, longer is cut: callers pass 32).
    init(_ bytes: [UInt8]) {
        func word(_ index: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { value, offset in
                let position = index * 8 + offset
                return value << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
            }
        }
        words = (word(0), word(1), word(2), word(3))
    }

    static func == (lhs: StoreDigest, rhs: StoreDigest) -> Bool { lhs.words == rhs.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// The four words, most significant first.
    var array: [UInt64] { [words.0, words.1, words.2, words.3] }
}
