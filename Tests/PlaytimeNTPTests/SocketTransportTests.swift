import Foundation
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeNTP

/// The real socket transport against an in-process fake server on 127.0.0.1: every rejection over a real socket.
@Suite("Socket transport (fake server on loopback)")
struct SocketTransportTests {
    func configuration(timeout: Int64 = 300_000_000) -> NTPConfiguration {
        var configuration = NTPConfiguration()
        configuration.timeoutNanoseconds = timeout
        configuration.minimumPollIntervalNanoseconds = 0
        return configuration
    }

    func server(_ fake: FakeNTPServer) -> NTPServer {
        NTPServer(host: fake.address.host, port: fake.address.port)
    }

    @Test("An honest loopback server gives a fix near zero offset")
    func honest() async throws {
        let fake = try FakeNTPServer(.honest())
        defer { fake.stop() }
        let fix = try await NTPClient(configuration: configuration()).query([server(fake)])
        // The fake server shares this machine's clock: the true offset, 0, lies inside the error bound.
        #expect(abs(fix.offsetNanoseconds) <= fix.errorBoundNanoseconds)
        #expect(fix.delayNanoseconds >= 0)
        #expect(fix.stratum == 2)
        #expect(fake.requestCount == 1)
    }

    @Test(
        "Every defect is rejected over a real socket",
        arguments: [
            (FakeReply.spoofedOrigin, "origin-mismatch"), (.kissOfDeath("DENY"), "DENY"), (.unsynchronized, "unsynchronized"),
            (.stratum(0), "????"), (.stratum(16), "stratum-out-of-range"), (.zeroReceive, "zero-timestamp"),
            (.zeroTransmit, "zero-timestamp"), (.short(length: 40), "short-packet"), (.mode(3), "wrong-mode"),
            (.rootDispersion(nanoseconds: 1_200_000_000), "root-distance-too-large"), (.negativeDelay, "negative-delay"),
        ])
    func defects(reply: FakeReply, code: String) async throws {
        let fake = try FakeNTPServer(reply)
        defer { fake.stop() }
        do {
            _ = try await NTPClient(configuration: configuration()).query([server(fake)])
            Issue.record("accepted \(reply)")
        } catch {
            #expect(error.kind == .rejected)
            #expect(error.servers[0].reasonCode == code, "\(error)")
        }
    }

    @Test("A genuine reply after a spoofed one is accepted")
    func spoofThenHonest() async throws {
        let fake = try FakeNTPServer(.spoofedThenHonest)
        defer { fake.stop() }
        let fix = try await NTPClient(configuration: configuration()).query([server(fake)])
        #expect(fix.servers[0].status == .ok)
    }

    @Test("A closed port is unreachable at once, without waiting for the timeout")
    func refusedPort() async throws {
        // 127.77.0.1 is loopback too, and no test binds there: nothing can take the port in the meantime.
        let target = NTPServer(host: "127.77.0.1", port: 9)
        let started = SystemClock.bootNanoseconds()
        do {
            _ = try await NTPClient(configuration: configuration(timeout: 5_000_000_000)).query([target])
            Issue.record("fix from a closed port")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.servers[0].reasonCode == "refused")
        }
        #expect(SystemClock.bootNanoseconds() - started < 4_000_000_000)
    }

    @Test("Silent servers are reported as timeouts, and the check ends at the timeout")
    func silentServers() async throws {
        let fakes = try (0..<4).map { _ in try FakeNTPServer(.silent) }
        defer { fakes.forEach { $0.stop() } }
        do {
            _ = try await NTPClient(configuration: configuration(timeout: 200_000_000)).query(fakes.map(server))
            Issue.record("fix from silence")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.servers.allSatisfy { $0.status == .timeout })
        }
    }

    @Test("Three real servers, one an hour ahead: the false ticker is named")
    func falseTickerOverSockets() async throws {
        let fakes = try [FakeNTPServer(.honest()), FakeNTPServer(.honest()), FakeNTPServer(.honest(offsetNanoseconds: 3_600_000_000_000))]
        defer { fakes.forEach { $0.stop() } }
        let fix = try await NTPClient(configuration: configuration()).query(fakes.map(server))
        #expect(fix.servers.map(\.status) == [.ok, .ok, .falseticker])
        #expect(abs(fix.offsetNanoseconds) <= fix.errorBoundNanoseconds)
    }

    @Test("IPv6 loopback works when the machine has it")
    func ipv6() async throws {
        guard let fake = try? FakeNTPServer(.honest(), host: "::1") else { return }
        defer { fake.stop() }
        let fix = try await NTPClient(configuration: configuration()).query([server(fake)])
        #expect(fix.servers[0].address?.hasPrefix("[::1]:") == true)
    }
}

/// Interoperability with a real chronyd on loopback, started by scripts/chronyd-loopback.sh.
/// PLAYTIME_CHRONY_SERVER names it; with PLAYTIME_REQUIRE_CHRONY=1 (CI) a missing chronyd fails instead of skipping.
@Suite("chronyd interop")
struct ChronydInteropTests {
    static var server: String? { ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_SERVER"] }
    static var required: Bool { ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_CHRONY"] == "1" }

    @Test("chronyd must be configured when required")
    func configuredWhenRequired() {
        if Self.required { #expect(Self.server != nil, "PLAYTIME_REQUIRE_CHRONY=1 but PLAYTIME_CHRONY_SERVER is not set") }
    }

    @Test("A real chronyd on loopback: |offset| < 1 ms, stratum as configured", .enabled(if: server != nil))
    func realChronyd() async throws {
        let server = try #require(NTPServer(parsing: Self.server ?? ""))
        var configuration = NTPConfiguration()
        configuration.minimumPollIntervalNanoseconds = 0
        // A short burst on loopback (chrony's own practice): the lowest-delay sample rides out scheduling noise.
        configuration.samplesPerServer = 4
        configuration.burstSpacingNanoseconds = 10_000_000
        let expectedStratum = Int(ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_STRATUM"] ?? "8") ?? 8
        let fix = try await NTPClient(configuration: configuration).query([server])
        #expect(abs(fix.offsetNanoseconds) < 1_000_000)
        #expect(fix.stratum == expectedStratum)
        #expect(fix.servers[0].status == .ok)
    }
}
