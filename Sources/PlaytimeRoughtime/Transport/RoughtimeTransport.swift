package import PlaytimeSystem

/// What became of one request sent to one server.
package enum RoughtimeExchangeOutcome: Sendable {
    /// A datagram whose `NONC` is the request's arrived (not yet verified otherwise); or, at the deadline,
    /// the last datagram that arrived without it, for the verifier to name its defect.
    case reply(datagram: [UInt8], address: SocketAddress, sentBootNanoseconds: Int64, receivedBootNanoseconds: Int64)
    /// Sent, but nothing answering the nonce arrived before the deadline.
    case timedOut(address: SocketAddress)
    /// Could not be sent, or every address refused it.
    case failed(SystemError, address: SocketAddress?)
}

/// How the client reaches servers. Production uses `SocketRoughtimeTransport`; tests may script one.
package protocol RoughtimeTransport: Sendable {
    /// Every address of `host`.
    nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError>
    /// Sends `request` to the first address that has a route and waits up to `timeoutNanoseconds` for a
    /// datagram carrying `nonce` in its `NONC` (others do not end the wait, so junk cannot hide the answer;
    /// the last of them is the reply when nothing better arrives).
    nonisolated(nonsending) func exchange(
        _ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
        timeoutNanoseconds: Int64
    ) async -> RoughtimeExchangeOutcome
    /// True when some non-loopback interface is up: tells "offline" from "DNS broken".
    nonisolated(nonsending) func hasUsableInterface() async -> Bool
}

/// Reading a candidate response's nonce without verifying anything else.
package enum RoughtimeNonceProbe {
    /// True when `datagram` is a packet whose top-level message carries `NONC` = `nonce`.
    package static func answers(_ nonce: [UInt8], in datagram: ArraySlice<UInt8>) -> Bool {
        guard let message = try? RoughtimePacket.message(in: datagram),
            let parsed = try? RoughtimeMessage(parsing: message),
            let value = parsed[.nonce]
        else { return false }
        return value.elementsEqual(nonce)
    }
}
