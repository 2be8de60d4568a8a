import PlaytimeCrypto
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting
import Testing

@testable import PlaytimeRoughtime

/// A transport scripted per address: answers from a `FakeRoughtimeResponder` at a fixed time, or fails.
/// Nothing touches the network and nothing sleeps.
final class ScriptedRoughtimeTransport: RoughtimeTransport {
    enum Behaviour: Sendable {
        case answer(FakeRoughtimeResponder, now: UInt64, RoughtimeMisbehaviour)
        case fail(errno: Int32)
        case silent
    }

    let behaviours: [String: Behaviour]
    let names: [String: Result<[SocketAddress], ResolveError>]
    let interfaceUp: Bool
    /// The boot clock the exchanges are stamped on, and how long each one takes on it (answered or silent):
    /// a manual clock makes a chain's timing a value; without one the real boot clock stamps and nothing waits.
    let clock: ManualClock?
    let exchangeNanoseconds: Int64
    private let log = ThreadLock<[[UInt8]]>([])

    init(
        _ behaviours: [String: Behaviour], names: [String: Result<[SocketAddress], ResolveError>] = [:], interfaceUp: Bool = true,
        clock: ManualClock? = nil, exchangeNanoseconds: Int64 = 0
    ) {
        self.behaviours = behaviours
        self.names = names
        self.interfaceUp = interfaceUp
        self.clock = clock
        self.exchangeNanoseconds = exchangeNanoseconds
    }

    var requests: [[UInt8]] { log.withLock { $0 } }

    nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        return names[host] ?? .failure(ResolveError(code: -2, host: host))
    }

    nonisolated(nonsending) func exchange(
        _ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
        timeoutNanoseconds: Int64
    ) async -> RoughtimeExchangeOutcome {
        log.withLock { $0.append(request) }
        let address = addresses[0]
        let sent = clock?.read().bootNanoseconds ?? SystemClock.bootNanoseconds()
        clock?.advance(nanoseconds: exchangeNanoseconds)
        switch behaviours[address.description] ?? .silent {
        case .answer(let responder, let now, let misbehaviour):
            guard let response = responder.response(to: request, now: now, misbehaviour: misbehaviour) else { return .timedOut(address: address) }
            let received = clock?.read().bootNanoseconds ?? SystemClock.bootNanoseconds()
            return .reply(datagram: response, address: address, sentBootNanoseconds: sent, receivedBootNanoseconds: received)
        case .fail(let code): return .failed(SystemError(code: code, operation: "connect"), address: address)
        case .silent: return .timedOut(address: address)
        }
    }

    nonisolated(nonsending) func hasUsableInterface() async -> Bool { interfaceUp }
}

/// The first exchange through one scripted transport, the later ones through another (a fast server, then a slow one).
final class TwoTransports: RoughtimeTransport {
    let first: ScriptedRoughtimeTransport
    let then: ScriptedRoughtimeTransport
    private let used = ThreadLock(false)

    init(first: ScriptedRoughtimeTransport, then: ScriptedRoughtimeTransport) {
        self.first = first
        self.then = then
    }

    nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        await first.resolve(host: host, port: port)
    }

    nonisolated(nonsending) func exchange(
        _ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
        timeoutNanoseconds: Int64
    ) async -> RoughtimeExchangeOutcome {
        let isFirst = used.withLock { used in
            defer { used = true }
            return !used
        }
        return await (isFirst ? first : then).exchange(request, nonce: nonce, addresses: addresses, timeoutNanoseconds: timeoutNanoseconds)
    }

    nonisolated(nonsending) func hasUsableInterface() async -> Bool { true }
}

/// Linux's ENETUNREACH, as the NTP client tests script it.
let networkUnreachable: Int32 = 101

@Suite("Roughtime client with a scripted transport (no network)")
struct ScriptedTransportTests {
    static let day: UInt64 = 1_796_083_200
    let responder = FakeRoughtimeResponder(seed: [UInt8](repeating: 1, count: 32))

    func server(_ port: UInt16, host: String = "192.0.2.1", key: Ed25519PublicKey? = nil) -> RoughtimeServer {
        RoughtimeServer(host: host, port: port, publicKey: key ?? responder.publicKey)
    }

    @Test("The chain's timing as a value (an injected clock): an answer's latest bound is carried to the end of the chain, exactly")
    func carriedBoundIsExact() async {
        // Server 1 answers at `day` (radius 1 s) after 0.1 s; server 2 is silent and takes 2.4 s more. The end of the
        // chain is 2.4 s after the answer: its latest bound moves by 3 whole seconds, its earliest stays.
        let clock = ManualClock()
        let transport = ScriptedRoughtimeTransport(
            ["192.0.2.1:1": .answer(responder, now: Self.day, .honest)],
            clock: clock, exchangeNanoseconds: 100_000_000)
        let silent = ScriptedRoughtimeTransport(
            ["192.0.2.1:1": .answer(responder, now: Self.day, .honest)],
            clock: clock, exchangeNanoseconds: 2_400_000_000)
        let one = await RoughtimeClient(servers: [server(1)], transport: transport, clock: clock).query(firstNonce: randomNonce())
        #expect(one.status == .verified)
        #expect(one.earliestSeconds == Self.day - 1 && one.latestSeconds == Self.day + 1)
        let start = clock.read().bootNanoseconds
        let two = await RoughtimeClient(
            servers: [server(1), server(2)], transport: TwoTransports(first: transport, then: silent),
            clock: clock
        ).query(firstNonce: randomNonce())
        #expect(clock.read().bootNanoseconds - start == 2_500_000_000)
        #expect(two.status == .verified)
        #expect(two.earliestSeconds == Self.day - 1)
        #expect(two.latestSeconds == Self.day + 1 + 3)
    }

