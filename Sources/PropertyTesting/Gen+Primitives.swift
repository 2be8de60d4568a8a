extension Gen {
    /// Always produces `value`; never shrinks.
    package static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
        Gen.typed { _ throws(GenerationError) in value }
    }
}

extension Gen where Value == Bool {
    /// `false` or `true`; shrinks toward `false`.
    package static var bool: Gen<Bool> {
        Gen.typed { source throws(GenerationError) in try source.choice(upTo: 1) { rng in rng.next(upTo: 1) } == 1 }
    }
}

extension Gen where Value == UInt64 {
    /// Any `UInt64`, biased toward small and boundary values; shrinks toward 0.
    package static var uint64: Gen<UInt64> {
        Gen.typed { source throws(GenerationError) in try source.choice(upTo: .max) }
    }

    /// A `UInt64` in `range`; shrinks toward the lower bound.
    package static func uint64(in range: ClosedRange<UInt64>) -> Gen<UInt64> {
        Gen.typed { source throws(GenerationError) in
            range.lowerBound + (try source.choice(upTo: range.upperBound - range.lowerBound))
        }
    }
}

extension Gen where Value == Int64 {
    /// An `Int64` in `range`.
    ///
    /// Shrinks toward 0 when the range contains 0, otherwise toward the bound
    /// nearest to 0. A range containing 0 draws a sign choice and a magnitude
    /// choice, so magnitudes shrink monotonically.
    package static func int(in range: ClosedRange<Int64>) -> Gen<Int64> {
        let low = range.lowerBound
        let high = range.upperBound
        if low >= 0 {
            return Gen.typed { source throws(GenerationError) in
                let offset = try source.choice(upTo: UInt64(high - low))
                return low + Int64(offset)  // offset <= high - low, so no overflow.
            }
        }
        if high < 0 {
            return Gen.typed { source throws(GenerationError) in
                let offset = try source.choice(upTo: UInt64(bitPattern: high &- low))
                return high - Int64(bitPattern: offset)  // stays within low...high.
            }
        }
        return Gen.typed { source throws(GenerationError) in
            let negative = try source.choice(upTo: 1) { rng in rng.next(upTo: 1) } == 1
            if negative {
                // magnitude in 1...|low|
                let magnitude = 1 + (try source.choice(upTo: low.magnitude - 1))
                return Int64(truncatingIfNeeded: 0 &- magnitude)
            }
            return Int64(try source.choice(upTo: UInt64(high)))
        }
    }

    /// Any `Int64`; shrinks toward 0.
    package static var int64: Gen<Int64> { int(in: Int64.min...Int64.max) }
}

extension Gen where Value == Int {
    /// An `Int` in `range`; shrinks like ``Gen/int(in:)-(ClosedRange<Int64>)``.
    package static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen<Int64>.int(in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
    }
}
