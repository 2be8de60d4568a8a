/// Int64 arithmetic that clamps at the type's range instead of trapping or wrapping: the package's one saturating
/// rule (``TimeSpan``, ``BootInstant`` and ``UnixInstant`` are built on it; so are gold sums). Times and amounts
/// come from files and the network, so any value is possible and none may crash a verdict or a payment.
package enum Saturating {
    /// `a + b`, clamped to the Int64 range.
    @_transparent
    package static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// `a - b`, clamped to the Int64 range.
    @_transparent
    package static func subtract(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return b < 0 ? .max : .min
    }

    /// `a × b`, clamped to the Int64 range.
    @_transparent
    package static func multiply(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return product }
        return (a < 0) == (b < 0) ? .max : .min
    }

    /// `|a - b|`, clamped to Int64.max.
    @_transparent
    package static func distance(_ a: Int64, _ b: Int64) -> Int64 {
        let difference = subtract(a, b)
        return difference == .min ? .max : Swift.abs(difference)
    }
}
