import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// `playtime audit` judges every session at the rate ceiling (`--max-rate`, default the policy's rate times
/// its largest multiplier: 1 200 gold/h for the embedded policy) and counts the gold of every session,
/// claimed or not, against the rolling daily budget (docs/audit-json.md).
@Suite("playtime audit: the rate ceiling and the daily budget over every session (binary)")
struct AuditCeilingAndBudgetTests {
    static let later = "2026-12-10T00:00:00Z"
    static let hour: Int64 = 3_600_000_000_000

    /// Sessions back to back in one boot with network time, no claims: what `record` writes with an NTP server.
    static func journal(
        _ path: String, key: JournalKey, sessions: Int, awayHours: Int64, rate: Int64 = 600,
        start: Int64 = AuditCommandTests.start, idPrefix: String = "a"
    ) throws {
        var builder = try JournalBuilder(path: path, key: key)
        var wall = start
        var boot: Int64 = 2_000_000_000_000
        for index in 0..<sessions {
            try builder.honestSession(
                id: idPrefix + String(format: "%015x", index + 1), departWall: wall, departBoot: boot,
                awaySeconds: awayHours * 3600, goldPerHour: rate)
            wall += awayHours * hour + 60_000_000_000
            boot += awayHours * hour + 60_000_000_000
        }
        try builder.close()
    }

    static func audit(_ arguments: [String]) async throws -> (status: Int32, sessions: [[String: Any]], summary: [String: Any]) {
        let run = try await PlaytimeBinary.run(["audit", "--json", "--now", later] + arguments)
        let objects = try run.standardOutput.split(separator: "\n").map { try jsonObject(String($0)) }
        let summary = try #require(objects.last?["summary"] as? [String: Any], "\(run.standardOutput)\(run.standardError)")
        return (run.status, objects.filter { $0["sessionId"] != nil }, summary)
    }

    static func kinds(_ summary: [String: Any]) -> Set<String> {
        Set((summary["findings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
    }

    @Test("record --rate 100000000, then audit: not clean (rate-above-ceiling), judged at 1 200 gold/h")
    func recordedRateAboveCeiling() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "playtime-ceiling")
        defer { directory.cleanUp() }
        let common = ["--journal", directory.file("j"), "--key-file", directory.keyPath, "--rate", "100000000"]
        #expect(try await PlaytimeBinary.run(["record", "background"] + common).status == 0)
        #expect(try await PlaytimeBinary.run(["record", "foreground"] + common).status == 0)
        let (status, sessions, summary) = try await Self.audit(["--key-file", directory.keyPath, directory.file("j")])
        #expect(status == 1)
        #expect(Self.kinds(summary).contains("rate-above-ceiling"), "\(summary)")
        #expect(sessions.count == 1)
        #expect((sessions.first?["findings"] as? [String])?.contains { $0.contains("judged at 1200 gold/h") } == true, "\(sessions)")
    }

    @Test("A 2 h session snapshotted at 100 000 000 gold/h is worth what 2 h at the ceiling is; --max-rate moves the ceiling")
    func twoHoursAtTheCeiling() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "playtime-ceiling")
        defer { directory.cleanUp() }
        try Self.journal(directory.file("j"), key: directory.key, sessions: 1, awayHours: 2, rate: 100_000_000)
        // 2 h in the first tier (100 %) at 50 % efficiency: a rate's worth of gold, less the boot clock's 100 ppm
        // drift allowance (7 199.28 s credited).
        let byDefault = try await Self.audit(["--key-file", directory.keyPath, directory.file("j")])
        #expect(byDefault.status == 1)
        #expect(Self.kinds(byDefault.summary) == ["rate-above-ceiling"], "\(byDefault.summary)")
        #expect(byDefault.sessions.first?["gold"] as? Int == 1199, "\(byDefault.sessions)")
        let lower = try await Self.audit(["--key-file", directory.keyPath, "--max-rate", "600", directory.file("j")])
        #expect(lower.sessions.first?["gold"] as? Int == 599)
        let above = try await Self.audit(["--key-file", directory.keyPath, "--max-rate", "100000000", directory.file("j")])
        // At its own snapshot (the figure the old audit called clean) the session is far past the daily budget.
        #expect(Self.kinds(above.summary) == ["daily-budget-exceeded"], "\(above.summary)")
        #expect(above.sessions.first?["gold"] as? Int == 99_986_111)
        // The policy's own rate is within the ceiling: an honest 2 h session stays clean.
        try Self.journal(directory.file("honest"), key: directory.key, sessions: 1, awayHours: 2)
        let honest = try await Self.audit(["--key-file", directory.keyPath, directory.file("honest")])
        #expect(honest.status == 0, "\(honest.summary)")
        #expect(honest.sessions.first?["gold"] as? Int == 599)
    }

    @Test("--max-rate refuses what is not a whole number of gold per hour")
    func badMaximumRate() async throws {
        let run = try await PlaytimeBinary.run(["audit", "--key-file", "/nonexistent", "--max-rate", "lots", "-"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--max-rate"), "\(run.standardError)")
    }

    @Test("Five 8 h sessions without claims, on five devices of one player at once: daily-budget-exceeded (5 × 1 499 gold > 6 000)")
    func fiveEightHourSessions() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "playtime-budget")
        defer { directory.cleanUp() }
        var paths: [String] = []
        for device in 0..<5 {
            let path = directory.file("device\(device)")
            try Self.journal(path, key: directory.key, sessions: 1, awayHours: 8, idPrefix: String(device))
            paths.append(path)
        }
        let (status, sessions, summary) = try await Self.audit(["--key-file", directory.keyPath] + paths)
        #expect(status == 1)
        #expect(sessions.map { $0["gold"] as? Int } == Array(repeating: 1499, count: 5))
        #expect(Self.kinds(summary).contains("daily-budget-exceeded"), "\(summary)")
        // The fifth session passes the budget: 7 495 gold in 24 h.
        #expect((sessions.last?["findings"] as? [String])?.contains { $0.contains("7495 gold in 24 h, budget 6000") } == true, "\(sessions.last ?? [:])")
    }

    @Test("Twelve 2 h sessions back to back in one journal without claims (first-tier farming): daily-budget-exceeded and nothing else")
    func firstTierFarming() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "playtime-budget")
        defer { directory.cleanUp() }
        try Self.journal(directory.file("j"), key: directory.key, sessions: 12, awayHours: 2)
        let (status, sessions, summary) = try await Self.audit(["--key-file", directory.keyPath, directory.file("j")])
        #expect(status == 1)
        #expect(sessions.count == 12)
        #expect(Self.kinds(summary) == ["daily-budget-exceeded"], "\(summary)")
        // 599 gold each: the eleventh is the first past 6 000 in 24 h.
        #expect(sessions.prefix(10).allSatisfy { ($0["findings"] as? [String])?.isEmpty == true })
        #expect((sessions[10]["flags"] as? [String]) == ["daily-budget-exceeded"])
        // Ten such sessions are within the budget (5 990 gold).
        try Self.journal(directory.file("ten"), key: directory.key, sessions: 10, awayHours: 2, idPrefix: "b")
        let ten = try await Self.audit(["--key-file", directory.keyPath, directory.file("ten")])
        #expect(ten.status == 0, "\(ten.summary)")
    }
}
