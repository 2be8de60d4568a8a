/// Why a datagram from a server was not accepted as a time sample.
package enum NTPRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than 48 bytes.
    case shortPacket(length: Int)
    /// The origin timestamp does not echo our random nonce: a spoofed, stale or duplicated reply.
    case originMismatch
    /// Mode other than 4 (server).
    case wrongMode(UInt8)
    /// Version outside 1–4.
    case unsupportedVersion(UInt8)
    /// Leap indicator 3: the server's clock is not synchronized.
    case unsynchronized
    /// Stratum 0: a Kiss-o'-Death with its four-letter code.
    case kissOfDeath(code: String)
    /// Stratum 16 or more: the server is not synchronized to anything.
    case stratumOutOfRange(UInt8)
    /// A receive or transmit timestamp of zero.
    case zeroTimestamp(field: String)
    /// rootDelay/2 + rootDispersion above the configured maximum.
    case rootDistanceTooLarge(nanoseconds: Int64, limit: Int64)
    /// The round-trip delay is negative by more than the clocks' precision.
    case negativeDelay(nanoseconds: Int64)

    /// A stable kebab-case name, for JSON and logs.
    package var code: String {
        switch self {
        case .shortPacket: return "short-packet"
        case .originMismatch: return "origin-mismatch"
        case .wrongMode: return "wrong-mode"
        case .unsupportedVersion: return "unsupported-version"
        case .unsynchronized: return "unsynchronized"
        case .kissOfDeath: return "kiss-of-death"
        case .stratumOutOfRange: return "stratum-out-of-range"
        case .zeroTimestamp: return "zero-timestamp"
        case .rootDistanceTooLarge: return "root-distance-too-large"
        case .negativeDelay: return "negative-delay"
        }
    }

    /// A sentence a person can act on.
    package var description: String {
        switch self {
        case .shortPacket(let length): return "short-packet: \(length) bytes, a header needs 48"
        case .originMismatch: return "origin-mismatch: reply does not echo our request's transmit timestamp (spoofed or stale)"
        case .wrongMode(let mode): return "wrong-mode: mode \(mode), expected 4 (server)"
        case .unsupportedVersion(let version): return "unsupported-version: version \(version), expected 1-4"
        case .unsynchronized: return "unsynchronized: leap indicator 3 (server clock not synchronized)"
        case .kissOfDeath(let code): return "kiss-of-death: \(code)"
        case .stratumOutOfRange(let stratum): return "stratum-out-of-range: stratum \(stratum) (16 means unsynchronized)"
        case .zeroTimestamp(let field): return "zero-timestamp: \(field) timestamp is zero"
        case .rootDistanceTooLarge(let distance, let limit):
            return "root-distance-too-large: \(formatSeconds(distance)) s over the \(formatSeconds(limit)) s limit"
        case .negativeDelay(let delay): return "negative-delay: \(formatSeconds(delay)) s"
        }
    }
}

/// Seconds with six decimals, sign only when negative.
func formatSeconds(_ nanoseconds: Int64) -> String {
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let micros = (magnitude + 500) / 1000
    let whole = micros / 1_000_000
    let fraction = String(micros % 1_000_000)
    return sign + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
}
