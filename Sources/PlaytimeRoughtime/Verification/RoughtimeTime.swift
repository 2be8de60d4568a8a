/// A response that verified completely: the server's signed time.
package struct RoughtimeTime: Sendable, Equatable {
    /// `MIDP`: Unix seconds at the moment the server processed the request.
    package var midpointSeconds: UInt64
    /// `RADI`: the server's bound, in seconds, on the distance of the true time from `MIDP` (never 0).
    package var radiusSeconds: UInt32
    /// The version the response was made with (`SREP`'s `VER`).
    package var version: UInt32

    /// Creates a time.
    package init(midpointSeconds: UInt64, radiusSeconds: UInt32, version: UInt32) {
        self.midpointSeconds = midpointSeconds
        self.radiusSeconds = radiusSeconds
        self.version = version
    }

    /// `MIDP − RADI`, saturating at 0.
    package var earliestSeconds: UInt64 { midpointSeconds > UInt64(radiusSeconds) ? midpointSeconds - UInt64(radiusSeconds) : 0 }
    /// `MIDP + RADI`, saturating at `UInt64.max`.
    package var latestSeconds: UInt64 {
        let (sum, overflow) = midpointSeconds.addingReportingOverflow(UInt64(radiusSeconds))
        return overflow ? .max : sum
    }
}
