import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("playtime demo, reward, simulate (binary)")
struct CommandsTests {
    @Test("demo records, verifies, pays and audits a real away period; offline it falls back to the boot clock")
    func demo() async throws {
        // Without --dir the demo keeps its journal in a new folder under the temporary directory, for the
        // player to look at; the test names its own folder and removes it.
        let directory = NSTemporaryDirectory() + "playtime-demo-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await PlaytimeBinary.run(["demo", "--away", "1", "--dir", directory])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("verified by bootClock"))
        #expect(run.standardOutput.contains("audit    5 records, 1 session(s): clean"))
        #expect(run.standardOutput.contains("gold     10 paid now"))
    }

    @Test("reward prints the breakdown; below the minimum nothing is paid")
    func reward() async throws {
        let run = try await PlaytimeBinary.run(["reward", "--away", "3h", "--multiplier", "ad"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("total earned       : 1 500 gold"))
        let json = try await PlaytimeBinary.run(["reward", "--away", "30s", "--json"])
        #expect(try jsonObject(json.standardOutput)["paidNow"] as? Int == 0)
        let provisional = try await PlaytimeBinary.run(["reward", "--away", "2h", "--status", "provisional", "--json"])
        let object = try jsonObject(provisional.standardOutput)
        #expect((object["escrowed"] as? Int ?? 0) > 0)
    }

    @Test("reward --curve draws the default policy, --svg writes a well-formed SVG")
    func curve() async throws {
        let plot = try await PlaytimeBinary.run(["reward", "--curve"])
        #expect(plot.status == 0)
        #expect(plot.standardOutput.contains("hours away"))
        let path = NSTemporaryDirectory() + "curve-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await PlaytimeBinary.run(["reward", "--svg", path]).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "SVG is not well-formed XML")
        #expect(String(decoding: data, as: UTF8.self).contains("<polyline"))
    }

    @Test(
        "reward refuses bad input with exit 2",
        arguments: [
            ["reward"], ["reward", "--away", "soon"], ["reward", "--away", "1h", "--status", "maybe"],
            ["reward", "--away", "1h", "--policy", "/nonexistent/policy.json"],
        ])
    func rewardUsage(arguments: [String]) async throws {
        let run = try await PlaytimeBinary.run(arguments)
        #expect(run.status == 2)
        #expect(!run.standardError.isEmpty)
    }

    @Test("simulate: no cheat overpaid, no honest case flagged, exit 0")
    func simulate() async throws {
        let run = try await PlaytimeBinary.run(["simulate", "--trials", "40", "--json"])
        #expect(run.status == 0, "\(run.standardOutput)")
        let object = try jsonObject(run.standardOutput)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count >= 20)
        #expect(rows.allSatisfy { ($0["overpaid"] as? Int) == 0 })
    }
}

@Suite("playtime audit (binary)")
struct AuditCommandTests {
    static let start: Int64 = 1_796_083_200_000_000_000
    /// A server clock later than every network time of `journal(_:key:)` with its default three sessions.
    static let afterFixture = "2026-12-02T00:00:00Z"

