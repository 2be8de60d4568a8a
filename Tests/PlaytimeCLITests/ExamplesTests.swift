import Foundation
import PlaytimeCrypto
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The example executables (`idle-game`, `game-client`) and `playtime-server`, run as built binaries: they sit next to
/// `playtime` in the build folder.
enum ExampleBinary {
    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/Samples/NAME`.
    static func sample(_ name: String) -> String { root.appendingPathComponent("Examples/Samples/" + name).path }

    static func url(_ name: String) throws -> URL {
        var directories: [URL] = []
        if let playtime = PlaytimeBinary.url { directories.append(playtime.deletingLastPathComponent()) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        for candidate in directories.map({ $0.appendingPathComponent(name) }) where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CLIError("the \(name) binary was not found next to the tests; run 'swift build' first")
    }

    /// Runs an example to completion on a thread of its own, capturing its output.
    static func run(_ name: String, _ arguments: [String]) async throws -> PlaytimeBinary.Run {
        let url = try url(name)
        return try await runOffCooperativePool {
            let process = Process()
            process.executableURL = url
            process.arguments = arguments
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            process.standardInput = FileHandle.nullDevice
            let started = Date()
            try process.run()
            let outData = output.fileHandleForReading.readDataToEndOfFile()
            let errData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return PlaytimeBinary.Run(
                status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                standardError: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
        }
    }

    static func temporaryDirectory(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A running `playtime-server` for the demo client (docs/service.md), on a fresh state directory with the demo policy,
/// grants on, and an API key the test knows. `stop()` ends it with SIGTERM and returns its output.
final class ServiceUnderTest: @unchecked Sendable {
    static let key = "ptk_the-examples-backend-key"
    static let adSecret = "the ad network's secret, 32 bytes"
    let child: ChildProcess
    let address: String
    let state: String

    init() throws {
        state = try ExampleBinary.temporaryDirectory("service-example-")
        let digest = SHA256.hash(Array(Self.key.utf8)).map { String(format: "%02x", $0) }.joined()
        try "examples sha256:\(digest)\n".write(toFile: state + "/api-keys", atomically: true, encoding: .utf8)
        try Self.adSecret.write(toFile: state + "/ad.secret", atomically: true, encoding: .utf8)
        child = try ChildProcess(
            try ExampleBinary.url("playtime-server").path,
            [
                "--listen", "127.0.0.1:0", "--state", state, "--policy", "demo", "--access-log", state + "/access.log",
                "--ad-network-secret-file", state + "/ad.secret",
            ])
        let lines = child.wait { $0.contains { $0.hasPrefix("serving: ") } }
        guard let first = lines.first, let range = first.range(of: " listening on ") else {
            child.killHard()
            throw CLIError("playtime-server did not start: \(lines) \(child.standardError)")
        }
        address = String(first[range.upperBound...])
    }

    /// SIGTERM; the access log's lines.
    func stop() -> [String] {
        child.send(SIGTERM)
        _ = child.finish()
        defer { try? FileManager.default.removeItem(atPath: state) }
        return ((try? String(contentsOfFile: state + "/access.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

@Suite("Examples (built binaries, real clocks, loopback only)")
struct ExamplesTests {
    /// The first whole number after `marker` in `output`.
    static func number(after marker: String, in output: String) -> Int? {
        guard let range = output.range(of: marker) else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// The `gold  N paid this run` line of the idle game.
    static func goldPaid(_ output: String) -> Int? {
        for line in output.split(separator: "\n") where line.hasPrefix("gold ") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    @Test("idle-game --away 1 (no NTP: the boot clock decides) exits 0, pays gold, and its journal audits clean")
    func idleGame() async throws {
        let directory = try ExampleBinary.temporaryDirectory("idle-game-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await ExampleBinary.run("idle-game", ["--dir", directory, "--away", "1"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.seconds >= 1, "the game really waits")
        // At least the second away is proven (more only if this machine stalled the return); 36 000 gold/h at
        // 100 % efficiency is exactly 10 gold per second.
        let credited = try #require(Self.number(after: "verified by bootClock: credited ", in: run.standardOutput), "\(run.standardOutput)")
        #expect(credited >= 1)
        #expect(Self.goldPaid(run.standardOutput) == 10 * credited, "\(run.standardOutput)")
        // What the game claimed is what a server recomputes from the journal.
        let audit = try await PlaytimeBinary.run([
            "audit", "--key-file", directory + "/player.key", "--policy",
            ExampleBinary.sample("demo-policy.json"), directory + "/journal.jsonl",
        ])
        #expect(audit.status == 0, "\(audit.standardOutput)\n\(audit.standardError)")
        #expect(audit.standardOutput.contains("\(10 * credited) gold claimed"), "\(audit.standardOutput)")
    }

    @Test("idle-game with a loopback NTP server: the return carries network time; --ad is shown pending, never paid by the device")
    func idleGameWithNetworkTime() async throws {
        let fake = try FakeNTPServer(.honest(stratum: 2))
        defer { fake.stop() }
        let directory = try ExampleBinary.temporaryDirectory("idle-game-ntp-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await ExampleBinary.run("idle-game", ["--dir", directory, "--away", "1", "--ntp", fake.serverArgument, "--ad"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let foreground = run.standardOutput.components(separatedBy: "foreground").last ?? ""
        #expect(foreground.contains(", network 20"), "the return's evidence has network time: \(run.standardOutput)")
        #expect(fake.requestCount >= 1)
        let credited = try #require(Self.number(after: "credited ", in: run.standardOutput), "\(run.standardOutput)")
        #expect(credited >= 1)
        #expect(Self.goldPaid(run.standardOutput) == 10 * credited, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("pending    ad +\(10 * credited) gold once the game's server grants it"), "\(run.standardOutput)")
    }

    @Test("The demo policy is the same in idle-game and Examples/Samples/demo-policy.json")
    func policiesAgree() async throws {
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ExampleBinary.sample("demo-policy.json")))) as? NSDictionary
        let run = try await ExampleBinary.run("idle-game", ["--print-policy"])
        #expect(run.status == 0)
        let printed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? NSDictionary
        #expect(printed != nil && printed == file, "idle-game --print-policy differs from demo-policy.json")
    }

    @Test("The sample journal audits clean with playtime and the public demo key")
    func sampleAuditsClean() async throws {
        let run = try await PlaytimeBinary.run(["audit", "--key-file", ExampleBinary.sample("demo.key"), ExampleBinary.sample("sample-journal.jsonl")])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("result: clean"))
        // The demo key says what it is to anyone who decodes it.
        let hex = try String(contentsOfFile: ExampleBinary.sample("demo.key"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), let byte = UInt8(hex[index..<next], radix: 16) {
            bytes.append(byte)
            index = next
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("PUBLIC DEMO KEY"))
    }

    @Test("game-client against playtime-server: enrolled once, an anchor at every contact, the ticket paid once and its retry repeated, no hour paid twice")
    func anchoredClient() async throws {
        let service = try await runOffCooperativePool { try ServiceUnderTest() }
        let game = try ExampleBinary.temporaryDirectory("game-client-test-")
        defer { try? FileManager.default.removeItem(atPath: game) }
        for run in 0..<2 {
            let client = try await ExampleBinary.run(
                "game-client",
                [
                    "--server", service.address, "--api-key", ServiceUnderTest.key, "--player", "ann",
                    "--wait", "1.1", "--earnings", game + "/ann",
                ])
            #expect(client.status == 0, "\(client.standardOutput)\n\(client.standardError)")
            let lines = client.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("anchor ") }.count == 4, "\(client.standardOutput)")
            #expect(lines.contains { $0.hasPrefix("enrolled ") && $0.contains(run == 0 ? "which keeps none" : "kept in") }, "\(client.standardOutput)")
            #expect(lines.contains { $0.hasPrefix("retried ") && $0.contains("repeated, nothing more paid") }, "\(client.standardOutput)")
            let redeemed = try #require(lines.first { $0.hasPrefix("redeemed ") }, "\(client.standardOutput)")
            let uploaded = try #require(lines.first { $0.hasPrefix("uploaded ") }, "\(client.standardOutput)")
            // The demo policy pays 10 gold a second: the ticket and the upload together are paid for the server time
            // from the ticket's issue to its redemption at most (about 1.1 s, under 3 s here).
            let ticketGold = try #require(Self.number(after: "s by the service's clock: ", in: redeemed), "\(redeemed)")
            let uploadGold = try #require(Self.number(after: "session(s), ", in: uploaded), "\(uploaded)")
            #expect(ticketGold >= 10 && ticketGold + uploadGold <= 30, "\(redeemed)\n\(uploaded)")
        }
        let log = try await runOffCooperativePool { service.stop() }
        #expect(log.filter { $0.contains("\"operation\":\"enroll\"") }.count == 1, "\(log)")
        #expect(log.filter { $0.contains("\"operation\":\"anchor\"") && $0.contains("\"status\":200") }.count == 8, "\(log)")
    }

    @Test("game-client --ad against playtime-server: the game shows its gold and the ad's as pending; after the grant the upload pays exactly both")
    func adGrantedByTheServer() async throws {
        let service = try await runOffCooperativePool { try ServiceUnderTest() }
        let game = try ExampleBinary.temporaryDirectory("game-client-test-")
        defer { try? FileManager.default.removeItem(atPath: game) }
        let client = try await ExampleBinary.run(
            "game-client",
            [
                "--server", service.address, "--api-key", ServiceUnderTest.key, "--player", "bea",
                "--wait", "2.1", "--earnings", game + "/bea", "--ad",
                "--ad-network-secret", ServiceUnderTest.adSecret,
            ])
        #expect(client.status == 0, "\(client.standardOutput)\n\(client.standardError)")
        let lines = client.standardOutput.split(separator: "\n").map(String.init)
        // The demo policy: 10 gold a second, the ad doubles it; the device pays the first half and names the second.
        let shown = try #require(lines.first { $0.hasPrefix("shown ") && $0.contains("You earned") }, "\(client.standardOutput)")
        let gold = try #require(Self.number(after: "You earned ", in: shown), "\(shown)")
        #expect(gold >= 20, "\(shown)")
        #expect(lines.contains { $0.hasPrefix("shown ") && $0.contains("+\(gold) gold when your ad is confirmed.") }, "\(client.standardOutput)")
        #expect(
            lines.contains { $0.hasPrefix("uploaded ") && $0.contains("the service paid \(2 * gold) gold") && $0.hasSuffix("(clean)") },
            "\(client.standardOutput)")
        let log = try await runOffCooperativePool { service.stop() }
        #expect(log.contains { $0.contains("\"operation\":\"grantMultiplier\"") && $0.contains("\"status\":200") }, "\(log)")
    }
}
