/// A small, fast, seeded pseudo-random generator (SplitMix64).
///
/// The same seed always yields the same sequence on every platform, which is
/// what makes a failing property replayable from its printed seed.
/// Not suitable for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The internal state; advancing it by the golden-ratio increment gives the next output.
    package private(set) var state: UInt64

    /// Creates a generator whose whole output sequence is determined by `seed`.
    package init(seed: UInt64) {
        self.state = seed
    }

    /// Returns the next 64 pseudo-random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Returns a value uniformly distributed in `0...bound` without modulo bias.
    package mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let span = bound + 1
        // Rejection sampling on the multiply-high method (Lemire).
        while true {
            let product = next().multipliedFullWidth(by: span)
            if product.low >= span || product.low >= (0 &- span) % span {
                return product.high
            }
        }
    }
}