    /// Writes an honest journal of `count` claimed sessions; `startWall` places it on the network timeline.
    static func journal(_ path: String, key: JournalKey, count: Int = 3, startWall: Int64 = start, bootID: String = "boot-A", tamperClaim: Bool = false) throws
    {
        var builder = try JournalBuilder(path: path, key: key)
        var wall = startWall
        var boot: Int64 = 2_000_000_000_000
        for index in 0..<count {
            let id = String(format: "%08x%08x", UInt32(bootID.hashValue & 0xFFFF), UInt32(index + 1))
            let (departure, arrival) = try builder.honestSession(id: id, bootID: bootID, departWall: wall, departBoot: boot, awaySeconds: 5400)
            let timeline = SessionTimeline(sessionID: id, departure: departure, arrival: arrival)
            let verdict = ElapsedVerdict(timeline: timeline)
            let breakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline)
            try builder.append(
                ClaimRecord(
                    sessionID: id, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                    paidGold: breakdown.paidNow + (tamperClaim && index == 1 ? 250 : 0), escrowedGold: breakdown.escrowed,
                    multipliers: [], goldPerHour: departure.goldPerHour, policyVersion: departure.policyVersion))
            wall += 4 * 3_600_000_000_000
            boot += 4 * 3_600_000_000_000
        }
        try builder.close()
    }

    @Test("An honest journal exits 0")
    func honest() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.journal(directory.file("j"), key: directory.key)
        // The fixture's network time runs to 2026-12-01T09:30Z: judge as a server whose clock is past it.
        let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--now", Self.afterFixture, directory.file("j")])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("result: clean"))
    }

    @Test("A flipped byte, a deleted record, overlapping sessions and a wrong claim each exit 1 and are named")
    func findings() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        // Flipped byte.
        try Self.journal(directory.file("flip"), key: directory.key)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file("flip")))
        bytes[bytes.count / 2] ^= 0x02
        try bytes.write(to: URL(fileURLWithPath: directory.file("flip")))
        // Deleted record.
        try Self.journal(directory.file("deleted"), key: directory.key)
        var lines = try String(contentsOfFile: directory.file("deleted"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: 3)
        try lines.joined(separator: "\n").write(toFile: directory.file("deleted"), atomically: true, encoding: .utf8)
        // Two devices away at the same time.
        try Self.journal(directory.file("phone"), key: directory.key, count: 1)
        try Self.journal(directory.file("tablet"), key: directory.key, count: 1, startWall: Self.start + 1_800_000_000_000, bootID: "boot-T")
        // A claim that pays 250 gold too much.
        try Self.journal(directory.file("claim"), key: directory.key, tamperClaim: true)

        for (files, kind) in [
            (["flip"], "chain-broken"), (["deleted"], "chain-broken"), (["phone", "tablet"], "overlapping-sessions"), (["claim"], "claim-mismatch"),
        ] {
            let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--json"] + files.map(directory.file))
            #expect(run.status == 1, "\(files): \(run.standardOutput) \(run.standardError)")
            let summary = try jsonObject(String(run.standardOutput.split(separator: "\n").last ?? ""))["summary"] as? [String: Any]
            let kinds = (summary?["findings"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } ?? []
            #expect(kinds.contains(kind), "\(files): \(kinds)")
        }
    }

    @Test("JSON Lines: one object per session with the documented fields, then the summary")
    func jsonLines() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.journal(directory.file("j"), key: directory.key, count: 2)
        let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--json", directory.file("j")])
        let objects = try run.standardOutput.split(separator: "\n").map { try jsonObject(String($0)) }
        #expect(objects.count == 3)
        for session in objects.prefix(2) {
            for field in ["sessionId", "status", "method", "creditedSeconds", "gold", "flags"] { #expect(session[field] != nil, "missing \(field)") }
        }
        #expect(objects.last?["summary"] != nil)
    }

    @Test("Standard input is accepted with -")
    func standardInput() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.journal(directory.file("j"), key: directory.key)
        let run = try await PlaytimeBinary.run(
            ["audit", "--key-file", directory.keyPath, "--now", Self.afterFixture, "--quiet", "-"], standardInput: directory.file("j"))
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
    }

    @Test("Garbage, a wrong key, a missing file and usage mistakes exit 2 with a message, never a trap")
    func unreadable() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: directory.file("garbage")))
        try Self.journal(directory.file("j"), key: directory.key)
        _ = try KeyFile.generate(path: directory.file("other-key"))
        for arguments in [
            ["--key-file", directory.keyPath, directory.file("garbage")],
            ["--key-file", directory.file("other-key"), directory.file("j")],
            ["--key-file", directory.keyPath, directory.file("missing")],
            ["--key-file", directory.keyPath], [directory.file("j")],
        ] {
            let run = try await PlaytimeBinary.run(["audit"] + arguments, environment: ["PLAYTIME_KEY_FILE": ""])
            #expect(run.status == 2, "\(arguments): \(run.standardOutput)")
            #expect(!run.standardError.isEmpty)
            #expect(!run.standardError.contains("Fatal error"))
        }
    }
}
