import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeNTP

/// Deterministic client tests: scripted servers on a manual clock. Nothing sleeps, nothing touches the network.
@Suite("NTP client (scripted)")
struct ClientTests {
    let a = NTPServer(host: "10.0.0.1")
    let b = NTPServer(host: "10.0.0.2")
    let c = NTPServer(host: "10.0.0.3")

    func client(
        _ scripts: [NTPServer: ScriptedNTPTransport.Script], configure: (inout NTPConfiguration) -> Void = { _ in },
        interfaceUp: Bool = true, names: [String: Result<[SocketAddress], ResolveError>] = [:]
    )
        -> (NTPClient, ScriptedNTPTransport, ManualClock)
    {
        let clock = ManualClock()
        var keyed: [String: ScriptedNTPTransport.Script] = [:]
        for (server, script) in scripts { keyed[server.description] = script }
        let transport = ScriptedNTPTransport(clock: clock, scripts: keyed, names: names, interfaceUp: interfaceUp)
        var configuration = NTPConfiguration()
        configure(&configuration)
        return (NTPClient(configuration: configuration, transport: transport, clock: clock), transport, clock)
    }

    @Test("One honest server gives its offset, within the error bound")
    func singleServer() async throws {
        let (client, _, clock) = client([a: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 1_234_567)])
        let fix = try await client.query([a])
        #expect(abs(fix.offsetNanoseconds - 1_234_567) <= fix.errorBoundNanoseconds)
        #expect(fix.delayNanoseconds == 10_000_000)
        #expect(fix.anchor.bootID == clock.read().bootID)
        #expect(fix.servers.map(\.status) == [.ok])
    }

    @Test("Three servers, one an hour ahead: the fix follows the two honest ones and names the false ticker")
    func falseTicker() async throws {
        let (client, _, _) = client([
            a: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 2_000_000),
            b: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 3_000_000),
            c: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 3_600_000_000_000),
        ])
        let fix = try await client.query([a, b, c])
        #expect(abs(fix.offsetNanoseconds - 2_500_000) < 2_000_000)
        #expect(fix.servers.map(\.status) == [.ok, .ok, .falseticker])
        #expect(fix.servers[2].reasonCode == "falseticker")
    }

    @Test("Two servers that disagree: no majority, never a guess")
    func noMajority() async {
        let (client, _, _) = client([
            a: .init(replies: [.honest()]),
            b: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 60_000_000_000),
        ])
        await #expect(throws: NTPError.self) { try await client.query([a, b]) }
        do {
            _ = try await client.query([a, b])
        } catch {
            #expect(error.kind == .noMajority)
        }
    }

    @Test("A configured quorum larger than the answers is refused")
    func quorumAtLeast() async {
        let (client, _, _) = client([a: .init(replies: [.honest()])], configure: { $0.quorum = .atLeast(2) })
        do {
            _ = try await client.query([a, b])
            Issue.record("a fix without two agreeing servers")
        } catch {
            #expect(error.kind == .noMajority)
            #expect(error.servers[1].status == .timeout)
        }
    }

    @Test("DENY and RSTR retire the server for the client's lifetime", arguments: ["DENY", "RSTR"])
    func denyRetires(code: String) async {
        let (client, transport, clock) = client([a: .init(replies: [.kissOfDeath(code), .honest()])], configure: { $0.minimumPollIntervalNanoseconds = 0 })
        do {
            _ = try await client.query([a])
            Issue.record("fix from a kiss")
        } catch { #expect(error.kind == .rejected) }
        clock.advance(nanoseconds: 3_600_000_000_000)
        do {
            _ = try await client.query([a])
            Issue.record("a retired server was used")
        } catch {
            #expect(error.servers[0].status == .kissOfDeath)
            #expect(error.servers[0].reasonCode == code)
        }
        #expect(transport.sent.count == 1)
        #expect(client.retiredServers[a] == code)
    }

    @Test("RATE backs off: the server is not asked again for at least 32 s")
    func rateBacksOff() async throws {
        let (client, transport, clock) = client([a: .init(replies: [.kissOfDeath("RATE"), .honest()])], configure: { $0.minimumPollIntervalNanoseconds = 0 })
        await #expect(throws: NTPError.self) { try await client.query([a]) }
        clock.advance(nanoseconds: 20_000_000_000)
        await #expect(throws: NTPError.self) { try await client.query([a]) }
        #expect(transport.sent.count == 1)
        clock.advance(nanoseconds: 20_000_000_000)
        let fix = try await client.query([a])
        #expect(transport.sent.count == 2)
        #expect(fix.servers[0].status == .ok)
    }

    @Test("Etiquette: the same server is not asked again within 15 s; its answer is reused and aged")
    func minimumPollInterval() async throws {
        let (client, transport, clock) = client([a: .init(replies: [.honest()])])
        let first = try await client.query([a])
        clock.advance(nanoseconds: 10_000_000_000)
        let second = try await client.query([a])
        #expect(transport.sent.count == 1)
        #expect(second.servers[0].reused)
        #expect(second.errorBoundNanoseconds > first.errorBoundNanoseconds)
        clock.advance(nanoseconds: 5_000_000_000)
        _ = try await client.query([a])
        #expect(transport.sent.count == 2)
    }

    @Test("A reused answer is rebased when the wall clock is stepped between checks")
    func reusedAnswerSurvivesWallStep() async throws {
        let (client, _, clock) = client([a: .init(replies: [.honest()])])
        let first = try await client.query([a])
        clock.advance(nanoseconds: 1_000_000_000)
        clock.setWall(byAdding: 3_600_000_000_000)
        let second = try await client.query([a])
        // Network time is unchanged by the step: the new offset absorbs it.
        #expect(abs(second.offsetNanoseconds - (first.offsetNanoseconds - 3_600_000_000_000)) <= second.errorBoundNanoseconds)
    }

    @Test("A burst spaces its samples 2 s apart and keeps the lowest-delay sample")
    func burst() async throws {
        let (client, transport, clock) = client([a: .init(replies: [.honest()])], configure: { $0.samplesPerServer = 3 })
        let start = clock.read().bootNanoseconds
        let fix = try await client.query([a])
        #expect(transport.sent.count == 3)
        #expect(clock.read().bootNanoseconds - start >= 4_000_000_000)
        #expect(fix.delayNanoseconds == 10_000_000)
    }

    @Test(
        "Every rejection reason reaches the outcome",
        arguments: [
            (FakeReply.unsynchronized, "unsynchronized"), (.stratum(16), "stratum-out-of-range"),
            (.zeroTransmit, "zero-timestamp"), (.mode(3), "wrong-mode"),
            (.rootDispersion(nanoseconds: 2_000_000_000), "root-distance-too-large"),
            (.spoofedOrigin, "origin-mismatch"), (.short(length: 12), "short-packet"), (.kissOfDeath("XXXX"), "XXXX"),
        ])
    func rejectionsReachOutcome(reply: FakeReply, code: String) async {
        let (client, _, _) = client([a: .init(replies: [reply])])
        do {
            _ = try await client.query([a])
            Issue.record("accepted \(reply)")
        } catch {
            #expect(error.kind == .rejected)
            #expect(error.servers[0].reasonCode == code)
        }
    }

    @Test("A spoofed reply before the genuine one is ignored, and the genuine one is used")
    func spoofThenHonest() async throws {
        let (client, _, _) = client([a: .init(replies: [.spoofedThenHonest])])
        let fix = try await client.query([a])
        #expect(fix.servers[0].status == .ok)
    }

    @Test("No route to any server is offline")
    func offlineNoRoute() async {
        let (client, _, _) = client([a: .init(replies: [], sendErrno: 101), b: .init(replies: [], sendErrno: 101)])
        do {
            _ = try await client.query([a, b])
            Issue.record("fix while offline")
        } catch {
            #expect(error.kind == .offline)
            #expect(error.servers.allSatisfy { $0.status == .unreachable && $0.reasonCode == "no-route" })
        }
    }

    @Test("Names that fail to resolve: offline without interfaces, dns-failure with them")
    func dnsFailureVersusOffline() async {
        let name = NTPServer(host: "time.example")
        for (up, kind) in [(false, NTPError.Kind.offline), (true, .dnsFailure)] {
            let (client, _, _) = client([:], interfaceUp: up)
            do {
                _ = try await client.query([name])
                Issue.record("fix without DNS")
            } catch {
                #expect(error.kind == kind)
                #expect(error.servers[0].status == .dnsFailure)
            }
        }
    }

    @Test("Names resolve through the transport, and the resolved address is used")
    func resolvedNames() async throws {
        let address = try #require(SocketAddress(numericHost: "10.0.0.1", port: 123))
        let (client, transport, _) = client([a: .init(replies: [.honest()])], names: ["time.example": .success([address])])
        let fix = try await client.query([NTPServer(host: "time.example")])
        #expect(fix.servers[0].address == "10.0.0.1:123")
        #expect(transport.sent == [address])
    }

    @Test("Silent servers time out: unreachable")
    func silent() async {
        let (client, _, _) = client([a: .init(replies: [.silent])])
        do {
            _ = try await client.query([a, b])
            Issue.record("fix from silence")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.servers.map(\.status) == [.timeout, .timeout])
        }
    }

    @Test("A fix projects network time within its boot, with a growing error, and refuses another boot")
    func projection() async throws {
        let (client, _, clock) = client([a: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 5_000_000_000)])
        let fix = try await client.query([a])
        clock.advance(nanoseconds: 3_600_000_000_000)
        clock.setWall(byAdding: -86_400_000_000_000)
        let later = try #require(fix.projectedNetworkTime(at: clock.read()))
        let expected = fix.networkNanosecondsAtAnchor + (clock.read().bootNanoseconds - fix.anchor.bootNanoseconds)
        #expect(later.unixNanoseconds == expected)
        let distance = clock.read().bootNanoseconds - fix.anchor.bootNanoseconds
        #expect(later.errorBoundNanoseconds == fix.errorBoundNanoseconds + distance / 1_000_000 * 100)
        #expect(later.errorBoundNanoseconds > fix.errorBoundNanoseconds + 360_000_000)
        clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 0, uptimeNanoseconds: 1)
        #expect(fix.projectedNetworkTime(at: clock.read()) == nil)
    }

    @Test("A wall-clock step during the exchange distorts neither delay nor offset: T1 and T4 come from the boot clock")
    func wallStepDuringExchange() async throws {
        let clock = ManualClock()
        let scripted = ScriptedNTPTransport(clock: clock, scripts: [a.description: .init(replies: [.honest()], serverClockMinusLocalNanoseconds: 7_000_000)])
        let stepping = SteppingTransport(inner: scripted, clock: clock, stepNanoseconds: 3_600_000_000_000)
        let fix = try await NTPClient(transport: stepping, clock: clock).query([a])
        #expect(fix.delayNanoseconds == 10_000_000)
        #expect(abs(fix.offsetNanoseconds - 7_000_000) <= fix.errorBoundNanoseconds)
    }

    @Test("No servers is an error of its own")
    func noServers() async {
        let (client, _, _) = client([:])
        do {
            _ = try await client.query([])
            Issue.record("fix from nothing")
        } catch { #expect(error.kind == .noServers) }
    }
}

