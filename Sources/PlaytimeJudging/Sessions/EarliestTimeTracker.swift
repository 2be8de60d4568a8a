internal import PlaytimeSystem

/// The earliest Unix time each record of a journal can have been written at, carried along the chain.
///
/// Records are in the order they were written, so a lower bound proven for one record holds for every later
/// one. Within a boot a network fix is carried forward along the boot clock (less the drift allowance). When
/// a new boot begins, it began after every earlier record, so a record of a boot without any fix of its own
/// happened at least its boot-clock reading after the latest bound proven before that boot. This is only
/// true of honest reboots — which is the point: a forged reboot (a new boot id over a boot clock that kept
/// counting) then contradicts the proven return time (see `docs/guarantees.md`, V20).
struct EarliestTimeTracker: Sendable {
    let driftPPM: Int64
    /// The boot of the latest record, if it named one.
    private var boot: String?
    /// Network time's lower edge and the boot reading it was read at, for the latest fix in `boot`.
    private var anchor: (earliest: Int64, bootNanoseconds: Int64)?
    /// The latest bound proven for a record before `boot` began.
    private var beforeBoot: Int64?
    /// The latest bound proven for a record of `boot` so far.
    private var latestInBoot: Int64?

    init(driftPPM: Int64) { self.driftPPM = driftPPM }

    /// Observes `evidence` (in journal order) and returns the earliest Unix time it can have been written at.
    mutating func observe(_ evidence: Evidence) -> Int64? {
        let reading = evidence.clock
        if reading.bootID == nil || reading.bootID != boot {
            beforeBoot = Self.later(beforeBoot, latestInBoot)
            boot = reading.bootID
            anchor = nil
            latestInBoot = nil
        }
        var bound: Int64?
        if let network = TrustedNetworkTime(evidence.network) {
            bound = network.earliest.nanoseconds
            if boot != nil { anchor = (network.earliest.nanoseconds, reading.bootNanoseconds) }
        } else if let anchor, reading.bootNanoseconds >= anchor.bootNanoseconds {
            bound = Self.carried(anchor.earliest, by: Saturating.subtract(reading.bootNanoseconds, anchor.bootNanoseconds), driftPPM: driftPPM)
        } else if boot != nil, let beforeBoot, evidence.payloadVersion < 2 {
            // Version 2 boots start at their segment's first record, not at boot: the clause has no
            // meaning there and is skipped (docs/journal-format.md §13).
            bound = Self.carried(beforeBoot, by: max(0, reading.bootNanoseconds), driftPPM: driftPPM)
        }
        latestInBoot = Self.later(latestInBoot, bound)
        return Self.later(latestInBoot, beforeBoot)
    }

    /// `start + elapsed − drift allowance`, saturating.
    private static func carried(_ start: Int64, by elapsed: Int64, driftPPM: Int64) -> Int64 {
        Saturating.add(start, max(0, Saturating.subtract(elapsed, TimeSpan.driftAllowance(for: elapsed, ppm: driftPPM))))
    }

    private static func later(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }
}
