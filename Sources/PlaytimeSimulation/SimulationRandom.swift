import PlaytimeGuard

/// A small seeded generator (SplitMix64 constants) so every simulation run is reproducible from its seed.
struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts from `seed`.
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range` (both ends included).
    mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        guard span < .max else { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next() % (span + 1))
    }

    /// Seconds in `range`, as nanoseconds with a random sub-second part.
    mutating func duration(seconds range: ClosedRange<Int64>) -> Int64 {
        int(in: range.lowerBound * 1_000_000_000...range.upperBound * 1_000_000_000)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int64) -> Bool { int(in: 0...99) < percent }

    /// `+1` or `-1`.
    mutating func sign() -> Int64 { chance(50) ? 1 : -1 }
}
