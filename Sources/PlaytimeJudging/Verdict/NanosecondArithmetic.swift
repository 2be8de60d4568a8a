/// Int64 nanosecond arithmetic that clamps instead of trapping: evidence comes from files and the
/// network, so any value is possible and none may crash a verdict.
package enum Nanoseconds {
    /// One second.
    package static let perSecond: Int64 = 1_000_000_000

    /// `a + b`, clamped to the Int64 range.
    package static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// `a - b`, clamped to the Int64 range.
    package static func subtract(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return b < 0 ? .max : .min
    }

    /// `|a - b|`, clamped to Int64.max.
    static func distance(_ a: Int64, _ b: Int64) -> Int64 {
        let difference = subtract(a, b)
        return difference == .min ? .max : Swift.abs(difference)
    }

    /// The drift allowance for a boot-clock span: `ceil(|span| × ppm / 10⁶)`, never negative.
    package static func driftAllowance(for span: Int64, ppm: Int64) -> Int64 {
        // |span| × ppm + 999 999 in 128 bits (two 64-bit halves: UInt128 needs macOS 15, docs/apple.md).
        let product = span.magnitude.multipliedFullWidth(by: UInt64(max(0, ppm)))
        let (low, carry) = product.low.addingReportingOverflow(999_999)
        let high = product.high &+ (carry ? 1 : 0) // product.high ≤ 2⁶⁴ − 2: cannot wrap
        // A high half ≥ 10⁶ means a quotient ≥ 2⁶⁴, beyond Int64.max (and beyond dividingFullWidth).
        guard high < 1_000_000 else { return .max }
        let scaled = UInt64(1_000_000).dividingFullWidth((high: high, low: low)).quotient
        return scaled > UInt64(Int64.max) ? .max : Int64(scaled)
    }

    /// Whole seconds, rounded toward minus infinity.
    package static func floorSeconds(_ nanoseconds: Int64) -> Int64 {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: perSecond)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Whole seconds, rounded toward plus infinity.
    static func ceilingSeconds(_ nanoseconds: Int64) -> Int64 {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: perSecond)
        return remainder > 0 ? quotient + 1 : quotient
    }
}
