package import PlaytimeSystem

/// Asks Roughtime servers for signed time, as the draft's chain (draft-ietf-ntp-roughtime-19 §8.2).
///
/// Servers are asked one after another, each once (no retries: a caller that retries must back off as
/// §5 requires). The first request carries the caller's nonce; each later one `H(previous verified
/// response || blind)` with a fresh random 32-byte blind, so every answer commits to the first nonce.
/// When no answer has verified yet the next server is asked with the first nonce again.
package struct RoughtimeClient: Sendable {
    /// The servers, in the order asked.
    package let servers: [RoughtimeServer]
    /// How long to wait for each server's answer.
    package let timeoutNanoseconds: Int64
    private let transport: any RoughtimeTransport
    /// The boot clock the end of the chain is read on (each answer's bound is carried to it): the transport's
    /// receive stamps are on the same clock. Tests pass a manual clock with a scripted transport.
    private let clock: any ClockSource

    /// Creates a client reading `clock`; without a `transport`, the socket transport reports its instants on the
    /// same clock. Pass a scripted transport and a manual clock in tests.
    package init(
        servers: [RoughtimeServer], transport: (any RoughtimeTransport)? = nil,
        timeoutNanoseconds: Int64 = 1_000_000_000, clock: any ClockSource = SystemClockSource()
    ) {
        self.servers = servers
        self.transport = transport ?? SocketRoughtimeTransport(clock: clock)
        self.timeoutNanoseconds = max(0, timeoutNanoseconds)
        self.clock = clock
    }

    /// Queries the servers as the draft's chain; the first nonce is the caller's.
    /// - Precondition: `firstNonce` is 32 bytes.
    package nonisolated(nonsending) func query(firstNonce: [UInt8]) async -> RoughtimeChainResult {
        precondition(firstNonce.count == RoughtimeRequest.nonceSize, "a Roughtime nonce is 32 bytes")
        let addresses = await resolveAll()
        var answers: [RoughtimeAnswer] = []
        var previous: [UInt8]?
        var generator = SystemRandomNumberGenerator()
        var noRoute = 0
        var dnsFailures = 0
        for (position, server) in servers.enumerated() {
            var blind: [UInt8] = []
            var nonce = firstNonce
            if let previous {
                blind = (0..<RoughtimeRequest.nonceSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                nonce = RoughtimeChain.nextNonce(previousResponse: previous, blind: blind)
            }
            let request = RoughtimeRequest.make(nonce: nonce, serverKey: server.publicKey)
            var answer = RoughtimeAnswer(server: server, request: request, response: nil, blind: blind, outcome: .failure(.noAnswer))
            switch addresses[position] {
            case .failure(let error):
                dnsFailures += 1
                answer.outcome = .failure(.dnsFailure(error))
            case .success(let list):
                switch await transport.exchange(request, nonce: nonce, addresses: list, timeoutNanoseconds: timeoutNanoseconds) {
                case .reply(let datagram, _, _, let received):
                    answer.response = datagram
                    answer.receivedBootNanoseconds = received
                    switch RoughtimeVerifier.verify(request: request, response: datagram, publicKey: server.publicKey) {
                    case .success(let time):
                        answer.outcome = .success(time)
                        previous = datagram
                    case .failure(let rejection):
                        answer.outcome = .failure(.rejected(rejection))
                    }
                case .timedOut:
                    answer.outcome = .failure(.noAnswer)
                case .failed(let error, _):
                    if error.meansNoRoute {
                        noRoute += 1
                        answer.outcome = .failure(.noRoute(error))
                    } else {
                        answer.outcome = .failure(.unreachable(error))
                    }
                }
            }
            answers.append(answer)
        }
        var offline = false
        if !servers.isEmpty, noRoute + dnsFailures == servers.count {
            offline = noRoute > 0 ? true : !(await transport.hasUsableInterface())
        }
        return RoughtimeChainResult(answers: answers, endBootNanoseconds: clock.read().bootNanoseconds, offline: offline)
    }

    /// Every server's addresses, resolved at once by the transport.
    private nonisolated(nonsending) func resolveAll() async -> [Result<[SocketAddress], ResolveError>] {
        let transport = self.transport
        return await Resolver.resolveAll(servers.map { ($0.host, $0.port) }) { await transport.resolve(host: $0, port: $1) }
    }
}
