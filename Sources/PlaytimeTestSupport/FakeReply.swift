import PlaytimeNTP

/// How a fake server answers a request: honest, or with one specific defect.
package enum FakeReply: Sendable, Hashable {
    /// A valid reply whose clock is `offsetNanoseconds` away from true time.
    case honest(offsetNanoseconds: Int64 = 0, stratum: UInt8 = 2)
    /// A valid reply from a clock that is `offsetNanoseconds` away from true time at `sinceUnixNanoseconds` and
    /// drifts by `ppm` parts per million from then on (a negative `ppm` runs slow): an imperfect public server.
    case drifting(offsetNanoseconds: Int64, ppm: Int64, sinceUnixNanoseconds: Int64)
    /// A valid-looking reply whose origin timestamp does not echo the request.
    case spoofedOrigin
    /// A Kiss-o'-Death with this code (`DENY`, `RSTR`, `RATE`, …).
    case kissOfDeath(String)
    /// Leap indicator 3.
    case unsynchronized
    /// A reply with this stratum (0 without a code, or 16 and above).
    case stratum(UInt8)
    /// A zero receive timestamp.
    case zeroReceive
    /// A zero transmit timestamp.
    case zeroTransmit
    /// Only the first `length` bytes of a valid reply.
    case short(length: Int)
    /// A reply with this mode instead of 4.
    case mode(UInt8)
    /// A reply with this version.
    case version(UInt8)
    /// A reply whose root dispersion is this large.
    case rootDispersion(nanoseconds: Int64)
    /// A reply claiming more server processing time than the whole round trip.
    case negativeDelay
    /// A spoofed reply first, then the honest one.
    case spoofedThenHonest
    /// No reply at all.
    case silent

    /// The datagrams to send for a request, given the server's receive and transmit instants (true Unix ns).
    package func datagrams(for request: [UInt8], receivedUnixNanoseconds t2: Int64, transmitUnixNanoseconds t3: Int64) -> [[UInt8]] {
        guard let query = NTPPacket(decoding: request) else { return [] }
        var packet = NTPPacket(
            leap: 0, version: 4, mode: 4, stratum: 2, poll: 4, precision: -20,
            rootDelay: NTPShortFormat(nanoseconds: 1_000_000), rootDispersion: NTPShortFormat(nanoseconds: 1_000_000),
            referenceID: 0x7F00_0001, referenceTimestamp: NTPTimestamp(unixNanoseconds: t2 - 10_000_000_000),
            originTimestamp: query.transmitTimestamp,
            receiveTimestamp: NTPTimestamp(unixNanoseconds: t2), transmitTimestamp: NTPTimestamp(unixNanoseconds: t3))
        switch self {
        case .honest(let offset, let stratum):
            packet.stratum = stratum
            packet.receiveTimestamp = NTPTimestamp(unixNanoseconds: t2 + offset)
            packet.transmitTimestamp = NTPTimestamp(unixNanoseconds: t3 + offset)
        case .drifting(let offset, let ppm, let since):
            let current = offset + (t2 - since) / 1_000_000 * ppm
            packet.receiveTimestamp = NTPTimestamp(unixNanoseconds: t2 + current)
            packet.transmitTimestamp = NTPTimestamp(unixNanoseconds: t3 + current)
        case .spoofedOrigin:
            packet.originTimestamp = NTPTimestamp(rawValue: query.transmitTimestamp.rawValue ^ 0x0000_0001_0000_0000)
        case .kissOfDeath(let code):
            packet.stratum = 0
            packet.referenceID = code.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } << (8 * UInt32(4 - min(4, code.utf8.count)))
        case .unsynchronized: packet.leap = 3
        case .stratum(let stratum): packet.stratum = stratum
        case .zeroReceive: packet.receiveTimestamp = .zero
        case .zeroTransmit: packet.transmitTimestamp = .zero
        case .short(let length): return [Array(packet.encoded().prefix(max(0, length)))]
        case .mode(let mode): packet.mode = mode
        case .version(let version): packet.version = version
        case .rootDispersion(let nanoseconds): packet.rootDispersion = NTPShortFormat(nanoseconds: nanoseconds)
        case .negativeDelay:
            packet.receiveTimestamp = NTPTimestamp(unixNanoseconds: t2 - 1_000_000_000)
            packet.transmitTimestamp = NTPTimestamp(unixNanoseconds: t3 + 1_000_000_000)
        case .spoofedThenHonest:
            var spoof = packet
            spoof.originTimestamp = NTPTimestamp(rawValue: query.transmitTimestamp.rawValue &+ 1)
            return [spoof.encoded(), packet.encoded()]
        case .silent: return []
        }
        return [packet.encoded()]
    }
}
