package import PlaytimeSystem

/// Network time agreed by several servers, anchored to the boot clock so it can be projected later
/// without another query.
package struct NTPFix: Sendable, Hashable, Codable {
    /// Network time minus local wall time at the anchor.
    package var offsetNanoseconds: Int64
    /// True network time lies within ± this of the estimate at the anchor.
    package var errorBoundNanoseconds: Int64
    /// Lowest round-trip delay among the agreeing servers.
    package var delayNanoseconds: Int64
    /// Lowest stratum among the agreeing servers.
    package var stratum: Int
    /// The local clocks when the query started; the offset is relative to this frame.
    package var anchor: ClockReading
    /// Drift bound (ppm) by which the error grows as the fix is projected.
    package var driftPPM: Int64
    /// Every server's outcome, in the order given.
    package var servers: [NTPServerOutcome]

    /// Creates a fix.
    package init(
        offsetNanoseconds: Int64, errorBoundNanoseconds: Int64, delayNanoseconds: Int64, stratum: Int,
        anchor: ClockReading, driftPPM: Int64, servers: [NTPServerOutcome]
    ) {
        self.offsetNanoseconds = offsetNanoseconds
        self.errorBoundNanoseconds = errorBoundNanoseconds
        self.delayNanoseconds = delayNanoseconds
        self.stratum = stratum
        self.anchor = anchor
        self.driftPPM = driftPPM
        self.servers = servers
    }

    /// Network time (Unix nanoseconds) at the anchor.
    package var networkNanosecondsAtAnchor: Int64 { anchor.wallNanoseconds + offsetNanoseconds }

    /// Network time at a later (or earlier) boot-clock instant of the same boot, with its error bound:
    /// the anchor's error plus `driftPPM` of the boot-clock distance. `nil` for another boot, or when the time
    /// falls outside the Int64 range; an error bound beyond it is clamped to `Int64.max` (never trapping: a fix
    /// may carry any bound).
    package func projectedNetworkTime(at reading: ClockReading) -> (unixNanoseconds: Int64, errorBoundNanoseconds: Int64)? {
        guard reading.bootID == anchor.bootID else { return nil }
        let (distance, distanceOverflow) = reading.bootNanoseconds.subtractingReportingOverflow(anchor.bootNanoseconds)
        let (atAnchor, anchorOverflow) = anchor.wallNanoseconds.addingReportingOverflow(offsetNanoseconds)
        let (time, timeOverflow) = atAnchor.addingReportingOverflow(distance)
        guard !distanceOverflow, !anchorOverflow, !timeOverflow else { return nil }
        let (drift, driftOverflow) = (distance.magnitude / 1_000_000).multipliedReportingOverflow(by: UInt64(max(0, driftPPM)))
        let (error, errorOverflow) = errorBoundNanoseconds.addingReportingOverflow(Int64(clamping: drift))
        return (time, driftOverflow || errorOverflow ? .max : error)
    }
}
