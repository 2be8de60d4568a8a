import PlaytimeNTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Retransmission within one check, in simulated time (scripted transport, manual clock): nothing sleeps.
@Suite("NTP client retries (scripted)")
struct RetryTests {
    let clock = ManualClock()

    func client(_ scripts: [String: ScriptedNTPTransport.Script], configure: (inout NTPConfiguration) -> Void = { _ in })
        -> (NTPClient, ScriptedNTPTransport)
    {
        var configuration = NTPConfiguration()
        configure(&configuration)
        let transport = ScriptedNTPTransport(clock: clock, scripts: scripts)
        return (NTPClient(configuration: configuration, transport: transport, clock: clock), transport)
    }

    func server(_ number: Int) -> NTPServer { NTPServer(host: "127.0.0.\(number)", port: 123) }
    func key(_ number: Int) -> String { "127.0.0.\(number):123" }

    @Test("The default schedule waits 200, 250, 312 and 390 ms between five requests; `none` sends one")
    func schedule() {
        let policy = NTPRetryPolicy()
        #expect((0..<5).map { policy.waitNanoseconds(afterTransmission: $0) } == [200_000_000, 250_000_000, 312_500_000, 390_625_000, nil])
        #expect(NTPRetryPolicy.none.waitNanoseconds(afterTransmission: 0) == nil)
        #expect(NTPConfiguration().timeoutNanoseconds == 1_500_000_000)
    }

    @Test("A lost first request is retransmitted after 200 ms with a new origin, and the reply to it gives the fix")
    func lostFirstRequest() async throws {
        let (client, transport) = client([key(1): .init(replies: [.silent, .honest(offsetNanoseconds: 7_000_000)])])
        let start = clock.bootNanoseconds()
        let fix = try await client.query([server(1)])
        #expect(transport.sent.count == 2)
        #expect(clock.bootNanoseconds() - start == 200_000_000 + 10_000_000)
        #expect(abs(fix.offsetNanoseconds - 7_000_000) <= fix.errorBoundNanoseconds)
    }

    @Test("A silent server receives at most five requests and the check ends at its timeout")
    func silentServerIsBounded() async throws {
        let (client, transport) = client([key(1): .init(replies: [.silent])])
        let start = clock.bootNanoseconds()
        await #expect(throws: NTPError.self) { try await client.query([self.server(1)]) }
        #expect(transport.sent.count == 5)
        #expect(clock.bootNanoseconds() - start == 1_500_000_000)
    }

    @Test("The foreground budget caps the retries: a 400 ms budget sends two requests and ends at 400 ms")
    func budgetCapsRetries() async throws {
        let (client, transport) = client([key(1): .init(replies: [.silent])])
        let start = clock.bootNanoseconds()
        await #expect(throws: NTPError.self) { try await client.query([self.server(1)], timeoutNanoseconds: 400_000_000) }
        #expect(transport.sent.count == 2)
        #expect(clock.bootNanoseconds() - start == 400_000_000)
    }

    @Test("Two of three agree after the first window: the check stops, the silent one is asked once")
    func stopsAtQuorum() async throws {
        let (client, transport) = client([
            key(1): .init(replies: [.honest()]), key(2): .init(replies: [.honest()]),
            key(3): .init(replies: [.silent]),
        ])
        let start = clock.bootNanoseconds()
        let fix = try await client.query([server(1), server(2), server(3)])
        #expect(transport.sent.count == 3)
        #expect(clock.bootNanoseconds() - start == 200_000_000)
        #expect(fix.servers.map(\.status) == [.ok, .ok, .timeout])
    }

    @Test("One answer of three is not a quorum yet: the others are asked again, and the fix uses all three")
    func retriesUntilQuorum() async throws {
        let (client, transport) = client([
            key(1): .init(replies: [.honest()]), key(2): .init(replies: [.silent, .silent, .honest()]),
            key(3): .init(replies: [.silent, .honest()]),
        ])
        let fix = try await client.query([server(1), server(2), server(3)])
        // 3 first requests, then 2, then (server 3 answered, two of three agree) stop.
        #expect(transport.sent.count == 5)
        #expect(fix.servers.map(\.status) == [.ok, .timeout, .ok])
    }

    @Test("Offline is still immediate: no route means one attempt per server and no waiting")
    func offlineDoesNotRetry() async throws {
        let (client, transport) = client([key(1): .init(replies: [.honest()], sendErrno: 101), key(2): .init(replies: [.honest()], sendErrno: 101)])
        let start = clock.bootNanoseconds()
        do {
            _ = try await client.query([server(1), server(2)])
            Issue.record("expected offline")
        } catch {
            #expect(error.kind == .offline)
        }
        #expect(transport.sent.count == 2)
        #expect(clock.bootNanoseconds() == start)
    }

    @Test("A Kiss-o'-Death is never retransmitted to; a rejected reply is, and a later valid one is used")
    func kissAndRejection() async throws {
        let (client, transport) = client([key(1): .init(replies: [.kissOfDeath("RATE")]), key(2): .init(replies: [.unsynchronized, .honest()])])
        let fix = try await client.query([server(1), server(2)])
        #expect(transport.sent.filter { $0.description == key(1) }.count == 1)
        #expect(transport.sent.filter { $0.description == key(2) }.count == 2)
        #expect(fix.servers[1].status == .ok)
    }

    @Test("Retries off: one request per server, as before")
    func retriesOff() async throws {
        let (client, transport) = client([key(1): .init(replies: [.silent, .honest()])]) { $0.retry = .none }
        await #expect(throws: NTPError.self) { try await client.query([self.server(1)]) }
        #expect(transport.sent.count == 1)
    }
}
