package import PlaytimeSystem

/// One request of a round: where to send it (in order of preference) and the nonce it carries.
package struct NTPRequest: Sendable {
    /// Candidate addresses; the next is tried when one has no route or refuses.
    package var addresses: [SocketAddress]
    /// The random transmit timestamp the reply must echo.
    package var nonce: UInt64

    /// Creates a request.
    package init(addresses: [SocketAddress], nonce: UInt64) {
        self.addresses = addresses
        self.nonce = nonce
    }

    /// The 48 bytes sent.
    package var datagram: [UInt8] { NTPPacket.clientRequest(nonce: nonce).encoded() }
}

/// What became of one request.
package struct NTPExchangeResult: Sendable {
    /// The end state of the request.
    package enum Outcome: Sendable {
        /// A datagram echoing the nonce arrived (not yet validated otherwise).
        case reply(datagram: [UInt8], address: SocketAddress, sentBootNanoseconds: Int64, receivedBootNanoseconds: Int64)
        /// Sent, but nothing echoing the nonce arrived before the deadline.
        case timedOut(address: SocketAddress)
        /// Could not be sent, or every address refused it.
        case failed(SystemError, address: SocketAddress?)
    }

    /// The end state.
    package var outcome: Outcome
    /// Datagrams that did not echo the nonce (short or wrong origin), which were ignored.
    package var ignored: [NTPRejection]

    /// Creates a result.
    package init(outcome: Outcome, ignored: [NTPRejection] = []) {
        self.outcome = outcome
        self.ignored = ignored
    }
}

/// How the client reaches servers. Production uses `SocketNTPTransport`; tests script one.
package protocol NTPTransport: Sendable {
    /// Every address of `host`.
    nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError>
    /// Sends every request at once and waits until each has a reply echoing its nonce, or the timeout.
    nonisolated(nonsending) func exchange(_ requests: [NTPRequest], timeoutNanoseconds: Int64) async -> [NTPExchangeResult]
    /// True when some non-loopback interface is up: used to tell "offline" from "DNS broken".
    nonisolated(nonsending) func hasUsableInterface() async -> Bool
}
