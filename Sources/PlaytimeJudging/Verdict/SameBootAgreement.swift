internal import PlaytimeSystem

/// Compares network time with the boot clock between two readings of one boot: the one rule the verdict, the
/// recorder and the session assembler share (docs/journal-format.md §10, rule 2).
///
/// The two deltas agree when they differ by at most both network errors, the drift allowance and the clock-step
/// tolerance (``VerdictConfiguration/clockStepToleranceNanoseconds``): an NTP server a minute off, or one that
/// stepped, is not a contradiction, as a wall clock that stepped is not.
enum SameBootAgreement {
    /// How two network times of one boot compare with the boot clock between them.
    struct Gap {
        /// The network delta.
        var networkDelta: TimeSpan
        /// The boot-clock delta.
        var bootDelta: TimeSpan
        /// `|networkDelta − bootDelta|`.
        var gap: TimeSpan
        /// What the network errors, the drift and the tolerance allow.
        var allowed: TimeSpan

        /// True when the deltas differ beyond what is allowed.
        var disagrees: Bool { gap > allowed }
    }

    /// The gap between network delta and boot delta from `first` to `last` (network times of readings
    /// `bootDelta` apart on one boot's clock).
    static func gap(first: TrustedNetworkTime, last: TrustedNetworkTime, bootDelta: TimeSpan, driftPPM: Int64, tolerance: TimeSpan) -> Gap {
        let networkDelta = last.estimate - first.estimate
        let drift = max(.zero, bootDelta).driftAllowance(ppm: driftPPM)
        let allowed = first.error + last.error + drift + max(.zero, tolerance)
        return Gap(networkDelta: networkDelta, bootDelta: bootDelta, gap: (networkDelta - bootDelta).magnitude, allowed: allowed)
    }

    /// The same from `start` to `end`; `nil` without usable network time at both ends.
    static func gap(start: Evidence, end: Evidence, driftPPM: Int64, tolerance: Int64) -> Gap? {
        guard let first = TrustedNetworkTime(start.network), let last = TrustedNetworkTime(end.network) else { return nil }
        return gap(
            first: first, last: last, bootDelta: end.clock.boot - start.clock.boot, driftPPM: driftPPM,
            tolerance: TimeSpan(nanoseconds: tolerance))
    }

    /// True when network time says less time passed than the boot clock, beyond what is allowed.
    static func networkFallsShort(departure: Evidence, arrival: Evidence, driftPPM: Int64, tolerance: Int64) -> Bool {
        guard let found = gap(start: departure, end: arrival, driftPPM: driftPPM, tolerance: tolerance) else { return false }
        return found.disagrees && found.networkDelta < found.bootDelta
    }

    /// True when `later` settles the disagreement between `departure` and `arrival` of one boot (rule 2c of
    /// docs/journal-format.md §10, guarantee V18 of docs/guarantees.md): the one test the verdict, the session
    /// assembler and the recorder apply.
    ///
    /// The fix must agree with the departure along the boot clock, `|(net_p − net_d) − (boot_p − boot_d)| ≤ w`
    /// with `w = netErr_d + netErr_p + drift(boot_p − boot_d) + T` (its error bound as that comparison uses it),
    /// and `w` must be smaller than the disagreement it settles, `|(net_a − net_d) − (boot_a − boot_d)|` (the
    /// return's network delta against the boot clock's, the gap rule 2 compares; so `netErr_p` is smaller too).
    /// A fix whose bound is as wide as that gap would agree with the return's network time as well as with the
    /// boot clock, and tells nothing. False without usable network time at the departure, the return or the
    /// fix. Saturating throughout: any Int64 values, no trap.
    static func settles(departure: Evidence, arrival: Evidence, later: Evidence, driftPPM: Int64, tolerance: Int64) -> Bool {
        guard later.clock.boot >= departure.clock.boot,
            let disagreement = gap(start: departure, end: arrival, driftPPM: driftPPM, tolerance: tolerance),
            let agreement = gap(start: departure, end: later, driftPPM: driftPPM, tolerance: tolerance)
        else { return false }
        return !agreement.disagrees && agreement.allowed < disagreement.gap
    }
}
