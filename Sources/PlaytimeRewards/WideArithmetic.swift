/// Exact Int64 arithmetic through a 128-bit intermediate built from 64-bit halves (`multipliedFullWidth`,
/// `dividingFullWidth`): `Int128` would need macOS 15 / iOS 18 (docs/apple.md).
package enum WideArithmetic {
    /// `(a × b + c) / d` computed exactly and truncated toward zero (as `Int128` division truncates),
    /// clamped to the Int64 range; 0 when `d` is 0.
    package static func multiplyAddDivide(_ a: Int64, _ b: Int64, plus c: Int64 = 0, by d: Int64) -> Int64 {
        guard d != 0 else { return 0 }
        // a × b + c in two's complement over (high, low); |a × b| ≤ 2^126, so adding c cannot overflow.
        let product = a.multipliedFullWidth(by: b)
        let (low, carry) = product.low.addingReportingOverflow(UInt64(bitPattern: c))
        let high = product.high &+ (c < 0 ? -1 : 0) &+ (carry ? 1 : 0)
        let negative = high < 0
        // The numerator's magnitude (two's complement negation when negative).
        var magnitudeHigh = UInt64(bitPattern: high)
        var magnitudeLow = low
        if negative {
            magnitudeLow = ~low &+ 1
            magnitudeHigh = ~magnitudeHigh &+ (magnitudeLow == 0 ? 1 : 0)
        }
        let divisor = d.magnitude
        let resultNegative = negative != (d < 0)
        // A high half ≥ the divisor means a quotient ≥ 2^64: beyond Int64 either way.
        guard magnitudeHigh < divisor else { return resultNegative ? .min : .max }
        let quotient = divisor.dividingFullWidth((high: magnitudeHigh, low: magnitudeLow)).quotient
        if resultNegative {
            return quotient > UInt64(Int64.max) ? .min : -Int64(quotient)
        }
        return quotient > UInt64(Int64.max) ? .max : Int64(quotient)
    }
}
