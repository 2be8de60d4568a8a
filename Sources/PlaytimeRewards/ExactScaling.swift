/// Exact evaluation of `floor(base × f₁ × … × fₙ / (d₁ × … × dₘ))` without overflow.
///
/// When the product fits in 128 bits it is divided in place, without allocating. Otherwise the
/// numerator is computed exactly as a little-endian array of 64-bit limbs (each factor multiplies
/// it with `multipliedFullWidth`). Either way it is then divided by each divisor in turn with
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
    static func floorOfProduct<Factors: Collection<UInt64>>(base: WideCount, factors: Factors, divisors: [UInt64]) -> Result {
        guard !divisors.isEmpty, !divisors.contains(0) else { return Result(value: 0, saturated: false) }
        if base.isZero || factors.contains(0) { return Result(value: 0, saturated: false) }
        // Fast path, without allocating: the whole product fits in 128 bits.
        var product = base
        var fits = true
        for factor in factors {
            guard let next = product.multipliedIfFits(by: factor) else {
                fits = false
                break
            }
            product = next
        }
        if fits {
            for divisor in divisors { product = product.dividedFloor(by: divisor) }
            return product.high == 0 && product.low <= UInt64(Int64.max)
                ? Result(value: Int64(product.low), saturated: false) : Result(value: .max, saturated: true)
        }
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
            carry = high &+ (overflow ? 1 : 0)  // high ≤ 2⁶⁴ − 2, so this cannot wrap
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
        for divisor in divisors { pack(divisor, into: &words) }
        return words.isEmpty ? [1] : words
    }

    /// Multiplies `divisor` into the last word of `words` when the product fits, else appends it.
    static func pack(_ divisor: UInt64, into words: inout [UInt64]) {
        if let last = words.last {
            let (product, overflow) = last.multipliedReportingOverflow(by: divisor)
            if !overflow {
                words[words.count - 1] = product
                return
            }
        }
        words.append(divisor)
    }
}

extension WideCount {
    /// `self × factor`, or `nil` when it does not fit in 128 bits.
    fileprivate func multipliedIfFits(by factor: UInt64) -> WideCount? {
        let (lowCarry, low) = self.low.multipliedFullWidth(by: factor)
        let (upper, upperLow) = high.multipliedFullWidth(by: factor)
        let (high, overflow) = upperLow.addingReportingOverflow(lowCarry)
        guard upper == 0, !overflow else { return nil }
        var product = WideCount(low)
        product.high = high
        return product
    }

    /// `floor(self / divisor)`; `divisor` > 0.
    fileprivate func dividedFloor(by divisor: UInt64) -> WideCount {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: divisor)
        // highRemainder < divisor, so the low quotient fits in 64 bits.
        var quotient = WideCount(divisor.dividingFullWidth((high: highRemainder, low: low)).quotient)
        quotient.high = highQuotient
        return quotient
    }
}
