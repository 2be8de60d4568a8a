/// The 32-bit NTP short format (16 bits of seconds, 16 of fraction) used for root delay and root dispersion.
package struct NTPShortFormat: Sendable, Hashable {
    /// The raw wire bits.
    package var rawValue: UInt32

    /// Wraps raw wire bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Encodes a non-negative duration, rounding up and saturating at the format's maximum (65536 s).
    package init(nanoseconds: Int64) {
        guard nanoseconds > 0 else {
            self.rawValue = 0
            return
        }
        let units = (UInt64(nanoseconds) << 16 + 999_999_999) / 1_000_000_000
        self.rawValue = UInt32(clamping: units)
    }

    /// The duration in nanoseconds (rounded up, so error bounds never shrink).
    package var nanoseconds: Int64 {
        Int64((UInt64(rawValue) * 1_000_000_000 + 0xFFFF) >> 16)
    }
}
