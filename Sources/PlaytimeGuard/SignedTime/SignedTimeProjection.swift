/// Moves a return's signed answer back to the return itself along the boot clock
/// (docs/journal-format.md §10, rule S).
enum SignedTimeProjection {
    /// The earliest time of a return whose signed answer, proving `signed`, was recorded at `recordedAt`:
    /// `signed − (boot distance) − drift(distance)`. `nil` when the answer belongs to another (or an
    /// unknown) boot, or was recorded before the return on the boot clock.
    static func arrivalEarliest(signed: Int64, recordedAt: ClockReading, arrival: ClockReading,
                                driftPPM: Int64 = VerdictConfiguration.standard.driftPPM) -> Int64? {
        guard let boot = arrival.bootID, recordedAt.bootID == boot else { return nil }
        let distance = Nanoseconds.subtract(recordedAt.bootNanoseconds, arrival.bootNanoseconds)
        guard distance >= 0 else { return nil }
        let back = Nanoseconds.add(distance, Nanoseconds.driftAllowance(for: distance, ppm: driftPPM))
        return Nanoseconds.subtract(signed, back)
    }
}
