package import PlaytimeSystem

/// Moves a return's signed answer to the return itself along the boot clock (docs/journal-format.md §10,
/// rule S, and §12).
enum SignedTimeProjection {
    /// The earliest time of a return whose signed answer, proving `signed`, was recorded at `recordedAt`.
    ///
    /// The answer record comes before the return record. Read after the answer arrived in the return's boot
    /// and at or after the return's own reading, it is moved back: `signed − distance − drift(distance)`.
    /// Otherwise the answer was taken before the return was read (an app killed after the answer and
    /// relaunched, in this boot or another), and `signed` itself bounds the later return. `nil` only for an
    /// unrepresentable distance.
    static func arrivalEarliest(
        signed: Int64, recordedAt: ClockReading, arrival: ClockReading,
        driftPPM: Int64 = VerdictConfiguration.standard.driftPPM
    ) -> Int64? {
        guard let boot = arrival.bootID, recordedAt.bootID == boot else { return signed }
        let (distance, overflow) = recordedAt.bootNanoseconds.subtractingReportingOverflow(arrival.bootNanoseconds)
        guard !overflow else { return nil }
        guard distance > 0 else { return signed }
        let back = Saturating.add(distance, TimeSpan.driftAllowance(for: distance, ppm: driftPPM))
        return Saturating.subtract(signed, back)
    }
}
