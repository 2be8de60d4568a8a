package import PlaytimeRoughtime

/// Signed time from PlaytimeRoughtime's client and the game's configured servers (their keys are the
/// game's configuration, never learnt from the network).
package struct RoughtimeSignedTimeSource: SignedTimeSource {
    /// The servers asked, in chain order.
    package let servers: [RoughtimeServer]
    /// Checks answers against the configured servers' keys.
    package let verifier: SignedTimeVerifier
    private let transport: any RoughtimeTransport
    private let clock: any ClockSource

    /// Creates a source asking `servers` through `transport` (the socket transport on `clock` without one), its
    /// client reading `clock` (the recorder's).
    package init(servers: [RoughtimeServer], transport: (any RoughtimeTransport)? = nil, clock: any ClockSource = SystemClockSource()) {
        self.servers = servers
        self.transport = transport ?? SocketRoughtimeTransport(clock: clock)
        self.clock = clock
        self.verifier = SignedTimeVerifier(trustedKeys: servers.map(\.publicKey))
    }

    /// One chained query, the budget shared between the servers; only verified answers are returned, so
    /// each link's nonce is derived from the previous link's response (the client chains on verified ones).
    package nonisolated(nonsending) func links(firstNonce: [UInt8], withinNanoseconds budgetNanoseconds: Int64) async -> [SignedTimeLink] {
        guard !servers.isEmpty, firstNonce.count == 32 else { return [] }
        let share = max(1_000_000, budgetNanoseconds / Int64(servers.count))
        let client = RoughtimeClient(servers: servers, transport: transport, timeoutNanoseconds: share, clock: clock)
        let result = await client.query(firstNonce: firstNonce)
        guard result.status == .verified else { return [] }
        return result.answers.compactMap { answer in
            guard answer.time != nil, let response = answer.response else { return nil }
            return SignedTimeLink(
                publicKey: answer.server.publicKey.rawRepresentation, blind: answer.blind,
                request: answer.request, response: response)
        }
    }
}
