import Foundation
import PlaytimeRoughtime
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Unix seconds now, from this machine's wall clock (the fake servers and roughly share it).
private func unixNow() -> Int { Int(SystemClock.wallNanoseconds() / 1_000_000_000) }

/// True when midpoint ± radius meets the whole seconds the run spanned: the chain ended at some true time
/// in [before, after + 1), and the CLI claims that time lies in [midpoint − radius, midpoint + radius].
private func coversRun(midpoint: Int, radius: Int, before: Int, after: Int) -> Bool {
    midpoint - radius <= after && midpoint + radius >= before
}

@Suite("playtime roughtime (binary against loopback servers)")
struct RoughtimeCommandTests {
    @Test("An honest server: exit 0, JSON with status, midpoint, radius and the server's version")
    func honest() async throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let before = unixNow()
        let run = try await PlaytimeBinary.run(["roughtime", "--json", "--timeout", "2", fake.serverArgument])
        let after = unixNow()
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        let object = try jsonObject(run.standardOutput)
        #expect(object["status"] as? String == "verified")
        let midpoint = try #require(object["midpointSeconds"] as? Int)
        let radius = try #require(object["radiusSeconds"] as? Int)
        #expect(coversRun(midpoint: midpoint, radius: radius, before: before, after: after))
        let server = try #require((object["servers"] as? [[String: Any]])?.first)
        #expect(server["server"] as? String == fake.address.description)
        #expect(server["status"] as? String == "verified")
        #expect(server["version"] as? Int == 1)
        #expect(server["radiusSeconds"] as? Int == 1)
        #expect(server["reason"] is NSNull)
        let table = try await PlaytimeBinary.run(["roughtime", fake.serverArgument])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("result: verified"))
    }

    @Test(
        "Untrustworthy answers exit 4 with the reason named",
        arguments: [
            (RoughtimeMisbehaviour.badResponseSignature, "bad-response-signature"), (.badDelegationSignature, "bad-delegation-signature"),
            (.wrongNonce, "nonce-mismatch"), (.expiredDelegation, "delegation-expired"), (.notYetValidDelegation, "delegation-not-yet-valid"),
            (.merklePathMismatch, "merkle-path-mismatch"), (.zeroRadius, "zero-radius"), (.silent, "no-answer"),
        ])
    func untrustworthy(misbehaviour: RoughtimeMisbehaviour, reason: String) async throws {
        let fake = try FakeRoughtimeServer(misbehaviour)
        defer { fake.stop() }
        let run = try await PlaytimeBinary.run(["roughtime", "--json", "--timeout", "1", fake.serverArgument])
        #expect(run.status == 4, "\(run.standardOutput)")
        let object = try jsonObject(run.standardOutput)
        #expect(object["status"] as? String == (reason == "no-answer" ? "no-answer" : "rejected"))
        #expect(object["midpointSeconds"] is NSNull)
        let server = try #require((object["servers"] as? [[String: Any]])?.first)
        #expect(server["reason"] as? String == reason)
        #expect(server["midpointSeconds"] is NSNull)
    }

    @Test("A wrong key exits 4")
    func wrongKey() async throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let other = FakeRoughtimeResponder(seed: [UInt8](repeating: 77, count: 32)).publicKey
        let argument = RoughtimeServer(host: "127.0.0.1", port: fake.address.port, publicKey: other).description
        let run = try await PlaytimeBinary.run(["roughtime", "--json", "--timeout", "2", argument])
        #expect(run.status == 4)
        #expect((try jsonObject(run.standardOutput)["servers"] as? [[String: Any]])?.first?["reason"] as? String == "bad-delegation-signature")
    }

    @Test("A server a day ahead first in a chain of three: exit 4, inconsistent, with the malfeasance report")
    func disagreement() async throws {
        let liar = try FakeRoughtimeServer(.midpointOffset(seconds: 86_400), seed: [UInt8](repeating: 41, count: 32))
        let honest = try (0..<2).map { try FakeRoughtimeServer(seed: [UInt8](repeating: UInt8(42 + $0), count: 32)) }
        defer {
            liar.stop()
            honest.forEach { $0.stop() }
        }
        let run = try await PlaytimeBinary.run(["roughtime", "--json", liar.serverArgument] + honest.map(\.serverArgument))
        #expect(run.status == 4)
        let object = try jsonObject(run.standardOutput)
        #expect(object["status"] as? String == "inconsistent")
        #expect(object["midpointSeconds"] is NSNull)
        let servers = try #require(object["servers"] as? [[String: Any]])
        #expect(servers.map { $0["status"] as? String } == ["verified", "verified", "verified"])
        #expect(servers.map { $0["reason"] as? String } == ["inconsistent", "inconsistent", "inconsistent"])
        let report = try #require((object["malfeasanceReport"] as? [String: Any])?["responses"] as? [[String: Any]])
        #expect(report.count == 3)
        #expect(report[0]["rand"] == nil && report[1]["rand"] is String)
        let table = try await PlaytimeBinary.run(["roughtime", liar.serverArgument] + honest.map(\.serverArgument))
        #expect(table.status == 4)
        #expect(table.standardOutput.contains("malfeasance report"))
    }

    @Test(
        "Usage mistakes exit 2 with a clear message",
        arguments: [
            ["roughtime"], ["roughtime", "127.0.0.1:2002"], ["roughtime", "127.0.0.1:2002=notbase64"],
            ["roughtime", "127.0.0.1:99999=A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="],
            ["roughtime", "127.0.0.1=AAAA"], ["roughtime", "--timeout", "100", "h=A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="],
            ["roughtime", "--bogus"],
        ])
    func usage(arguments: [String]) async throws {
        let run = try await PlaytimeBinary.run(arguments)
        #expect(run.status == 2, "\(arguments)")
        #expect(!run.standardError.isEmpty)
        #expect(!run.standardError.contains("Fatal error"))
    }

    @Test("help roughtime documents the exit codes")
    func help() async throws {
        let run = try await PlaytimeBinary.run(["help", "roughtime"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("SERVER=KEY") && run.standardOutput.contains("3  offline"))
    }
}

