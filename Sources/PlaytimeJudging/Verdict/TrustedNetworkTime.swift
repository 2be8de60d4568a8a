/// Network time at one instant as an interval, with saturating edges: the verdict's view of `NetworkTime`.
struct TrustedNetworkTime: Sendable, Hashable {
    /// The estimate.
    var unixNanoseconds: Int64
    /// The error bound (never negative).
    var errorNanoseconds: Int64

    /// `nil` for a negative error bound: such evidence would claim better than perfect knowledge.
    init?(_ time: NetworkTime?) {
        guard let time, time.errorBoundNanoseconds >= 0 else { return nil }
        unixNanoseconds = time.unixNanoseconds
        errorNanoseconds = time.errorBoundNanoseconds
    }

    private init(unixNanoseconds: Int64, errorNanoseconds: Int64) {
        self.unixNanoseconds = unixNanoseconds
        self.errorNanoseconds = errorNanoseconds
    }

    /// The lowest value true time can have.
    var earliest: Int64 { Nanoseconds.subtract(unixNanoseconds, errorNanoseconds) }
    /// The highest value true time can have.
    var latest: Int64 { Nanoseconds.add(unixNanoseconds, errorNanoseconds) }

    /// Carried `bootDelta` along the boot clock of the same boot, the error grown by the drift allowance.
    func projected(byBootNanoseconds bootDelta: Int64, driftPPM: Int64) -> TrustedNetworkTime {
        TrustedNetworkTime(unixNanoseconds: Nanoseconds.add(unixNanoseconds, bootDelta),
                           errorNanoseconds: Nanoseconds.add(errorNanoseconds, Nanoseconds.driftAllowance(for: bootDelta, ppm: driftPPM)))
    }
}
