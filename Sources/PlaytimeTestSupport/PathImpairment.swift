import PropertyTesting

/// What a `LossyUDPProxy` does to each datagram, in each direction independently.
package struct PathImpairment: Sendable, Hashable {
    /// Share of datagrams dropped, 0...1 (applied to requests and replies alike: 0.5 loses three round trips in four).
    package var loss: Double = 0
    /// One-way delay added to every datagram.
    package var delayNanoseconds: Int64 = 0
    /// Up to this much more one-way delay, uniformly at random per datagram (so datagrams overtake each other).
    package var jitterNanoseconds: Int64 = 0
    /// Share of datagrams delivered twice (the copy with its own delay).
    package var duplication: Double = 0
    /// Share of datagrams held back by `reorderHoldNanoseconds` more, so that later ones overtake them.
    package var reordering: Double = 0
    /// Extra hold of a reordered datagram. Default 30 ms.
    package var reorderHoldNanoseconds: Int64 = 30_000_000

    /// A clean path.
    package init() {}

    /// A path with these defects.
    package init(loss: Double = 0, delayNanoseconds: Int64 = 0, jitterNanoseconds: Int64 = 0, duplication: Double = 0, reordering: Double = 0) {
        self.loss = loss
        self.delayNanoseconds = delayNanoseconds
        self.jitterNanoseconds = jitterNanoseconds
        self.duplication = duplication
        self.reordering = reordering
    }
}

/// The proxy's draws from its seeded generator (PropertyTesting's SplitMix64), so a run's drops and delays
/// replay from its seed.
extension SplitMix64 {
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// True with probability `share`.
    mutating func chance(_ share: Double) -> Bool { share > 0 && unit() < share }

    /// Uniform in 0...bound.
    mutating func upTo(_ bound: Int64) -> Int64 { bound <= 0 ? 0 : Int64(next() % UInt64(bound + 1)) }
}
