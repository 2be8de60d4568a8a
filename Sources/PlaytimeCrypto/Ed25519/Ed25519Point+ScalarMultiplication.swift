// Scalar multiplication, variable time (public data; test signing only — see docs/crypto.md).

extension Ed25519Point {
    /// [n]self for the 256-bit little-endian number in `words` (not reduced), by double-and-add from the top bit.
    func multiplied(words: (UInt64, UInt64, UInt64, UInt64)) -> Ed25519Point {
        var result = Ed25519Point.identity
        for bit in stride(from: 255, through: 0, by: -1) {
            result = result.doubled()
            if (SignedWindows.word(words, bit / 64) &>> UInt64(bit % 64)) & 1 == 1 {
                result = result + self
            }
        }
        return result
    }

    /// [scalar]self.
    package func multiplied(by scalar: Ed25519Scalar) -> Ed25519Point {
        multiplied(words: (scalar.w0, scalar.w1, scalar.w2, scalar.w3))
    }

    /// [n]self for any 32-byte little-endian n, not reduced modulo L (so [L]·P isolates P's small-order part).
    package func multiplied(byLittleEndian bytes: some Collection<UInt8>) -> Ed25519Point {
        precondition(bytes.count == 32, "a 32-byte little-endian scalar")
        let words = Array(bytes).withUnsafeBytes { Ed25519Scalar.loadWords($0.baseAddress.unsafelyUnwrapped) }
        return multiplied(words: words)
    }
}
