import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Builds journals with `JournalBuilder`, audits them, and checks what the auditor reports.
@Suite("Session auditor")
struct AuditTests {
    static let start: Int64 = 1_796_083_200_000_000_000
    /// The server's clock when these journals are judged: a month after they start, after every record.
    static let judgedAt: Int64 = start + 30 * 86_400_000_000_000
    static let hour: Int64 = 3_600_000_000_000

    /// The claim an honest client records: the verdict's credited time and status, the snapshot rate.
    static func honestClaim(_ departure: Evidence, _ arrival: Evidence, multipliers: [String] = []) throws -> ClaimRecord {
        let timeline = SessionTimeline(sessionID: departure.sessionID, departure: departure, arrival: arrival)
        let verdict = ElapsedVerdict(timeline: timeline)
        let breakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline, requestedMultipliers: multipliers)
        return ClaimRecord(
            sessionID: departure.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
            paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed, multipliers: multipliers,
            goldPerHour: departure.goldPerHour, policyVersion: departure.policyVersion)
    }

    /// An honest journal: `count` sessions of `awayHours` each, one hour of play between them, each claimed.
    static func honestJournal(
        at path: String, key: JournalKey, count: Int = 3, awayHours: Int64 = 2,
        startWall: Int64 = start, bootID: String = "boot-A"
    ) throws {
        var builder = try JournalBuilder(path: path, key: key)
        var wall = startWall
        var boot: Int64 = 1_000_000_000_000
        for index in 0..<count {
            let id = String(format: "%016llx", UInt64(index + 1) + (bootID == "boot-A" ? 0 : 0x1000))
            let (departure, arrival) = try builder.honestSession(id: id, bootID: bootID, departWall: wall, departBoot: boot, awaySeconds: awayHours * 3600)
            try builder.append(try honestClaim(departure, arrival, multipliers: index == 0 ? ["ad"] : []))
            wall += (awayHours + 1) * hour
            boot += (awayHours + 1) * hour
        }
        try builder.close()
    }

    func audit(_ paths: [String], key: JournalKey, policy: RewardPolicy = .default) throws -> (summary: AuditSummary, sessions: [AuditedSession]) {
        let auditor = SessionAuditor(key: key, configuration: AuditConfiguration(serverNowNanoseconds: Self.judgedAt, policy: policy))
        var sessions: [AuditedSession] = []
        for path in paths {
            let file = try OpenFile(path: path, options: [])
            try auditor.audit(file: file, name: path) { sessions.append($0) }
        }
        return (auditor.finish(), sessions)
    }

    @Test("An honest journal is clean: every claim matches the recomputed gold")
    func honest() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("a"), key: directory.key)
        let (summary, sessions) = try audit([directory.file("a")], key: directory.key)
        #expect(summary.isClean, "\(summary.findings)")
        #expect(sessions.count == 3)
        #expect(summary.claimedGold == summary.recomputedGold)
        #expect(summary.claimedGold > 0)
        #expect(sessions.allSatisfy { $0.verdict.method == .bootClock && $0.verdict.creditedSeconds == 7199 })
    }

    @Test("A flipped byte breaks the chain, and is named with its line")
    func flippedByte() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("a"), key: directory.key)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file("a")))
        let lines = bytes.split(separator: 0x0A)
        let target = lines[0].count + 1 + lines[1].count + 1 + 30  // inside line 3
        bytes[target] ^= 0x04
        try bytes.write(to: URL(fileURLWithPath: directory.file("a")))
        let (summary, sessions) = try audit([directory.file("a")], key: directory.key)
        let broken = try #require(summary.findings.first { $0.kind == .chainBroken })
        #expect(broken.detail.hasPrefix("mac-mismatch") || broken.detail.hasPrefix("malformed"))
        #expect(broken.sequence == 3)
        #expect(sessions.count <= 1)
    }

    @Test("A deleted record breaks the chain")
    func deletedRecord() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("a"), key: directory.key)
        var lines = try String(contentsOfFile: directory.file("a"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: 4)
        try lines.joined(separator: "\n").write(toFile: directory.file("a"), atomically: true, encoding: .utf8)
        let (summary, _) = try audit([directory.file("a")], key: directory.key)
        #expect(summary.findings.contains { $0.kind == .chainBroken })
    }

    @Test("Two devices away at the same time: overlapping sessions are named")
    func overlapAcrossDevices() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("phone"), key: directory.key, count: 1)
        try Self.honestJournal(at: directory.file("tablet"), key: directory.key, count: 1, startWall: Self.start + Self.hour, bootID: "boot-T")
        let (summary, _) = try audit([directory.file("phone"), directory.file("tablet")], key: directory.key)
        let overlap = try #require(summary.findings.first { $0.kind == .overlappingSessions })
        #expect(overlap.detail.contains("phone"))
    }

    @Test("Devices away one after the other do not overlap")
    func noOverlapWhenSequential() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("phone"), key: directory.key, count: 1)
        try Self.honestJournal(at: directory.file("tablet"), key: directory.key, count: 1, startWall: Self.start + 3 * Self.hour, bootID: "boot-T")
        let summary = try audit([directory.file("phone"), directory.file("tablet")], key: directory.key).summary
        #expect(summary.isClean, "\(summary.findings)")
    }

    @Test("A claim that pays more than the evidence justifies is a claim mismatch")
    func claimMismatch() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        let (departure, arrival) = try builder.honestSession(id: "00000000000000aa", departWall: Self.start, departBoot: 5_000_000_000, awaySeconds: 3600)
        var claim = try Self.honestClaim(departure, arrival)
        claim.paidGold += 1
        try builder.append(claim)
        try builder.close()
        let (summary, sessions) = try audit([directory.file("a")], key: directory.key)
        #expect(summary.findings.contains { $0.kind == .claimMismatch && $0.sessionID == "00000000000000aa" })
        #expect(sessions.first?.claimedGold == claim.paidGold)
    }

    @Test("A claim at an upgraded rate is a rate change; a reused multiplier is a mismatch")
    func rateChangedAndMultiplierReuse() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        let (departure, arrival) = try builder.honestSession(id: "00000000000000bb", departWall: Self.start, departBoot: 5_000_000_000, awaySeconds: 7200)
        var upgraded = try Self.honestClaim(departure, arrival)
        upgraded.goldPerHour *= 10
        try builder.append(upgraded)
        var twice = try Self.honestClaim(departure, arrival, multipliers: ["ad"])
        twice.multipliers = ["ad", "ad"]
        twice.paidGold *= 2
        try builder.append(twice)
        try builder.close()
        let (summary, _) = try audit([directory.file("a")], key: directory.key)
        #expect(summary.findings.contains { $0.kind == .rateChanged })
        #expect(summary.findings.contains { $0.kind == .claimMismatch })
    }

    @Test("Duplicate session ids, a boot clock going back, and more credit than the span are each named")
    func structuralFindings() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        try builder.honestSession(id: "00000000000000cc", departWall: Self.start, departBoot: 100 * Self.hour, awaySeconds: 7200, withNetwork: false)
        // Same id again, and its boot readings go back inside the same boot: the two sessions cover the same hours.
        try builder.honestSession(
            id: "00000000000000cc", departWall: Self.start + 3 * Self.hour, departBoot: 100 * Self.hour + Self.hour, awaySeconds: 7200, withNetwork: false)
        try builder.close()
        let summary = try audit([directory.file("a")], key: directory.key).summary
        let kinds = Set(summary.findings.map(\.kind))
        #expect(kinds.contains(.duplicateSession))
        #expect(kinds.contains(.bootClockDiscontinuity))
    }

    @Test("A claim for a session the journal does not hold is an orphan")
    func orphanClaim() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        try builder.append(
            ClaimRecord(
                sessionID: "00000000000000dd", creditedSeconds: 3600, status: .verified, paidGold: 500, escrowedGold: 0,
                multipliers: [], goldPerHour: 600, policyVersion: RewardPolicy.default.version))
        try builder.close()
        #expect(try audit([directory.file("a")], key: directory.key).summary.findings.map(\.kind) == [.orphanClaim])
    }

    @Test("Claims beyond the daily budget in a rolling 24 h are named")
    func dailyBudget() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        // Eight 2 h sessions, each claimed in full, all within 24 h, under a policy whose budget is 3 000 gold.
        try Self.honestJournal(at: directory.file("a"), key: directory.key, count: 8, awayHours: 2)
        var policy = RewardPolicy.default
        policy.dailyBudgetGold = 3_000
        let summary = try audit([directory.file("a")], key: directory.key, policy: policy).summary
        let budget = policy.dailyBudgetGold
        #expect(summary.claimedGold > budget)
        #expect(summary.findings.contains { $0.kind == .dailyBudgetExceeded })
    }

    @Test("Memory stays flat: the auditor holds no per-record state (a long journal audits in bounded pending sets)")
    func streamingHoldsNoRecords() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.honestJournal(at: directory.file("a"), key: directory.key, count: 400, awayHours: 1)
        var seen = 0
        let auditor = SessionAuditor(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: Self.judgedAt))
        let file = try OpenFile(path: directory.file("a"), options: [])
        try auditor.audit(file: file, name: "a") { _ in seen += 1 }
        #expect(seen == 400)
    }
}
