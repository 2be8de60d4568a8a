package import PlaytimeSystem

/// Network time at one boot-clock instant, with its error bound: what an NTP fix proves about that instant.
package struct NetworkTime: Sendable, Hashable, Codable {
    /// Network (true) time, Unix nanoseconds.
    package var unixNanoseconds: Int64
    /// True time lies within ± this.
    package var errorBoundNanoseconds: Int64

    /// Creates a network time.
    package init(unixNanoseconds: Int64, errorBoundNanoseconds: Int64) {
        self.unixNanoseconds = unixNanoseconds
        self.errorBoundNanoseconds = errorBoundNanoseconds
    }

    /// Lowest value true time can have.
    package var earliest: Int64 { unixNanoseconds &- errorBoundNanoseconds }
    /// Highest value true time can have.
    package var latest: Int64 { unixNanoseconds &+ errorBoundNanoseconds }

    /// This network time carried along the boot clock by `bootDelta` nanoseconds (same boot only),
    /// its error grown by `driftPPM` of the distance.
    package func projected(byBootNanoseconds bootDelta: Int64, driftPPM: Int64) -> NetworkTime {
        let drift = Int64(clamping: bootDelta.magnitude / 1_000_000 * UInt64(max(0, driftPPM)))
        return NetworkTime(unixNanoseconds: unixNanoseconds &+ bootDelta, errorBoundNanoseconds: errorBoundNanoseconds &+ drift)
    }
}
