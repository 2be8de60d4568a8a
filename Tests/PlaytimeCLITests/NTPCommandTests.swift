import Foundation
import PlaytimeTestSupport
import Testing

@Suite("playtime (binary)")
struct GeneralCommandTests {
    @Test("--help, --version and help ntp succeed")
    func help() async throws {
        let overview = try await PlaytimeBinary.run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.standardOutput.contains("ntp"))
        let version = try await PlaytimeBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("playtime "))
        let ntpHelp = try await PlaytimeBinary.run(["help", "ntp"])
        #expect(ntpHelp.status == 0)
        #expect(ntpHelp.standardOutput.contains("--timeout"))
    }

    @Test(
        "Usage mistakes exit 2 with a clear message",
        arguments: [
            ["ntp", "--bogus"], ["ntp", "--timeout"], ["ntp", "--timeout", "soon"], ["ntp", "--samples", "0"],
            ["ntp", "host:99999"], ["frobnicate"], ["help", "frobnicate"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let run = try await PlaytimeBinary.run(arguments)
        #expect(run.status == 2)
        #expect(!run.standardError.isEmpty)
        #expect(!run.standardError.contains("Fatal error"))
    }
}

@Suite("playtime ntp (binary against loopback servers)")
struct NTPCommandTests {
    @Test("An honest server: exit 0 and a JSON fix")
    func honest() async throws {
        let fake = try FakeNTPServer(.honest(stratum: 3))
        defer { fake.stop() }
        let run = try await PlaytimeBinary.run(["ntp", "--json", "--timeout", "0.5", fake.serverArgument])
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        let object = try jsonObject(run.standardOutput)
        #expect(object["status"] as? String == "ok")
        // The fake server shares this machine's clock: true offset 0 must lie inside the error bound.
        #expect(abs(object["offsetSeconds"] as? Double ?? 1) <= object["errorBoundSeconds"] as? Double ?? 0)
        #expect(object["delaySeconds"] is Double)
        let servers = try #require(object["servers"] as? [[String: Any]])
        #expect(servers.first?["stratum"] as? Int == 3)
        #expect(servers.first?["address"] as? String == fake.serverArgument)
    }

    @Test(
        "A hostile server: exit 4 and the reason named",
        arguments: [
            (FakeReply.spoofedOrigin, "origin-mismatch"), (.kissOfDeath("RATE"), "RATE"), (.unsynchronized, "unsynchronized"),
            (.stratum(0), "????"), (.stratum(16), "stratum-out-of-range"), (.zeroTransmit, "zero-timestamp"),
            (.short(length: 20), "short-packet"), (.mode(2), "wrong-mode"), (.rootDispersion(nanoseconds: 1_100_000_000), "root-distance-too-large"),
        ])
    func hostile(reply: FakeReply, code: String) async throws {
        let fake = try FakeNTPServer(reply)
        defer { fake.stop() }
        let json = try await PlaytimeBinary.run(["ntp", "--json", "--timeout", "0.3", fake.serverArgument])
        #expect(json.status == 4)
        let object = try jsonObject(json.standardOutput)
        #expect(object["status"] as? String == "rejected")
        let server = try #require((object["servers"] as? [[String: Any]])?.first)
        #expect(server["status"] as? String == (code == "RATE" || code == "????" ? "kiss-of-death" : "rejected"))
        #expect(server["reasonCode"] as? String == code)
        let table = try await PlaytimeBinary.run(["ntp", "--timeout", "0.3", fake.serverArgument])
        #expect(table.status == 4)
        #expect(table.standardOutput.contains("result: rejected"))
    }

    @Test("Three servers, one an hour ahead: exit 0, the false ticker named")
    func falseTicker() async throws {
        let fakes = try [FakeNTPServer(.honest()), FakeNTPServer(.honest(offsetNanoseconds: 3_600_000_000_000)), FakeNTPServer(.honest())]
        defer { fakes.forEach { $0.stop() } }
        let run = try await PlaytimeBinary.run(["ntp", "--json", "--timeout", "0.5"] + fakes.map(\.serverArgument))
        #expect(run.status == 0)
        let object = try jsonObject(run.standardOutput)
        let statuses = (object["servers"] as? [[String: Any]])?.map { $0["status"] as? String }
        #expect(statuses == ["ok", "falseticker", "ok"])
        #expect(abs(object["offsetSeconds"] as? Double ?? 1) <= object["errorBoundSeconds"] as? Double ?? 0)
    }

    @Test("Four silent servers with a 1 s timeout answer within 1.1 s, exit 4")
    func silentServers() async throws {
        let fakes = try (0..<4).map { _ in try FakeNTPServer(.silent) }
        defer { fakes.forEach { $0.stop() } }
        let run = try await PlaytimeBinary.run(["ntp", "--json", "--timeout", "1"] + fakes.map(\.serverArgument))
        #expect(run.status == 4)
        #expect(try jsonObject(run.standardOutput)["status"] as? String == "unreachable")
    }

    @Test("Default servers are host names: where DNS resolves nothing they fail fast, exit 3 or 4")
    func defaultServersFailFast() async throws {
        let run = try await PlaytimeBinary.run(["ntp", "--json"])
        #expect([0, 3, 4].contains(run.status))
        #expect(run.standardOutput.contains("pool.ntp.org"))
    }

    @Test("A real chronyd through the CLI: exit 0, |offset| < 1 ms", .enabled(if: ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_SERVER"] != nil))
    func chronyd() async throws {
        let server = ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_SERVER"] ?? ""
        let run = try await PlaytimeBinary.run(["ntp", "--json", "--samples", "4", "--spacing", "0.01", server])
        #expect(run.status == 0, "\(run.standardOutput)")
        let object = try jsonObject(run.standardOutput)
        #expect(abs(object["offsetSeconds"] as? Double ?? 1) < 0.001)
        let expected = Int(ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_STRATUM"] ?? "8") ?? 8
        #expect((object["servers"] as? [[String: Any]])?.first?["stratum"] as? Int == expected)
    }
}

/// Offline for real: the CLI inside an empty network namespace (no interfaces up, no routes).
/// Needs root and `ip`; PLAYTIME_REQUIRE_NETNS=1 (CI) turns a skip into a failure.
@Suite("playtime ntp offline (empty network namespace)")
struct OfflineNamespaceTests {
    static var required: Bool { ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_NETNS"] == "1" }

    @Test("Inside an empty namespace the CLI exits 3 at once (well within its 30 s timeout), for loopback and for host names")
    func offline() async throws {
        let name = "playtime-test-\(getpid())"
        let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let ip, PlaytimeBinary.shell(ip, ["netns", "add", name]) == 0 else {
            #expect(!Self.required, "PLAYTIME_REQUIRE_NETNS=1 but an empty network namespace could not be created (needs root and iproute2)")
            return
        }
        defer { PlaytimeBinary.shell(ip, ["netns", "delete", name]) }
        for servers in [["127.0.0.1:11123"], ["[::1]:123", "127.0.0.1:123"], []] {
            let run = try await PlaytimeBinary.run(["ntp", "--json", "--timeout", "30"] + servers, wrapper: [ip, "netns", "exec", name])
            #expect(run.status == 3, "servers \(servers): \(run.standardOutput) \(run.standardError)")
            // Nothing waited for an answer: far below the 30 s timeout. (Under 1 s on an idle machine; the bound
            // leaves room for a loaded one, where starting the process through `ip netns exec` alone took 1.4 s,
            // and a fresh-clone CI run once took 4.2 s.)
            #expect(run.seconds < 10.0, "servers \(servers) took \(run.seconds) s")
            #expect(try jsonObject(run.standardOutput)["status"] as? String == "offline")
        }
    }
}
