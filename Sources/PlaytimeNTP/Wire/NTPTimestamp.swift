/// A 64-bit NTP timestamp: 32 bits of seconds since the start of an NTP era, 32 bits of fraction.
///
/// NTP era 0 began 1900-01-01T00:00:00Z and ends 2036-02-07T06:28:16Z, when the seconds field wraps.
/// A timestamp alone does not say its era, so conversion to Unix time takes a pivot: the result is the
/// instant congruent to the timestamp (mod 2³² s) that lies within 68 years of the pivot.
package struct NTPTimestamp: Sendable, Hashable, CustomStringConvertible {
    /// The 64 raw bits as sent on the wire (seconds in the high half).
    package var rawValue: UInt64

    /// Seconds from 1900-01-01 (the NTP prime epoch) to 1970-01-01 (the Unix epoch).
    package static let unixEpochOffsetSeconds: Int64 = 2_208_988_800

    /// The zero timestamp, which NTP uses to mean "unknown".
    package static let zero = NTPTimestamp(rawValue: 0)

    /// Wraps raw wire bits.
    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Builds a timestamp from its seconds and fraction fields.
    package init(seconds: UInt32, fraction: UInt32) {
        rawValue = UInt64(seconds) << 32 | UInt64(fraction)
    }

    /// Encodes a Unix time; the era is dropped (it wraps every 2³² seconds), the fraction is rounded to nearest.
    package init(unixNanoseconds: Int64) {
        let (unixSeconds, nanos) = floorDivide(unixNanoseconds, 1_000_000_000)
        var fraction = (UInt64(nanos) << 32 + 500_000_000) / 1_000_000_000
        var ntpSeconds = unixSeconds &+ Self.unixEpochOffsetSeconds
        if fraction == 1 << 32 {
            fraction = 0
            ntpSeconds &+= 1
        }
        self.init(seconds: UInt32(truncatingIfNeeded: ntpSeconds), fraction: UInt32(fraction))
    }

    /// The seconds field (seconds within the era).
    package var seconds: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) }
    /// The fraction field, in units of 2⁻³² s.
    package var fraction: UInt32 { UInt32(truncatingIfNeeded: rawValue) }
    /// True for the all-zero timestamp.
    package var isZero: Bool { rawValue == 0 }

    /// Unix nanoseconds of this timestamp in the era that puts it within ±2³¹ s of `pivot`.
    /// Saturates at the ends of `Int64` (years 1677 and 2262) rather than trapping.
    package func unixNanoseconds(near pivotUnixNanoseconds: Int64) -> Int64 {
        let pivotNTPSeconds = floorDivide(pivotUnixNanoseconds, 1_000_000_000).quotient + Self.unixEpochOffsetSeconds
        let windowStart = pivotNTPSeconds - (1 << 31)
        let distance = (Int64(seconds) - windowStart) & 0xFFFF_FFFF
        let ntpSeconds = windowStart + distance
        let nanos = Int64((UInt64(fraction) * 1_000_000_000 + (1 << 31)) >> 32)
        let (scaled, overflow) = (ntpSeconds - Self.unixEpochOffsetSeconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return ntpSeconds < 0 ? Int64.min : Int64.max }
        let (result, carry) = scaled.addingReportingOverflow(nanos)
        return carry ? Int64.max : result
    }

    /// Hex of the raw bits, e.g. `e5f1c2a0.80000000`.
    package var description: String {
        hex(seconds) + "." + hex(fraction)
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
}

/// Division rounding toward negative infinity, with a non-negative remainder.
func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = value / divisor
    var remainder = value % divisor
    if remainder < 0 {
        quotient -= 1
        remainder += divisor
    }
    return (quotient, remainder)
}
