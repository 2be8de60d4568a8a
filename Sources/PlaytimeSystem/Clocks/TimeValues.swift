/// A length of time in nanoseconds, negative when it runs backwards (a boot clock that went back). Arithmetic
/// saturates (``Saturating``): a span never traps or wraps, whatever a journal or a server claims.
package struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds in a second.
    package static let nanosecondsPerSecond: Int64 = 1_000_000_000
    /// No time.
    package static let zero = TimeSpan(nanoseconds: 0)
    /// The longest span (what saturation reaches).
    package static let maximum = TimeSpan(nanoseconds: .max)

    /// The span in nanoseconds.
    package var nanoseconds: Int64

    /// A span of `nanoseconds`.
    @_transparent
    package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// A span of whole seconds (saturating).
    @_transparent
    package static func seconds(_ seconds: Int64) -> TimeSpan {
        TimeSpan(nanoseconds: Saturating.multiply(seconds, nanosecondsPerSecond))
    }

    /// A span of whole milliseconds (saturating).
    @_transparent
    package static func milliseconds(_ milliseconds: Int64) -> TimeSpan {
        TimeSpan(nanoseconds: Saturating.multiply(milliseconds, 1_000_000))
    }

    /// Whole seconds, rounded toward minus infinity.
    package var floorSeconds: Int64 { Self.floorSeconds(nanoseconds) }

    /// Whole seconds, rounded toward plus infinity.
    package var ceilingSeconds: Int64 { Self.ceilingSeconds(nanoseconds) }

    /// The span's length whichever way it runs, clamped to ``maximum``.
    package var magnitude: TimeSpan { TimeSpan(nanoseconds: Saturating.distance(nanoseconds, 0)) }

    /// The drift a clock of `ppm` parts per million may gather over this span (either direction): `ceil(|span| ×
    /// ppm / 10⁶)`, never negative (docs/journal-format.md §10).
    package func driftAllowance(ppm: Int64) -> TimeSpan {
        TimeSpan(nanoseconds: Self.driftAllowance(for: nanoseconds, ppm: ppm))
    }

    /// "3.002 s".
    package var description: String {
        let (seconds, remainder) = nanoseconds.quotientAndRemainder(dividingBy: Self.nanosecondsPerSecond)
        let millis = Swift.abs(remainder) / 1_000_000
        let sign = nanoseconds < 0 && seconds == 0 ? "-" : ""
        return "\(sign)\(seconds).\(String(repeating: "0", count: 3 - String(millis).count))\(millis) s"
    }

    @_transparent package static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: Saturating.add(lhs.nanoseconds, rhs.nanoseconds)) }
    @_transparent package static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
        TimeSpan(nanoseconds: Saturating.subtract(lhs.nanoseconds, rhs.nanoseconds))
    }
    @_transparent package static prefix func - (span: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: Saturating.subtract(0, span.nanoseconds)) }
    @_transparent package static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Whole seconds of `nanoseconds`, rounded toward minus infinity.
    package static func floorSeconds(_ nanoseconds: Int64) -> Int64 {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: nanosecondsPerSecond)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Whole seconds of `nanoseconds`, rounded toward plus infinity.
    package static func ceilingSeconds(_ nanoseconds: Int64) -> Int64 {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: nanosecondsPerSecond)
        return remainder > 0 ? quotient + 1 : quotient
    }

    /// `ceil(|span| × ppm / 10⁶)` in nanoseconds, never negative, clamped to Int64.max.
    package static func driftAllowance(for span: Int64, ppm: Int64) -> Int64 {
        // |span| × ppm + 999 999 in 128 bits (two 64-bit halves: UInt128 needs macOS 15, docs/apple.md).
        let product = span.magnitude.multipliedFullWidth(by: UInt64(max(0, ppm)))
        let (low, carry) = product.low.addingReportingOverflow(999_999)
        let high = product.high &+ (carry ? 1 : 0)  // product.high ≤ 2⁶⁴ − 2: cannot wrap
        // A high half ≥ 10⁶ means a quotient ≥ 2⁶⁴, beyond Int64.max (and beyond dividingFullWidth).
        guard high < 1_000_000 else { return .max }
        let scaled = UInt64(1_000_000).dividingFullWidth((high: high, low: low)).quotient
        return scaled > UInt64(Int64.max) ? .max : Int64(scaled)
    }
}

/// Which clock an ``Instant`` is of: instants of different clocks never mix (a boot-clock instant minus a Unix
/// instant does not compile).
package protocol TimeFrame {}

/// A boot clock: nanoseconds since the boot began, counting sleep. Only instants of one boot compare
/// (``ClockReading/bootID``).
package enum BootTime: TimeFrame {}

/// Absolute time: Unix nanoseconds (UTC since 1970), from a wall clock, network time, signed time or a server's
/// clock.
package enum UnixTime: TimeFrame {}

/// An instant of the clock `Frame`. Arithmetic saturates (``Saturating``).
package struct Instant<Frame: TimeFrame>: Hashable, Comparable, Sendable {
    /// Nanoseconds since the clock's origin.
    package var nanoseconds: Int64

    /// The instant `nanoseconds` after the clock's origin.
    @_transparent
    package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    @_transparent package static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
        TimeSpan(nanoseconds: Saturating.subtract(lhs.nanoseconds, rhs.nanoseconds))
    }
    @_transparent package static func + (lhs: Instant, rhs: TimeSpan) -> Instant { Instant(nanoseconds: Saturating.add(lhs.nanoseconds, rhs.nanoseconds)) }
    @_transparent package static func - (lhs: Instant, rhs: TimeSpan) -> Instant { Instant(nanoseconds: Saturating.subtract(lhs.nanoseconds, rhs.nanoseconds)) }
    @_transparent package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// An instant of a boot clock.
package typealias BootInstant = Instant<BootTime>
/// An instant of absolute time.
package typealias UnixInstant = Instant<UnixTime>

extension ClockReading {
    /// The boot clock's instant.
    package var boot: BootInstant { BootInstant(nanoseconds: bootNanoseconds) }
    /// The wall clock's instant.
    package var wall: UnixInstant { UnixInstant(nanoseconds: wallNanoseconds) }
}
