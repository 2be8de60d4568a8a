internal import PlaytimeNTP
internal import PlaytimeSystem

extension NTPFix {
    /// Network time at `reading` (same boot as the fix), or `nil` for another boot.
    package func networkTime(at reading: ClockReading) -> NetworkTime? {
        projectedNetworkTime(at: reading).map { NetworkTime(unixNanoseconds: $0.unixNanoseconds, errorBoundNanoseconds: $0.errorBoundNanoseconds) }
    }
}
