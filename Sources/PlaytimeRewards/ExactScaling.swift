/// Exact evaluation of `floor(base × f₁ × … × fₙ / denominator)` without overflow.
///
/// The value is tracked as `quotient + remainder / denominator` with
/// `remainder < denominator`; each factor multiplies both parts, and the
/// remainder's product is divided with a 256-bit intermediate
/// (`multipliedFullWidth` / `dividingFullWidth`). Nothing is rounded until the
/// single floor at the end, and a result above `Int64.max` saturates (which can
/// only ever pay less than the exact value, never more).
enum ExactScaling {
    /// The floored result and whether it was clamped to `Int64.max`.
    struct Result: Equatable {
        var value: Int64
        var saturated: Bool
    }

    /// `floor(base × Π factors / denominator)`; `denominator` must be positive.
    static func floorOfProduct(base: UInt128, factors: [UInt64], denominator: UInt128) -> Result {
        guard denominator > 0 else { return Result(value: 0, saturated: false) }
        if base == 0 || factors.contains(0) { return Result(value: 0, saturated: false) }
        let ceiling = UInt128(Int64.max)
        // Fast path: when the whole product fits in 128 bits, one division is exact.
        var product = base
        var fits = true
        for factor in factors {
            let (next, overflow) = product.multipliedReportingOverflow(by: UInt128(factor))
            if overflow { fits = false; break }
            product = next
        }
        if fits {
            let exact = product / denominator
            return exact > ceiling ? Result(value: .max, saturated: true) : Result(value: Int64(exact), saturated: false)
        }
        var quotient = base / denominator
        var remainder = base % denominator
        for factor in factors {
            let wide = UInt128(factor)
            // remainder < denominator, so remainder × factor < denominator × 2¹²⁸:
            // the high half is below the divisor and the division cannot overflow.
            let product = remainder.multipliedFullWidth(by: wide)
            let (carry, nextRemainder) = denominator.dividingFullWidth(product)
            let scaled = quotient.multipliedReportingOverflow(by: wide)
            let summed = scaled.partialValue.addingReportingOverflow(carry)
            if scaled.overflow || summed.overflow || summed.partialValue > ceiling {
                return Result(value: .max, saturated: true)
            }
            quotient = summed.partialValue
            remainder = nextRemainder
        }
        if quotient > ceiling { return Result(value: .max, saturated: true) }
        return Result(value: Int64(quotient), saturated: false)
    }
}
