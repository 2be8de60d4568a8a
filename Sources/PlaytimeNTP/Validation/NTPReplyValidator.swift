/// The local side of one exchange: where on the boot clock the request left and the reply arrived,
/// and the wall/boot frame the query is measured in.
package struct NTPExchangeTiming: Sendable, Hashable {
    /// Wall clock read once at the start of the query.
    package var frameWallNanoseconds: Int64
    /// Boot clock read together with `frameWallNanoseconds`.
    package var frameBootNanoseconds: Int64
    /// Boot clock just before the request was sent (T1).
    package var sentBootNanoseconds: Int64
    /// Boot clock when the reply arrived (T4): the kernel's receive stamp mapped onto the boot clock where the
    /// platform gives one (SO_TIMESTAMPNS), else read just after the receive.
    package var receivedBootNanoseconds: Int64

    /// Creates a timing record.
    package init(frameWallNanoseconds: Int64, frameBootNanoseconds: Int64, sentBootNanoseconds: Int64, receivedBootNanoseconds: Int64) {
        self.frameWallNanoseconds = frameWallNanoseconds
        self.frameBootNanoseconds = frameBootNanoseconds
        self.sentBootNanoseconds = sentBootNanoseconds
        self.receivedBootNanoseconds = receivedBootNanoseconds
    }

    /// T1 in the query's wall frame.
    var t1: Int64 { frameWallNanoseconds + (sentBootNanoseconds - frameBootNanoseconds) }
    /// T4 in the query's wall frame.
    var t4: Int64 { frameWallNanoseconds + (receivedBootNanoseconds - frameBootNanoseconds) }
}

/// Limits a reply must meet to be believed.
package struct NTPValidationLimits: Sendable, Hashable {
    /// Largest acceptable rootDelay/2 + rootDispersion. Default 1 s.
    package var maximumRootDistanceNanoseconds: Int64 = 1_000_000_000
    /// Precision of our own timestamps, added to tolerances and error bounds. Default 1 µs.
    package var localPrecisionNanoseconds: Int64 = 1_000

    /// The defaults.
    package init() {}
}

/// Checks a reply that echoed our nonce the way chrony does, and turns it into a sample.
package enum NTPReplyValidator {
    /// Validates `datagram` (already known to echo `nonce`) and computes offset and delay.
    package static func validate(
        _ datagram: [UInt8], nonce: UInt64, timing: NTPExchangeTiming, limits: NTPValidationLimits
    ) -> Result<NTPSample, NTPRejection> {
        guard let packet = NTPPacket(decoding: datagram) else { return .failure(.shortPacket(length: datagram.count)) }
        guard packet.originTimestamp.rawValue == nonce else { return .failure(.originMismatch) }
        guard packet.mode == 4 else { return .failure(.wrongMode(packet.mode)) }
        guard (1...4).contains(packet.version) else { return .failure(.unsupportedVersion(packet.version)) }
        if packet.stratum == 0 { return .failure(.kissOfDeath(code: packet.kissCode ?? "?")) }
        guard packet.leap != 3 else { return .failure(.unsynchronized) }
        guard packet.stratum < 16 else { return .failure(.stratumOutOfRange(packet.stratum)) }
        guard !packet.receiveTimestamp.isZero else { return .failure(.zeroTimestamp(field: "receive")) }
        guard !packet.transmitTimestamp.isZero else { return .failure(.zeroTimestamp(field: "transmit")) }

        let t1 = timing.t1
        let t4 = timing.t4
        let t2 = packet.receiveTimestamp.unixNanoseconds(near: t1)
        let t3 = packet.transmitTimestamp.unixNanoseconds(near: t1)
        let (forward, o1) = t2.subtractingReportingOverflow(t1)
        let (backward, o2) = t3.subtractingReportingOverflow(t4)
        let (roundTrip, o3) = (t4 - t1).subtractingReportingOverflow(t3 &- t2)
        guard !o1, !o2, !o3 else { return .failure(.negativeDelay(nanoseconds: Int64.min)) }
        let offset = forward / 2 + backward / 2 + (forward % 2 + backward % 2) / 2

        let sample = NTPSample(
            offsetNanoseconds: offset,
            delayNanoseconds: roundTrip,
            rootDelayNanoseconds: packet.rootDelay.nanoseconds,
            rootDispersionNanoseconds: packet.rootDispersion.nanoseconds,
            stratum: Int(packet.stratum),
            precisionExponent: Int(packet.precision),
            leap: Int(packet.leap),
            receivedBootNanoseconds: timing.receivedBootNanoseconds
        )
        let tolerance = sample.precisionNanoseconds + limits.localPrecisionNanoseconds
        guard roundTrip >= -tolerance else { return .failure(.negativeDelay(nanoseconds: roundTrip)) }
        guard sample.rootDistanceNanoseconds <= limits.maximumRootDistanceNanoseconds else {
            return .failure(.rootDistanceTooLarge(nanoseconds: sample.rootDistanceNanoseconds, limit: limits.maximumRootDistanceNanoseconds))
        }
        return .success(sample)
    }
}