@Suite("Server names")
struct ServerNameTests {
    @Test(
        "Parses host, host:port, [v6]:port and bare v6",
        arguments: [
            ("pool.ntp.org", "pool.ntp.org", UInt16(123)), ("127.0.0.1:11123", "127.0.0.1", 11123),
            ("[::1]:4123", "::1", 4123), ("::1", "::1", 123), ("[fe80::1]", "fe80::1", 123),
        ])
    func parses(text: String, host: String, port: UInt16) throws {
        let server = try #require(NTPServer(parsing: text))
        #expect(server.host == host)
        #expect(server.port == port)
    }

    @Test("Rejects malformed names", arguments: ["", "host:", "host:0", "host:70000", "[::1", "[::1]x", "a b", ":123", "[]:1"])
    func rejects(text: String) {
        #expect(NTPServer(parsing: text) == nil)
    }
}

/// Moves the wall clock forward while every exchange is in flight (after the server answered, before the
/// client looks at the clocks again), as a user or an NTP daemon stepping it would.
struct SteppingTransport: NTPTransport {
    let inner: ScriptedNTPTransport
    let clock: ManualClock
    let stepNanoseconds: Int64

    nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        await inner.resolve(host: host, port: port)
    }
    nonisolated(nonsending) func exchange(_ requests: [NTPRequest], timeoutNanoseconds: Int64) async -> [NTPExchangeResult] {
        let results = await inner.exchange(requests, timeoutNanoseconds: timeoutNanoseconds)
        clock.setWall(byAdding: stepNanoseconds)
        return results
    }
    nonisolated(nonsending) func hasUsableInterface() async -> Bool { true }
}
