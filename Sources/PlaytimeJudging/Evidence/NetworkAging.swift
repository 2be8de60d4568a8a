internal import PlaytimeSystem

extension NetworkTime {
    /// This network time carried `bootDelta` nanoseconds along the boot clock, its error grown by `driftPPM`
    /// of the distance, or `nil` when that cannot be done sanely: a negative error bound, or a time, delta
    /// or error that leaves the Int64 range. The recorder drops such a reading rather than trap on it or
    /// write a wrapped (even negative) error bound; a journal can hold any numbers its key holder wrote.
    package func aged(byBootNanoseconds bootDelta: Int64, driftPPM: Int64) -> NetworkTime? {
        guard errorBoundNanoseconds >= 0 else { return nil }
        let (drift, driftOverflow) = (bootDelta.magnitude / 1_000_000).multipliedReportingOverflow(by: UInt64(max(0, driftPPM)))
        guard !driftOverflow, let growth = Int64(exactly: drift) else { return nil }
        let (time, timeOverflow) = unixNanoseconds.addingReportingOverflow(bootDelta)
        let (error, errorOverflow) = errorBoundNanoseconds.addingReportingOverflow(growth)
        guard !timeOverflow, !errorOverflow else { return nil }
        return NetworkTime(unixNanoseconds: time, errorBoundNanoseconds: error)
    }
}
