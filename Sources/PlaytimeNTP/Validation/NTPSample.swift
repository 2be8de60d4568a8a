/// One validated reply: the clock offset and round-trip delay it measured, and the server's own error terms.
///
/// All times are nanoseconds. The offset is network time minus local time in the frame of the query
/// (the wall clock read once at the start of the query, advanced by the boot clock), so a wall-clock step
/// during the query cannot distort it.
package struct NTPSample: Sendable, Hashable, Codable {
    /// θ = ½[(T2 − T1) + (T3 − T4)].
    package var offsetNanoseconds: Int64
    /// δ = (T4 − T1) − (T3 − T2); T4 − T1 comes from the boot clock.
    package var delayNanoseconds: Int64
    /// The server's root delay.
    package var rootDelayNanoseconds: Int64
    /// The server's root dispersion.
    package var rootDispersionNanoseconds: Int64
    /// The server's stratum.
    package var stratum: Int
    /// The server's precision exponent (log2 seconds).
    package var precisionExponent: Int
    /// The server's leap indicator.
    package var leap: Int
    /// Boot-clock time at which the reply arrived.
    package var receivedBootNanoseconds: Int64

    /// Creates a sample.
    package init(
        offsetNanoseconds: Int64, delayNanoseconds: Int64, rootDelayNanoseconds: Int64,
        rootDispersionNanoseconds: Int64, stratum: Int, precisionExponent: Int, leap: Int,
        receivedBootNanoseconds: Int64
    ) {
        self.offsetNanoseconds = offsetNanoseconds
        self.delayNanoseconds = delayNanoseconds
        self.rootDelayNanoseconds = rootDelayNanoseconds
        self.rootDispersionNanoseconds = rootDispersionNanoseconds
        self.stratum = stratum
        self.precisionExponent = precisionExponent
        self.leap = leap
        self.receivedBootNanoseconds = receivedBootNanoseconds
    }

    /// rootDelay/2 + rootDispersion: how far the server itself may be from true time.
    package var rootDistanceNanoseconds: Int64 { rootDelayNanoseconds / 2 + rootDispersionNanoseconds }

    /// The server's clock precision in nanoseconds (2^precision s), at least 1 ns.
    package var precisionNanoseconds: Int64 {
        let exponent = max(-30, min(precisionExponent, 4))
        return exponent >= 0 ? 1_000_000_000 << exponent : max(1, 1_000_000_000 >> -exponent)
    }

    /// Half-width λ of the interval [θ − λ, θ + λ] that contains true network time minus local time:
    /// half the delay, the server's root distance, both clocks' precision, and drift since the sample.
    package func errorBoundNanoseconds(atBoot bootNanoseconds: Int64, driftPPM: Int64, localPrecisionNanoseconds: Int64) -> Int64 {
        let age = max(0, bootNanoseconds - receivedBootNanoseconds)
        let drift = age / 1_000_000 * driftPPM
        return max(0, delayNanoseconds) / 2 + rootDistanceNanoseconds + precisionNanoseconds
            + localPrecisionNanoseconds + drift
    }
}
