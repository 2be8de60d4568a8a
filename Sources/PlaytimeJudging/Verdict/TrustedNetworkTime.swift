internal import PlaytimeSystem

/// Network time at one instant as an interval, with saturating edges: the verdict's view of `NetworkTime`.
struct TrustedNetworkTime: Sendable, Hashable {
    /// The estimate.
    var estimate: UnixInstant
    /// The error bound (never negative).
    var error: TimeSpan

    /// `nil` for a negative error bound: such evidence would claim better than perfect knowledge.
    init?(_ time: NetworkTime?) {
        guard let time, time.errorBoundNanoseconds >= 0 else { return nil }
        estimate = UnixInstant(nanoseconds: time.unixNanoseconds)
        error = TimeSpan(nanoseconds: time.errorBoundNanoseconds)
    }

    private init(estimate: UnixInstant, error: TimeSpan) {
        self.estimate = estimate
        self.error = error
    }

    /// The lowest value true time can have.
    var earliest: UnixInstant { estimate - error }
    /// The highest value true time can have.
    var latest: UnixInstant { estimate + error }

    /// Carried `bootDelta` along the boot clock of the same boot, the error grown by the drift allowance.
    func projected(by bootDelta: TimeSpan, driftPPM: Int64) -> TrustedNetworkTime {
        TrustedNetworkTime(estimate: estimate + bootDelta, error: error + bootDelta.driftAllowance(ppm: driftPPM))
    }
}
