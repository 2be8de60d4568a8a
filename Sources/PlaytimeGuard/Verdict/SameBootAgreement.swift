/// Compares network time with the boot clock between two readings of one boot.
enum SameBootAgreement {
    /// The gap between the network delta and the boot delta from `start` to `end`, and what their errors
    /// and the drift allow; `nil` without usable network time at both ends.
    static func gap(start: Evidence, end: Evidence, driftPPM: Int64) -> (networkDelta: Int64, bootDelta: Int64, gap: Int64, allowed: Int64)? {
        guard let first = TrustedNetworkTime(start.network), let last = TrustedNetworkTime(end.network) else { return nil }
        let bootDelta = Nanoseconds.subtract(end.clock.bootNanoseconds, start.clock.bootNanoseconds)
        let networkDelta = Nanoseconds.subtract(last.unixNanoseconds, first.unixNanoseconds)
        let drift = Nanoseconds.driftAllowance(for: max(0, bootDelta), ppm: driftPPM)
        let allowed = Nanoseconds.add(Nanoseconds.add(first.errorNanoseconds, last.errorNanoseconds), drift)
        return (networkDelta, bootDelta, Nanoseconds.distance(networkDelta, bootDelta), allowed)
    }

    /// True when network time says less time passed than the boot clock, beyond the allowed error.
    static func networkFallsShort(departure: Evidence, arrival: Evidence, driftPPM: Int64) -> Bool {
        guard let found = gap(start: departure, end: arrival, driftPPM: driftPPM) else { return false }
        return found.gap > found.allowed && found.networkDelta < found.bootDelta
    }

    /// True when `later` (a fix of the same boot, after both) agrees with `departure` along the boot clock.
    static func agrees(departure: Evidence, later: Evidence, driftPPM: Int64) -> Bool {
        guard later.clock.bootNanoseconds >= departure.clock.bootNanoseconds,
              let found = gap(start: departure, end: later, driftPPM: driftPPM) else { return false }
        return found.gap <= found.allowed
    }
}
