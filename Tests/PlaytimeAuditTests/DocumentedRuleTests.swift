import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeAudit

/// The sentences of docs/journal-format.md that the code once read differently (issue 18, "One document"):
/// each test names the rule it pins.
@Suite("Documented rules: the auditor does what the format says")
struct DocumentedRuleTests {
    static let start = AuditTests.start
    static let hour = AuditTests.hour
    static let second: Int64 = 1_000_000_000
    /// Far beyond the server's clock at judging (`AuditTests.judgedAt` is 30 days after `start`).
    static let future = AuditTests.start + 400 * 86_400 * second

    static func evidence(
        _ event: SessionEventKind, _ session: String, wall: Int64, boot: Int64, bootID: String?,
        network: Int64? = nil, error: Int64 = 2_000_000
    ) -> Evidence {
        Evidence(
            event: event, sessionID: session, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
            network: network.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: error) }, connectivity: .unknown,
            goldPerHour: event == .background ? 600 : 0, policyVersion: event == .background ? RewardPolicy.default.version : "")
    }

    /// Writes `records` to a fresh journal and audits it as of `AuditTests.judgedAt`.
    static func audit(_ records: [Evidence]) throws -> (summary: AuditSummary, sessions: [AuditedSession]) {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        for record in records { try builder.append(record) }
        try builder.close()
        return try ServerTruthAuditTests.audit(directory.file("a"), key: directory.key)
    }

    /// An honest player leaves (network time honest), the phone reboots while away, and the return 7 099 s
    /// later, 99 s into the new boot, meets a spoofer whose answer is from the future.
    static func spoofedReturn(id: String) -> [Evidence] {
        [
            Self.evidence(.background, id, wall: start, boot: 10 * hour, bootID: "A", network: start),
            Self.evidence(.launch, id, wall: start + 7_099 * second, boot: 99 * second, bootID: "B", network: future),
        ]
    }

    @Test("rule 3: a return that met a spoofer is proven by a later honest fix of its boot, past fixes from the future or with a negative bound")
    func honestFixAfterSpoofer() throws {
        let id = "00000000000000d1"
        let (summary, sessions) = try Self.audit(
            Self.spoofedReturn(id: id) + [
                // The spoofer again (from the future), then a fix with a negative error bound: neither ends the search.
                Self.evidence(.settlement, id, wall: Self.start + 7_149 * Self.second, boot: 149 * Self.second, bootID: "B", network: Self.future),
                Self.evidence(
                    .settlement, id, wall: Self.start + 7_169 * Self.second, boot: 169 * Self.second, bootID: "B",
                    network: Self.start + 7_169 * Self.second, error: -1),
                // An honest fix 100 s after the return proves it.
                Self.evidence(
                    .settlement, id, wall: Self.start + 7_199 * Self.second, boot: 199 * Self.second, bootID: "B",
                    network: Self.start + 7_199 * Self.second),
            ])
        let session = try #require(sessions.first { $0.sessionID == id })
        #expect(session.verdict.method == .network)
        #expect(session.verdict.status == .verified)
        // 7 099 s less the two 2 ms error bounds and 100 ppm of the 100 s projection.
        #expect(session.verdict.creditedSeconds == 7_098)
        #expect(session.verdict.has(.networkAheadOfServer))
        #expect(summary.creditedSeconds == 7_098)
    }

    @Test("rule 0: a spoofer's answer from the future pays nothing, at the return or as a later proof")
    func spooferAlonePaysNothingExtra() throws {
        let id = "00000000000000d2"
        let (_, sessions) = try Self.audit(
            Self.spoofedReturn(id: id) + [
                Self.evidence(.settlement, id, wall: Self.start + 7_199 * Self.second, boot: 199 * Self.second, bootID: "B", network: Self.future)
            ])
        let session = try #require(sessions.first { $0.sessionID == id })
        // Only the new boot's uptime, unproven: what the same return without any network time is worth.
        let (_, offline) = try Self.audit([
            Self.evidence(.background, "00000000000000d3", wall: Self.start, boot: 10 * Self.hour, bootID: "A", network: Self.start),
            Self.evidence(.launch, "00000000000000d3", wall: Self.start + 7_099 * Self.second, boot: 99 * Self.second, bootID: "B"),
        ])
        #expect(session.verdict.method == .uptimeBound)
        #expect(session.verdict.status == .provisional)
        #expect(session.verdict.creditedSeconds <= 99)
        #expect(session.verdict.creditedSeconds == offline.first?.verdict.creditedSeconds)
        #expect(session.recomputedGold == offline.first?.recomputedGold)
    }

    @Test(
        "rules 0 and 2c: a later fix settles a same-boot shortfall only if it places the return before the server first saw it",
        arguments: [(5 * 3_600 + 10, true), (10, false)] as [(Int64, Bool)])
    func settlingFixRespectsFirstSeen(firstSeenAfterSeconds: Int64, settles: Bool) throws {
        let id = "00000000000000d8"
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        var builder = try JournalBuilder(path: directory.file("a"), key: directory.key)
        // Same boot: the boot clock says 5 h away, the return's network time 5 s (a spoofer behind, or a shifted
        // boot clock); 90 s of boot clock later a fix agrees with the departure along the boot clock.
        try builder.append(Self.evidence(.background, id, wall: Self.start, boot: 10 * Self.hour, bootID: "A", network: Self.start))
        try builder.append(
            Self.evidence(
                .foreground, id, wall: Self.start + 5 * Self.hour, boot: 15 * Self.hour, bootID: "A",
                network: Self.start + 5 * Self.second))
        try builder.append(
            Self.evidence(
                .heartbeat, "", wall: Self.start + 5 * Self.hour + 90 * Self.second, boot: 15 * Self.hour + 90 * Self.second,
                bootID: "A", network: Self.start + 5 * Self.hour + 90 * Self.second))
        try builder.close()
        // The server saw the return (records 1 and 2) at `firstSeenAfterSeconds`: 5 h later (honest: the player
        // came back then), or 10 s after the departure (the return existed then, so it cannot be 5 h later).
        var configuration = AuditConfiguration(serverNowNanoseconds: AuditTests.judgedAt)
        configuration.firstSeen.append(sequence: 2, atNanoseconds: Self.start + firstSeenAfterSeconds * Self.second)
        let auditor = SessionAuditor(key: directory.key, configuration: configuration, crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        try auditor.audit(file: try OpenFile(path: directory.file("a"), options: []), name: "j") { sessions.append($0) }
        let verdict = try #require(sessions.first?.verdict)
        if settles {
            #expect(verdict.status == .verified)
            #expect(verdict.creditedSeconds == 5 * 3_600 - 2)
            #expect(verdict.has(.laterProofAgreesWithBootClock))
        } else {
            #expect(verdict.status == .provisional)
            #expect(verdict.creditedSeconds <= 5)
        }
    }

    @Test("overlap: a spoofer's future answer at one return does not make the next honest departure overlap it")
    func overlapComparesUsableTimes() throws {
        let first = "00000000000000d4"
        let second = "00000000000000d5"
        let (summary, sessions) = try Self.audit([
            Self.evidence(.background, first, wall: Self.start, boot: 10 * Self.hour, bootID: "A", network: Self.start),
            // Same boot, 2 h away; the return's answer is from the future (not used: the boot clock proves 2 h).
            Self.evidence(.foreground, first, wall: Self.start + 2 * Self.hour, boot: 12 * Self.hour, bootID: "A", network: Self.future),
            Self.evidence(
                .background, second, wall: Self.start + 3 * Self.hour, boot: 13 * Self.hour, bootID: "A",
                network: Self.start + 3 * Self.hour),
            Self.evidence(
                .foreground, second, wall: Self.start + 4 * Self.hour, boot: 14 * Self.hour, bootID: "A",
                network: Self.start + 4 * Self.hour),
        ])
        #expect(sessions.count == 2)
        #expect(!summary.findings.contains { $0.kind == .overlappingSessions }, "\(summary.findings)")
    }

    @Test("§11: a second departure under the same id abandons the first, which is reported without a return")
    func sameIDAbandoned() throws {
        let id = "00000000000000d6"
        let (summary, sessions) = try Self.audit([
            Self.evidence(.background, id, wall: Self.start, boot: 10 * Self.hour, bootID: "A"),
            Self.evidence(.background, id, wall: Self.start + Self.hour, boot: 11 * Self.hour, bootID: "A"),
            Self.evidence(.foreground, id, wall: Self.start + 2 * Self.hour, boot: 12 * Self.hour, bootID: "A"),
        ])
        #expect(sessions.count == 2)
        let abandoned = try #require(sessions.first)
        let returned = try #require(sessions.last)
        #expect(abandoned.verdict.has(.evidenceMissing))
        #expect(abandoned.verdict.creditedSeconds == 0)
        #expect(abandoned.recomputedGold == 0)
        #expect(!abandoned.findings.contains { $0.kind == .duplicateSession })
        // The session the second departure began: one hour, and the reused id named on its own row.
        #expect(returned.verdict.creditedSeconds == 3_599)
        #expect(returned.findings.contains { $0.kind == .duplicateSession && $0.sequence == 2 })
        #expect(summary.sessions == 2)
    }

    @Test("§10b: a record whose boot id could not be read does not end its boot: no boot-id-reused for an honest device")
    func unreadBootIDIsNotAReboot() throws {
        let id = "00000000000000d7"
        let (summary, sessions) = try Self.audit([
            Self.evidence(.background, id, wall: Self.start, boot: 10 * Self.hour, bootID: "A"),
            // The same boot, its id unreadable once.
            Self.evidence(.heartbeat, "", wall: Self.start + Self.hour, boot: 11 * Self.hour, bootID: nil),
            Self.evidence(.foreground, id, wall: Self.start + 2 * Self.hour, boot: 12 * Self.hour, bootID: "A"),
        ])
        #expect(summary.findings.isEmpty, "\(summary.findings)")
        #expect(sessions.first?.verdict.method == .bootClock)
        #expect(sessions.first?.verdict.status == .verified)
    }

    @Test("§10b: a record without a boot id does not hide a boot clock that went back within the boot around it")
    func unreadBootIDKeepsContinuity() throws {
        let (summary, _) = try Self.audit([
            Self.evidence(.heartbeat, "", wall: Self.start, boot: 10 * Self.hour, bootID: "A"),
            Self.evidence(.heartbeat, "", wall: Self.start + Self.hour, boot: 11 * Self.hour, bootID: nil),
            Self.evidence(.heartbeat, "", wall: Self.start + 2 * Self.hour, boot: 5 * Self.hour, bootID: "A"),
        ])
        #expect(summary.findings.contains { $0.kind == .bootClockDiscontinuity })
        #expect(!summary.findings.contains { $0.kind == .bootIDReused })
    }
}
