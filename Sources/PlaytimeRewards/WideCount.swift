/// An unsigned integer below 2^128 as two 64-bit halves, for sums that can pass 2^64: the weighted seconds
/// of a reward, the gold of an audit's budget window. `UInt128` would need macOS 15 / iOS 18 (docs/apple.md).
/// Overflow traps, as it would for `UInt128`; every use stays far below 2^128 (a reward's weighted seconds
/// below 2^78, RewardCalculator's `Scale`).
package struct WideCount: Equatable, Sendable {
    /// Bits 64–127.
    package var high: UInt64
    /// Bits 0–63.
    package var low: UInt64

    /// `value`, widened.
    package init(_ value: UInt64) {
        high = 0
        low = value
    }

    /// The full product `a × b` (never overflows).
    package init(_ a: UInt64, times b: UInt64) {
        (high, low) = a.multipliedFullWidth(by: b)
    }

    /// True for 0.
    package var isZero: Bool { high == 0 && low == 0 }

    /// `a + b`; traps on overflow.
    package static func + (a: WideCount, b: WideCount) -> WideCount {
        let (low, carry) = a.low.addingReportingOverflow(b.low)
        let (high, overflow) = a.high.addingReportingOverflow(b.high)
        let (carried, overflowAgain) = high.addingReportingOverflow(carry ? 1 : 0)
        precondition(!overflow && !overflowAgain, "WideCount addition overflow")
        var sum = WideCount(low)
        sum.high = carried
        return sum
    }

    /// `self × factor`; traps on overflow.
    package func multiplied(by factor: UInt64) -> WideCount {
        var product = WideCount(low, times: factor)
        let (upper, upperLow) = high.multipliedFullWidth(by: factor)
        let (high, overflow) = product.high.addingReportingOverflow(upperLow)
        precondition(upper == 0 && !overflow, "WideCount multiplication overflow")
        product.high = high
        return product
    }

    /// `a − b`; traps when `b > a`.
    package static func - (a: WideCount, b: WideCount) -> WideCount {
        let (low, borrow) = a.low.subtractingReportingOverflow(b.low)
        let (high, underflow) = a.high.subtractingReportingOverflow(b.high)
        let (borrowed, underflowAgain) = high.subtractingReportingOverflow(borrow ? 1 : 0)
        precondition(!underflow && !underflowAgain, "WideCount subtraction underflow")
        var difference = WideCount(low)
        difference.high = borrowed
        return difference
    }

    /// The value, or `Int64.max` when it is larger.
    package var clampedToInt64: Int64 {
        high == 0 && low <= UInt64(Int64.max) ? Int64(low) : .max
    }
}
