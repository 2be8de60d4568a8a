package import PlaytimeSystem

/// The device's fix of the server's time from an anchor record (docs/journal-format.md §14.4): the server
/// issued the token between `sent` and `received` on the boot clock, so at `received` its clock read
/// between the token's time and the token's time plus the round trip. The fix is the middle of that
/// interval, `time + rtt/2`, with error `ceil(rtt/2)`; it is projected along the boot clock as an NTP fix is.
extension AnchorRecord {
    /// The network time at `received` (the reading it belongs to), for an anchor of `serverNanoseconds`; `nil`
    /// when the round trip was not measured (no boot identity: the enrollment, or an unknown boot), when
    /// `received` precedes `sent`, or when the figures leave the Int64 range or put the earliest time the fix
    /// allows before 1970.
    package func networkFix(serverNanoseconds: Int64) -> (reading: ClockReading, network: NetworkTime)? {
        guard let bootID else { return nil }
        let (roundTrip, overflow) = receivedBootNanoseconds.subtractingReportingOverflow(sentBootNanoseconds)
        guard !overflow, roundTrip >= 0 else { return nil }
        let half = roundTrip / 2
        let error = roundTrip - half
        let (time, timeOverflow) = serverNanoseconds.addingReportingOverflow(half)
        guard !timeOverflow, serverNanoseconds >= 0, time - error >= 0 else { return nil }
        return (
            ClockReading(wallNanoseconds: wallNanoseconds, bootNanoseconds: receivedBootNanoseconds, bootID: bootID),
            NetworkTime(unixNanoseconds: time, errorBoundNanoseconds: error)
        )
    }
}