    @Test("No route to any server: offline, and every answer says no-route")
    func offline() async {
        #expect(SystemError(code: networkUnreachable, operation: "connect").meansNoRoute)
        let transport = ScriptedRoughtimeTransport(["192.0.2.1:1": .fail(errno: networkUnreachable), "192.0.2.1:2": .fail(errno: networkUnreachable)])
        let result = await RoughtimeClient(servers: [server(1), server(2)], transport: transport).query(firstNonce: randomNonce())
        #expect(result.status == .offline)
        #expect(result.answers.map { $0.outcome.failureCode } == ["no-route", "no-route"])
    }

    @Test("Names that do not resolve: offline without an interface, no-answer with one")
    func dns() async {
        for interfaceUp in [false, true] {
            let transport = ScriptedRoughtimeTransport([:], interfaceUp: interfaceUp)
            let result = await RoughtimeClient(servers: [server(2002, host: "roughtime.example.com")], transport: transport).query(firstNonce: randomNonce())
            #expect(result.status == (interfaceUp ? .untrustworthy(.noAnswer) : .offline))
            #expect(result.answers.first?.outcome.failureCode == "dns-failure")
        }
    }

    @Test("One server without route and one silent: no-answer, not offline")
    func mixed() async {
        let transport = ScriptedRoughtimeTransport(["192.0.2.1:1": .fail(errno: networkUnreachable), "192.0.2.1:2": .silent])
        let result = await RoughtimeClient(servers: [server(1), server(2)], transport: transport).query(firstNonce: randomNonce())
        #expect(result.status == .untrustworthy(.noAnswer))
    }

    @Test("A scripted chain at a fixed time: verified, midpoint exactly the servers' time, requests chained")
    func chain() async throws {
        let now = Self.day
        let transport = ScriptedRoughtimeTransport([
            "192.0.2.1:1": .answer(responder, now: now, .honest), "192.0.2.1:2": .answer(responder, now: now + 1, .batched(size: 5, index: 3)),
        ])
        let first = randomNonce()
        let result = await RoughtimeClient(servers: [server(1), server(2)], transport: transport).query(firstNonce: first)
        #expect(result.status == .verified)
        // The client allows the whole seconds elapsed since each answer arrived (rounded up, so at least 1 here).
        #expect(result.earliestSeconds == now && (result.latestSeconds ?? 0) >= now + 2)
        // With no time elapsed: [now−1, now+1] ∩ [now, now+2] = [now, now+1], midpoint now (rounded down), radius 1.
        let instant = RoughtimeChainResult(answers: result.answers)
        #expect(instant.earliestSeconds == now && instant.latestSeconds == now + 1)
        #expect(instant.midpointSeconds == now && instant.radiusSeconds == 1)
        #expect(transport.requests == result.answers.map(\.request))
        let second = try RoughtimeRequest.parse(transport.requests[1][...]).nonce
        #expect(Array(second) == RoughtimeChain.nextNonce(previousResponse: try #require(result.answers[0].response), blind: result.answers[1].blind))
    }

    @Test("The responder's answers: honest verifies at its time; each defect is refused the same way as over a socket")
    func responderDefects() throws {
        let nonce = randomNonce()
        let request = RoughtimeRequest.make(nonce: nonce, serverKey: responder.publicKey)
        let honest = try #require(responder.response(to: request, now: Self.day, misbehaviour: .honest))
        #expect(
            RoughtimeVerifier.verify(request: request, response: honest, publicKey: responder.publicKey)
                == .success(RoughtimeTime(midpointSeconds: Self.day, radiusSeconds: 1, version: RoughtimeVersion.one)))
        for (misbehaviour, expected) in FakeServerTests.defects {
            let response = try #require(responder.response(to: request, now: Self.day, misbehaviour: misbehaviour))
            guard case .failure(let rejection) = RoughtimeVerifier.verify(request: request, response: response, publicKey: responder.publicKey) else {
                Issue.record("\(misbehaviour) verified")
                continue
            }
            #expect(rejection.code == expected.code, "\(misbehaviour): \(rejection)")
        }
        // Offering only the draft number gets a draft answer, signed with the drafts' contexts.
        let draftRequest = RoughtimeRequest.make(nonce: nonce, versions: [RoughtimeVersion.draft])
        let draft = try #require(responder.response(to: draftRequest, now: Self.day, misbehaviour: .honest))
        #expect(
            RoughtimeVerifier.verify(request: draftRequest, response: draft, publicKey: responder.publicKey).map(\.version) == .success(RoughtimeVersion.draft))
    }

    @Test("No mutation of a valid answer verifies with another time (random byte changes, property)")
    func mutations() throws {
        let request = RoughtimeRequest.make(nonce: [UInt8](repeating: 3, count: 32), serverKey: responder.publicKey)
        let genuine = try #require(responder.response(to: request, now: Self.day, misbehaviour: .batched(size: 4, index: 2)))
        let expected = RoughtimeTime(midpointSeconds: Self.day, radiusSeconds: 1, version: RoughtimeVersion.one)
        let mutation = Gen.zip(Gen.int(in: 0...(genuine.count - 1)), Gen.int(in: 1...255))
        let key = responder.publicKey
        try PropertyCheck.forAll(mutation.array(count: 1...3), count: 300, name: "mutations") { changes in
            var bytes = genuine
            for (index, mask) in changes { bytes[index] ^= UInt8(mask) }
            switch RoughtimeVerifier.verify(request: request, response: bytes, publicKey: key) {
            case .success(let time): return time == expected
            case .failure: return true
            }
        }
    }
}