/// The real roughly server, started by scripts/test.sh (see RoughlyInteropTests in PlaytimeRoughtimeTests).
@Suite("playtime roughtime against roughly")
struct RoughtimeCommandRoughlyTests {
    static func server(_ variable: String) -> String? {
        let value = ProcessInfo.processInfo.environment[variable]
        if value == nil {
            #expect(ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_ROUGHLY"] != "1", "PLAYTIME_REQUIRE_ROUGHLY=1 but \(variable) is not set")
        }
        return value
    }

    @Test("roughly: exit 0 and |midpoint − now| ≤ radius")
    func honest() async throws {
        guard let server = Self.server("PLAYTIME_ROUGHLY_SERVER") else { return }
        let before = unixNow()
        let run = try await PlaytimeBinary.run(["roughtime", "--json", server])
        let after = unixNow()
        #expect(run.status == 0, "\(run.standardOutput)")
        let object = try jsonObject(run.standardOutput)
        let midpoint = try #require(object["midpointSeconds"] as? Int)
        let radius = try #require(object["radiusSeconds"] as? Int)
        // On an idle machine before == after and this is |midpoint − now| ≤ radius.
        #expect(coversRun(midpoint: midpoint, radius: radius, before: before, after: after))
    }

    @Test("roughly with another key, or greasing: exit 4 (a greased answer valid by chance must carry the true time)")
    func refused() async throws {
        guard let server = Self.server("PLAYTIME_ROUGHLY_SERVER"), let greasy = Self.server("PLAYTIME_ROUGHLY_GREASE_SERVER") else { return }
        let host = String(server.split(separator: "=")[0])
        let wrong = try await PlaytimeBinary.run(["roughtime", "--timeout", "0.3", host + "=" + "lRhHag6fn2wZQ6idy10ChgpRgks3gvdMM2hWNeJNgXg="])
        #expect(wrong.status == 4)
        var refusals = 0
        for _ in 0..<6 {
            let before = unixNow()
            let run = try await PlaytimeBinary.run(["roughtime", "--json", "--timeout", "1", greasy])
            let after = unixNow()
            #expect([0, 4].contains(run.status))
            if run.status == 4 {
                refusals += 1
                continue
            }
            // Valid only when greased with nothing but an undefined tag (1 in 16): then the time is true.
            let object = try jsonObject(run.standardOutput)
            let midpoint = try #require(object["midpointSeconds"] as? Int)
            let radius = try #require(object["radiusSeconds"] as? Int)
            #expect(coversRun(midpoint: midpoint, radius: radius, before: before, after: after))
        }
        #expect(refusals > 0)
    }
}

/// Offline for real: `playtime roughtime` inside an empty network namespace (no interfaces up, no routes).
@Suite("playtime roughtime offline (empty network namespace)")
struct RoughtimeOfflineTests {
    @Test("Inside an empty namespace the CLI exits 3 at once (well within its 30 s timeout), for loopback, IPv6 and host names")
    func offline() async throws {
        let name = "playtime-rt-test-\(getpid())"
        let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let ip, PlaytimeBinary.shell(ip, ["netns", "add", name]) == 0 else {
            #expect(
                ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_NETNS"] != "1",
                "PLAYTIME_REQUIRE_NETNS=1 but an empty network namespace could not be created (needs root and iproute2)")
            return
        }
        defer { PlaytimeBinary.shell(ip, ["netns", "delete", name]) }
        let key = "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="
        for servers in [["127.0.0.1:2002=\(key)"], ["[::1]:2002=\(key)", "127.0.0.1=\(key)"], ["roughtime.example.com=\(key)"]] {
            let run = try await PlaytimeBinary.run(["roughtime", "--json", "--timeout", "30"] + servers, wrapper: [ip, "netns", "exec", name])
            #expect(run.status == 3, "servers \(servers): \(run.standardOutput) \(run.standardError)")
            // Nothing waited for an answer: far below the 30 s timeout. (Under 1 s on an idle machine; the bound
            // leaves room for a loaded one, where starting the process through `ip netns exec` alone took 1.4 s,
            // and a fresh-clone CI run once took 4.2 s.)
            #expect(run.seconds < 10.0, "servers \(servers) took \(run.seconds) s")
            #expect(try jsonObject(run.standardOutput)["status"] as? String == "offline")
        }
    }
}
