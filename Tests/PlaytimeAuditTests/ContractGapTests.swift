import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeAudit

/// The four points the contract (docs/audit-json.md, docs/journal-format.md) left unsaid or contradictory (issue 34
/// item 8), each pinned to what the documents now say.
@Suite("The contract's last gaps")
struct ContractGapTests {
    static let start = AuditTests.start
    static let hour = AuditTests.hour
    static let second: Int64 = 1_000_000_000

    static func evidence(
        _ event: SessionEventKind, _ session: String, wall: Int64, boot: Int64, bootID: String?, network: Int64? = nil,
        error: Int64 = 2_000_000
    ) -> Evidence {
        DocumentedRuleTests.evidence(event, session, wall: wall, boot: boot, bootID: bootID, network: network, error: error)
    }

    @Test("audit-json claimedGold: a session whose only claim has paid −5 claims 0 (never below 0), and that claim is a claim-mismatch")
    func negativeClaim() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        let (departure, _) = try builder.honestSession(id: "00000000000000c1", departWall: Self.start, departBoot: Self.hour, awaySeconds: 3_600)
        try builder.append(
            ClaimRecord(
                sessionID: departure.sessionID, creditedSeconds: 3_599, status: .verified, paidGold: -5, escrowedGold: 0,
                multipliers: [], goldPerHour: 600, policyVersion: departure.policyVersion))
        try builder.close()
        let (summary, sessions) = try ServerTruthAuditTests.audit(directory.file("a"), key: directory.key)
        let session = try #require(sessions.first)
        #expect(session.claimedGold == 0)
        #expect(session.recomputedGold == 299)
        #expect(summary.claimedGold == 0)
        #expect(session.findings.contains { $0.kind == .claimMismatch && $0.detail.contains("claimed -5 paid") }, "\(session.findings)")
    }

    @Test(
        "journal-format §10c: a session released late (judged after a later departure, once its proof came) is not compared with the sessions judged meanwhile")
    func releasedLate() throws {
        let late = "00000000000000a1"
        let between = "00000000000000a2"
        let (summary, sessions) = try DocumentedRuleTests.audit([
            // A return whose network time is 5 h behind the boot clock: it waits for a settling fix (rule 2c).
            Self.evidence(.background, late, wall: Self.start, boot: 100 * Self.second, bootID: "B", network: Self.start),
            Self.evidence(
                .foreground, late, wall: Self.start + Self.hour, boot: 100 * Self.second + Self.hour, bootID: "B",
                network: Self.start + Self.hour - 5 * Self.hour),
            // Meanwhile, in the same boot and without network time (so it proves nothing), a session departs and returns:
            // it is judged at its return, before the first one.
            Self.evidence(.background, between, wall: Self.start + 2 * Self.hour, boot: 100 * Self.second + 2 * Self.hour, bootID: "B"),
            Self.evidence(.foreground, between, wall: Self.start + 3 * Self.hour, boot: 100 * Self.second + 3 * Self.hour, bootID: "B"),
            // The fix that settles the first: it is released now, late.
            Self.evidence(
                .settlement, late, wall: Self.start + 4 * Self.hour, boot: 100 * Self.second + 4 * Self.hour, bootID: "B",
                network: Self.start + 4 * Self.hour),
        ])
        #expect(sessions.map(\.sessionID) == [between, late], "judged in the order they are complete")
        let settled = try #require(sessions.last)
        #expect(settled.verdict.status == .verified)
        // Compared with the session judged before it, its departure (boot 100 s) lies before that return (boot 3 h) on one
        // boot clock: an overlap no honest player made. Released late, it is not compared.
        #expect(!summary.findings.contains { $0.kind == .overlappingSessions }, "\(summary.findings)")
    }

    /// A journal of three one-hour sessions on the network timeline, in this file order: returning at `start + 30 h`,
    /// at `start + 1 h` (its clocks place it before the first), and at `start + 40 h`; each 299 gold (600 gold/h, 50 %).
    static func outOfOrderJournal(at path: String, key: JournalKey) throws {
        var builder = try JournalBuilder(path: path, key: key)
        for (index, returnHour) in [Int64(30), 1, 40].enumerated() {
            try builder.honestSession(
                id: String(format: "00000000000000b%d", index + 1), bootID: "boot-\(index)",
                departWall: Self.start + (returnHour - 1) * Self.hour, departBoot: Self.hour, awaySeconds: 3_600)
        }
        try builder.close()
    }

    @Test("audit-json daily-budget-exceeded: a session placed before one already counted is counted at the latest time seen, never in a closed day")
    func budgetAtTheLatestTime() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.outOfOrderJournal(at: directory.file("a"), key: directory.key)
        var policy = RewardPolicy.default
        policy.dailyBudgetGold = 800
        let auditor = SessionAuditor(
            key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: AuditTests.judgedAt, policy: policy),
            crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        try auditor.audit(file: try OpenFile(path: directory.file("a"), options: []), name: "j") { sessions.append($0) }
        #expect(sessions.map(\.recomputedGold) == [299, 299, 299])
        // Counted at its own time (start + 1 h) the second would have left the window by the third's (start + 40 h): 598
        // gold, within the budget. Counted at the latest time seen (start + 30 h), it is in that window: 897 > 800.
        let exceeded = sessions.filter { $0.findings.contains { $0.kind == .dailyBudgetExceeded } }.map(\.sessionID)
        #expect(exceeded == ["00000000000000b3"], "\(sessions.map(\.findings))")
        #expect(sessions.last?.findings.contains { $0.detail.contains("897 gold in 24 h") } == true, "\(sessions.last?.findings ?? [])")
    }

    @Test("audit-json --max-rate's default: each factor rounded down, the tier share first; 601 gold/h with a 150 % multiplier gives 901")
    func ceilingRounding() throws {
        var policy = RewardPolicy.default
        policy.goldPerHour = 601
        policy.multipliers = [RewardMultiplier(name: "ad", percent: 150)]
        #expect(AuditConfiguration.defaultMaximumGoldPerHour(for: policy) == 901)
        policy.multipliers = []
        #expect(AuditConfiguration.defaultMaximumGoldPerHour(for: policy) == 601)
        #expect(AuditConfiguration.defaultMaximumGoldPerHour(for: .default) == 1_200)
        policy.goldPerHour = .max
        policy.multipliers = [RewardMultiplier(name: "ad", percent: 150)]
        #expect(AuditConfiguration.defaultMaximumGoldPerHour(for: policy) == .max)
    }

    @Test(
        "journal-format §13.1 and §8: claim payloads have versions of their own — a version-1 journal holds a version-2 claim, a version-2 journal both — and audit clean"
    )
    func claimVersionsInEitherJournal() async throws {
        for journalVersion in [1, 2] {
            let directory = try TemporaryJournalDirectory(prefix: "playtime-claim-versions")
            defer { directory.cleanUp() }
            let clock = ManualClock()
            var configuration = EarningsConfiguration()
            configuration.clock = clock
            configuration.ntpServers = []
            configuration.connectivityProbe = ScriptedConnectivityProbe()
            configuration.recorder.newJournalVersion = journalVersion
            let earnings = try OfflineEarnings(directory: directory.file("game"), configuration: configuration)
            for multipliers in [["ad"], []] {
                try earnings.background(goldPerHour: 600)
                clock.advance(nanoseconds: Self.hour)
                #expect(try await earnings.foreground(multipliers: multipliers) != nil)
                clock.advance(nanoseconds: 60 * Self.second)
            }
            let text = try String(contentsOfFile: earnings.journalPath, encoding: .utf8)
            #expect(text.hasPrefix("{\"journal\":\"playtime\",\"version\":\(journalVersion),"))
            let claims = text.split(separator: "\n").filter { $0.contains("\"type\":\"claim\"") }
            #expect(claims.count == 2)
            #expect(claims[0].contains("\"payload\":{\"v\":2,") && claims[0].contains("\"pending\":[\"ad\"]"), "\(claims[0])")
            #expect(claims[1].contains("\"payload\":{\"v\":1,"), "\(claims[1])")
            let (summary, sessions) = try ServerTruthAuditTests.audit(
                earnings.journalPath, key: earnings.journalKey,
                now: clock.read().wallNanoseconds + Self.hour)
            #expect(sessions.count == 2)
            #expect(summary.findings.isEmpty, "journal version \(journalVersion): \(summary.findings)")
        }
    }
}
