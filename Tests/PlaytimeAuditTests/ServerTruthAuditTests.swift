import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeAudit

/// The auditor judges on the server's clock, budgets and orders offline sessions on the boot clock, and
/// reports payloads that break the documented grammar on the session's own row.
@Suite("Session auditor: server truth")
struct ServerTruthAuditTests {
    static let start = AuditTests.start
    static let hour = AuditTests.hour
    static let second: Int64 = 1_000_000_000

    static func audit(_ path: String, key: JournalKey, now: Int64 = AuditTests.judgedAt) throws -> (summary: AuditSummary, sessions: [AuditedSession]) {
        let auditor = SessionAuditor(key: key, configuration: AuditConfiguration(serverNowNanoseconds: now), crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        let file = try OpenFile(path: path, options: [])
        try auditor.audit(file: file, name: "j") { sessions.append($0) }
        return (auditor.finish(), sessions)
    }

    static func evidence(
        _ event: SessionEventKind, _ session: String, wall: Int64, boot: Int64, bootID: String, network: Int64? = nil,
        rate: Int64 = 600
    ) -> Evidence {
        Evidence(
            event: event, sessionID: session, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
            network: network.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: 2_000_000) }, connectivity: .unknown,
            goldPerHour: event == .background ? rate : 0, policyVersion: event == .background ? RewardPolicy.default.version : "")
    }

    @Test("twelve 2 h offline sessions in one boot, each claimed in full: daily-budget-exceeded on the boot clock")
    func offlineFarming() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        var boot = 10 * Self.hour
        for index in 0..<12 {
            let (departure, arrival) = try builder.honestSession(
                id: String(format: "%016x", index + 1), departWall: Self.start + boot,
                departBoot: boot, awaySeconds: 7_200, withNetwork: false)
            try builder.append(try AuditTests.honestClaim(departure, arrival))
            boot += 2 * Self.hour + 60 * Self.second
        }
        try builder.close()
        let summary = try Self.audit(directory.file("a"), key: directory.key).summary
        #expect(summary.claimedGold > RewardPolicy.default.dailyBudgetGold)
        #expect(summary.findings.contains { $0.kind == .dailyBudgetExceeded })
    }

    @Test("offline sessions of one boot that overlap on the boot clock are named")
    func offlineOverlap() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        try builder.honestSession(id: "00000000000000a1", departWall: Self.start, departBoot: 100 * Self.hour, awaySeconds: 7_200, withNetwork: false)
        try builder.honestSession(
            id: "00000000000000a2", departWall: Self.start + Self.hour, departBoot: 101 * Self.hour, awaySeconds: 7_200, withNetwork: false)
        try builder.close()
        let sessions = try Self.audit(directory.file("a"), key: directory.key).sessions
        #expect(sessions.last?.findings.contains { $0.kind == .overlappingSessions } == true)
    }

    @Test("a return whose network time is 5 h ahead of the server's clock is not used: credit ≤ the true time away")
    func returnAheadOfServer() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        // 5 s away across a reboot; the return's network time and wall clock claim 5 h more.
        let departure = Self.evidence(.background, "00000000000000b1", wall: Self.start, boot: 50 * Self.hour, bootID: "A", network: Self.start)
        let arrival = Self.evidence(
            .launch, "00000000000000b1", wall: Self.start + 5 * Self.hour + 5 * Self.second, boot: 5 * Self.second,
            bootID: "B", network: Self.start + 5 * Self.hour + 5 * Self.second)
        try builder.append(departure)
        try builder.append(arrival)
        try builder.close()
        let judgedJustAfter = Self.start + 6 * Self.second
        let (summary, sessions) = try Self.audit(directory.file("a"), key: directory.key, now: judgedJustAfter)
        #expect(summary.creditedSeconds <= 5 + 2)
        #expect(sessions.first?.verdict.has(.networkAheadOfServer) == true)
        #expect(summary.findings.contains { $0.kind == .suspiciousVerdict && $0.detail.contains("networkAheadOfServer") })
    }

    @Test("behind a persistent spoofer, a session waiting for proof and the sessions after it are not called overlapping")
    func spooferKeepsOrder() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        let lag = 5 * Self.hour
        // Session 1: honest departure, return 5 h behind (waits for an agreeing fix that never comes).
        try builder.append(Self.evidence(.background, "00000000000000e1", wall: Self.start, boot: 10 * Self.hour, bootID: "A", network: Self.start))
        try builder.append(
            Self.evidence(
                .foreground, "00000000000000e1", wall: Self.start + 2 * Self.hour, boot: 12 * Self.hour, bootID: "A",
                network: Self.start + 2 * Self.hour - lag))
        // Session 2: the spoofer answers 5 h behind at both ends (consistent, so it completes at once).
        try builder.append(
            Self.evidence(
                .background, "00000000000000e2", wall: Self.start + 3 * Self.hour, boot: 13 * Self.hour, bootID: "A",
                network: Self.start + 3 * Self.hour - lag))
        try builder.append(
            Self.evidence(
                .foreground, "00000000000000e2", wall: Self.start + 4 * Self.hour, boot: 14 * Self.hour, bootID: "A",
                network: Self.start + 4 * Self.hour - lag))
        try builder.close()
        let (summary, sessions) = try Self.audit(directory.file("a"), key: directory.key)
        #expect(sessions.count == 2)
        #expect(!summary.findings.contains { $0.kind == .overlappingSessions }, "\(summary.findings)")
    }

    @Test("a boot id that comes back after another boot is a forged reboot")
    func bootIDReused() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        try builder.append(Self.evidence(.background, "00000000000000c1", wall: Self.start, boot: 10 * Self.hour, bootID: "A"))
        try builder.append(Self.evidence(.launch, "00000000000000c1", wall: Self.start + Self.hour, boot: 11 * Self.hour, bootID: "B"))
        // A record without a boot id between the boots does not hide that A ended.
        var anonymous = Self.evidence(.heartbeat, "", wall: Self.start + Self.hour + 60 * Self.second, boot: 11 * Self.hour, bootID: "B")
        anonymous.clock.bootID = nil
        try builder.append(anonymous)
        try builder.append(Self.evidence(.background, "00000000000000c2", wall: Self.start + 2 * Self.hour, boot: 12 * Self.hour, bootID: "B"))
        try builder.append(Self.evidence(.launch, "00000000000000c2", wall: Self.start + 3 * Self.hour, boot: 13 * Self.hour, bootID: "A"))
        try builder.close()
        let summary = try Self.audit(directory.file("a"), key: directory.key).summary
        #expect(summary.findings.contains { $0.kind == .bootIDReused })
    }

    @Test("grammar breaks are malformed-payload and not paid; negative rates, falling paid and duplicate ids are on the rows")
    func strictPayloads() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        // A departure written under the type of a return, and one with an origin §7 does not define (a leading-zero
        // rate is not even JSON, so the writer refuses it; the decoder's refusal is tested in EvidenceCodecTests).
        let lying = Self.evidence(.background, "00000000000000d1", wall: Self.start, boot: Self.hour, bootID: "A")
        try builder.appendRaw(type: "session.foreground", payload: EvidenceCodec.encode(lying))
        let unknownOrigin = String(decoding: EvidenceCodec.encode(lying), as: UTF8.self)
            .replacingOccurrences(of: #""origin":"lifecycle""#, with: #""origin":"cron""#)
        try builder.appendRaw(type: "session.background", payload: Array(unknownOrigin.utf8))
        // A negative rate; a claim whose cumulative paid goes down; the same id twice.
        let (departure, _) = try builder.honestSession(
            id: "00000000000000d2", departWall: Self.start + 2 * Self.hour,
            departBoot: 2 * Self.hour, awaySeconds: 3_600, goldPerHour: -600)
        try builder.append(
            ClaimRecord(
                sessionID: departure.sessionID, creditedSeconds: 3_599, status: .verified, paidGold: 0, escrowedGold: 0,
                multipliers: [], goldPerHour: -600, policyVersion: departure.policyVersion))
        try builder.honestSession(id: "00000000000000d3", departWall: Self.start + 4 * Self.hour, departBoot: 4 * Self.hour, awaySeconds: 3_600)
        let (again, back) = try builder.honestSession(
            id: "00000000000000d3", departWall: Self.start + 6 * Self.hour, departBoot: 6 * Self.hour, awaySeconds: 3_600)
        var first = try AuditTests.honestClaim(again, back)
        try builder.append(first)
        first.paidGold -= 1
        try builder.append(first)
        try builder.close()
        let (summary, sessions) = try Self.audit(directory.file("a"), key: directory.key)
        #expect(summary.findings.filter { $0.kind == .malformedPayload }.count == 2)
        #expect(!sessions.contains { $0.sessionID == "00000000000000d1" })
        let negative = sessions.first { $0.sessionID == "00000000000000d2" }
        #expect(negative?.findings.contains { $0.kind == .negativeRate } == true)
        #expect(negative?.recomputedGold == 0)
        let rows = sessions.filter { $0.sessionID == "00000000000000d3" }
        #expect(rows.count == 2)
        #expect(rows.last?.findings.contains { $0.kind == .duplicateSession } == true)
        #expect(rows.last?.findings.contains { $0.kind == .paidDecreased } == true)
    }

    @Test(
        "paid-decreased compares a claim with the highest earlier claim only: a single negative claim, or a rise from one, is not a decrease",
        arguments: [
            ([-5], false), ([-5, -3], false), ([10, 5], true), ([-5, -10], true),
        ])
    func paidDecreasedNeedsAnEarlierClaim(paid: [Int64], decreased: Bool) throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        let (departure, arrival) = try builder.honestSession(id: "00000000000000e4", departWall: Self.start, departBoot: Self.hour, awaySeconds: 3_600)
        var claim = try AuditTests.honestClaim(departure, arrival)
        for gold in paid {
            claim.paidGold = gold
            try builder.append(claim)
        }
        try builder.close()
        let (_, sessions) = try Self.audit(directory.file("a"), key: directory.key)
        let findings = sessions.first?.findings ?? []
        #expect(findings.contains { $0.kind == .paidDecreased } == decreased, "\(paid): \(findings)")
    }

    @Test("a span saturated by an enormous reboot credit (§13.4) proves everything: no credited-exceeds-span from the sum wrapping")
    func saturatedSpanRaisesNothing() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var encoder = JournalEncoder(key: directory.key, version: 2)
        var bytes = encoder.headerLine
        var departure = Self.evidence(.background, "00000000000000e5", wall: Self.start, boot: 5_000_000_000, bootID: "segment-a")
        departure.payloadVersion = 2
        var arrival = Self.evidence(.foreground, "00000000000000e5", wall: Self.start + Self.hour, boot: 1_000_000_000, bootID: "segment-b")
        arrival.payloadVersion = 2
        arrival.rebootCreditNanoseconds = .max
        bytes += try encoder.encodeRecord(type: "session.background", payload: EvidenceCodec.encode(departure))
        bytes += try encoder.encodeRecord(type: "session.foreground", payload: EvidenceCodec.encode(arrival))
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("a")))
        let (summary, _) = try Self.audit(directory.file("a"), key: directory.key)
        #expect(!summary.findings.contains { $0.kind == .creditedExceedsSpan }, "\(summary.findings)")
    }

    @Test("summary totals saturate instead of wrapping negative")
    func totalsSaturate() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        for index in 0..<3 {
            let (departure, _) = try builder.honestSession(
                id: String(format: "%016x", index + 1), departWall: Self.start + Int64(index) * 3 * Self.hour,
                departBoot: Int64(index) * 3 * Self.hour, awaySeconds: 7_200, goldPerHour: .max)
            try builder.append(
                ClaimRecord(
                    sessionID: departure.sessionID, creditedSeconds: 7_199, status: .verified, paidGold: .max / 2 + 7,
                    escrowedGold: 0, multipliers: [], goldPerHour: .max, policyVersion: departure.policyVersion))
        }
        try builder.close()
        let summary = try Self.audit(directory.file("a"), key: directory.key).summary
        #expect(summary.claimedGold == .max)
        #expect(summary.recomputedGold >= 0)
    }

    @Test("the budget window never moves back: a payment placed far in the future does not clear the day, totals never wrap")
    func budgetWindowNeverMovesBack() {
        var window = BudgetWindow()
        #expect(window.add(5_000, at: Self.start) == 5_000)
        #expect(window.add(10, at: Int64.max - 1) == 10)  // a far-future payment ends the old day
        #expect(window.add(2_000, at: Self.start + Self.hour) == 2_010)  // later ones still count with it
        #expect(window.add(.max, at: Self.start) == .max)
        #expect(window.add(.max, at: Self.start) == .max)
        #expect(window.add(-5, at: Int64.min) == .max)
    }
}
