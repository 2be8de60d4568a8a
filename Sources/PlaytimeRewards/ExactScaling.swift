/// Exact evaluation of `floor(base × f₁ × … × fₙ / (d₁ × … × dₘ))` without overflow.
///
/// The numerator is computed exactly as a little-endian array of 64-bit limbs (each factor
/// multiplies it with `multipliedFullWidth`), then divided by each divisor in turn with
/// `dividingFullWidth`; `floor(floor(x / a) / b) = floor(x / (a × b))`, so nothing is rounded
/// until the single floor at the end. A result above `Int64.max` saturates (which can only
/// ever pay less than the exact value, never more). No `UInt128` (docs/apple.md).
enum ExactScaling {
    /// The floored result and whether it was clamped to `Int64.max`.
    struct Result: Equatable {
        var value: Int64
        var saturated: Bool
    }

    /// `floor(base × Π factors / Π divisors)`; every divisor must be positive (else the result is 0).
    /// Fewer divisors divide faster: ``packed(_:)`` multiplies them together where they fit.
    static func floorOfProduct(base: WideCount, factors: [UInt64], divisors: [UInt64]) -> Result {
        guard !divisors.isEmpty, !divisors.contains(0) else { return Result(value: 0, saturated: false) }
        if base.isZero || factors.contains(0) { return Result(value: 0, saturated: false) }
        var limbs: [UInt64] = base.high == 0 ? [base.low] : [base.low, base.high]
        limbs.reserveCapacity(limbs.count + factors.count)
        for factor in factors { multiply(&limbs, by: factor) }
        for divisor in divisors { divide(&limbs, by: divisor) }
        guard limbs.count == 1, limbs[0] <= UInt64(Int64.max) else { return Result(value: .max, saturated: true) }
        return Result(value: Int64(limbs[0]), saturated: false)
    }

    /// `limbs × factor`, growing by a limb when the top carry is not 0.
    private static func multiply(_ limbs: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let (high, low) = limbs[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[index] = sum
            carry = high &+ (overflow ? 1 : 0) // high ≤ 2⁶⁴ − 2, so this cannot wrap
        }
        if carry != 0 { limbs.append(carry) }
    }

    /// `floor(limbs / divisor)`, dropping top limbs that become 0 (one limb always stays).
    private static func divide(_ limbs: inout [UInt64], by divisor: UInt64) {
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            // remainder < divisor, so the quotient fits in 64 bits.
            let (quotient, rest) = divisor.dividingFullWidth((high: remainder, low: limbs[index]))
            limbs[index] = quotient
            remainder = rest
        }
        while limbs.count > 1, limbs[limbs.count - 1] == 0 { limbs.removeLast() }
    }

    /// The divisors multiplied together into as few 64-bit words as fit, in order: the same product.
    static func packed(_ divisors: [UInt64]) -> [UInt64] {
        var words: [UInt64] = []
        var current: UInt64 = 1
        for divisor in divisors {
            let (product, overflow) = current.multipliedReportingOverflow(by: divisor)
            if overflow {
                words.append(current)
                current = divisor
            } else {
                current = product
            }
        }
        words.append(current)
        return words
    }
}
