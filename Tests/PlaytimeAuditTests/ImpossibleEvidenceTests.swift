import Foundation
import PlaytimeAudit
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Nothing an honest recorder cannot write is paid on the server path (docs/guarantees.md, "Impossible
/// evidence"): each finding PlaytimeGuard's recorder never causes withholds its session at the upload gate.
@Suite("Impossible evidence is withheld at the upload gate")
struct ImpossibleEvidenceTests {
    static let start = AuditTests.start
    static let hour = AuditTests.hour
    static let now = AuditTests.judgedAt

    /// A journal written by hand, one way an honest recorder never writes it.
    enum Forgery: String, CaseIterable, CustomStringConvertible {
        case bootClockBackwards, overlapInJournal, malformedPayloadOfSession, malformedPayloadAnywhere, duplicateSessionID,
            bootComesBack, negativeRate, claimAtAnotherRate, paidDecreases

        var description: String { rawValue }

        /// The kind of finding it causes.
        var kind: AuditFinding.Kind {
            switch self {
            case .bootClockBackwards: .bootClockDiscontinuity
            case .overlapInJournal: .overlappingSessions
            case .malformedPayloadOfSession, .malformedPayloadAnywhere: .malformedPayload
            case .duplicateSessionID: .duplicateSession
            case .bootComesBack: .bootIDReused
            case .negativeRate: .negativeRate
            case .claimAtAnotherRate: .rateChanged
            case .paidDecreases: .paidDecreased
            }
        }

        /// Writes the journal; returns the ids of the sessions that must be withheld (by position: the gate
        /// pays by id, so a repeated id is listed once, as the later session).
        func write(_ path: String, key: JournalKey) throws -> Set<String> {
            var builder = try JournalBuilder(path: path, key: key)
            let withheld = try write(to: &builder)
            try builder.close()
            return withheld
        }

        private func write(to builder: inout JournalBuilder) throws -> Set<String> {
            let hour = ImpossibleEvidenceTests.hour
            let start = ImpossibleEvidenceTests.start
            /// One honest hour away, `offset` hours after the start (boot clock 100 h + offset), both clocks agreeing.
            @discardableResult
            func session(_ id: String, at offset: Int64, boot: String = "boot-A", rate: Int64 = 600) throws -> (Evidence, Evidence) {
                try builder.honestSession(
                    id: id, bootID: boot, departWall: start + offset * hour, departBoot: (100 + offset) * hour,
                    awaySeconds: 3_600, goldPerHour: rate)
            }
            switch self {
            case .bootClockBackwards:
                let (_, arrival) = try session("0000000000000001", at: 0)
                try session("0000000000000002", at: 3)
                // After session 2 (session 1 was judged when it departed): a settlement naming session 1 whose
                // boot clock reads before session 2's records.
                var late = arrival
                late.event = .settlement
                late.clock.bootNanoseconds = 102 * hour
                try builder.append(late)
                return ["0000000000000001"]
            case .overlapInJournal:
                try session("0000000000000001", at: 0)
                // Session 3 departs later on the boot clock, but its network time says before session 2 returned.
                var (departure, arrival) = try session("0000000000000002", at: 3)
                departure.sessionID = "0000000000000003"
                departure.network = NetworkTime(unixNanoseconds: start + hour / 2, errorBoundNanoseconds: 2_000_000)
                departure.clock.bootNanoseconds = 105 * hour
                arrival.sessionID = "0000000000000003"
                arrival.network = NetworkTime(unixNanoseconds: start + hour / 2 + hour, errorBoundNanoseconds: 2_000_000)
                arrival.clock.bootNanoseconds = 106 * hour
                try builder.append(departure)
                try builder.append(arrival)
                return ["0000000000000003"]
            case .malformedPayloadOfSession:
                let (_, arrival) = try session("0000000000000001", at: 0)
                try session("0000000000000002", at: 3)
                // Session 1's return again, under a record type that contradicts its event.
                var copy = arrival
                copy.clock.bootNanoseconds = 105 * hour
                try builder.appendRaw(type: "session.heartbeat", payload: EvidenceCodec.encode(copy))
                return ["0000000000000001"]
            case .malformedPayloadAnywhere:
                try session("0000000000000001", at: 0)
                try builder.appendRaw(type: "session.foreground", payload: Array("{\"v\":1}".utf8))
                try session("0000000000000002", at: 3)
                return ["0000000000000001", "0000000000000002"]
            case .duplicateSessionID:
                try session("0000000000000001", at: 0)
                try session("0000000000000001", at: 3)
                return ["0000000000000001"]
            case .bootComesBack:
                try session("0000000000000001", at: 0)
                try session("0000000000000002", at: 3, boot: "boot-B")
                try session("0000000000000003", at: 6)
                return ["0000000000000003"]
            case .negativeRate:
                try session("0000000000000001", at: 0, rate: -600)
                return ["0000000000000001"]
            case .claimAtAnotherRate, .paidDecreases:
                let (departure, arrival) = try session("0000000000000001", at: 0)
                var claim = try AuditTests.honestClaim(departure, arrival)
                if self == .claimAtAnotherRate {
                    claim.goldPerHour = 6_000
                    try builder.append(claim)
                } else {
                    try builder.append(claim)
                    claim.paidGold -= 1
                    try builder.append(claim)
                }
                try session("0000000000000002", at: 3)
                return ["0000000000000001"]
            }
        }
    }

    static func accept(_ path: String, key: JournalKey, at now: Int64 = now) throws -> UploadDecision {
        let gate = UploadGate(key: key, configuration: AuditConfiguration(serverNowNanoseconds: 0), registry: InMemoryDeviceRegistry())
        let file = try OpenFile(path: path, options: [])
        return try gate.accept(file: file, now: now)
    }

    /// The sessions as `playtime audit` judges them (withholding off, the default).
    static func audited(_ path: String, key: JournalKey, at now: Int64 = now) throws -> (AuditSummary, [AuditedSession]) {
        let auditor = SessionAuditor(key: key, configuration: AuditConfiguration(serverNowNanoseconds: now), crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        let file = try OpenFile(path: path, options: [])
        try auditor.audit(file: file, name: path) { sessions.append($0) }
        return (auditor.finish(), sessions)
    }

    @Test(
        "each finding an honest recorder never causes withholds its session at the gate: paid 0, the reason named",
        arguments: Forgery.allCases)
    func withheldAtTheGate(_ forgery: Forgery) throws {
        #expect(forgery.kind.neverHonest)
        let directory = try TemporaryJournalDirectory(prefix: "impossible")
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let withheld = try forgery.write(path, key: directory.key)
        let decision = try Self.accept(path, key: directory.key)
        #expect(decision.outcome == .accepted)
        #expect(decision.findings.contains { $0.kind == forgery.kind }, "\(decision.findings)")
        let named = decision.findings.filter { $0.kind == .withheldImpossibleEvidence }
        #expect(Set(named.compactMap(\.sessionID)) == withheld, "\(named)")
        #expect(named.allSatisfy { $0.detail.hasPrefix("not paid: ") && $0.detail.contains(forgery.kind.neverHonestReason ?? "?") })
        let paid = Set(decision.payments.map(\.sessionID))
        if forgery == .duplicateSessionID {
            // The first session of that id was paid; the second adds nothing.
            #expect(decision.payments.map(\.gold) == [299])
        } else {
            #expect(paid.isDisjoint(with: withheld), "\(decision.payments)")
        }
        // The other sessions are paid as before.
        let (_, sessions) = try Self.audited(path, key: directory.key)
        let others = sessions.filter { !withheld.contains($0.sessionID) && $0.payableGold > 0 }
        #expect(others.allSatisfy { paid.contains($0.sessionID) })
        // `playtime audit` reports the finding without withholding: what the session would otherwise be worth.
        if forgery != .negativeRate && forgery != .duplicateSessionID {
            #expect(sessions.contains { withheld.contains($0.sessionID) && $0.payableGold > 0 })
            #expect(!sessions.flatMap(\.findings).contains { $0.kind == .withheldImpossibleEvidence })
        }
    }

    @Test("only the kinds PlaytimeGuard's recorder never causes are never honest")
    func classification() {
        let never = Set(AuditFinding.Kind.allCases.filter(\.neverHonest))
        #expect(
            never == [
                .bootClockDiscontinuity, .overlappingSessions, .duplicateSession, .malformedPayload, .bootIDReused,
                .negativeRate, .rateChanged, .paidDecreased,
            ])
        #expect(AuditFinding.Kind.withheldImpossibleEvidence.rawValue == "withheld-impossible-evidence")
    }

    @Test("an honest journal written by the real recorder (reboots, kills, offline, NTP steps, settlements) has nothing withheld")
    func honestRecorderNothingWithheld() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "impossible-honest")
        defer { directory.cleanUp() }
        let s: Int64 = 1_000_000_000
        let hour = Self.hour
        let clock = ManualClock()
        let network = ManualNetworkTimeSource(clock: clock)
        var configuration = EarningsConfiguration(policy: .default)
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = ScriptedConnectivityProbe()
        func open() throws -> OfflineEarnings { try OfflineEarnings(directory: directory.path + "/game", configuration: configuration) }
        try FileManager.default.createDirectory(atPath: directory.path + "/game", withIntermediateDirectories: true)

        // Offline first: a session the boot clock proves.
        network.set(.offline)
        var earnings: OfflineEarnings? = try open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        clock.advance(nanoseconds: 2 * hour)
        _ = try await earnings!.foreground()
        // Online: a session with fixes, the wall clock stepped by NTP while away.
        network.set(.answer)
        try earnings!.background(goldPerHour: 600)
        clock.advance(nanoseconds: hour)
        clock.setWall(byAdding: 30 * s)
        network.wallMoved(by: 30 * s)
        _ = try await earnings!.foreground()
        // Killed in the foreground after a heartbeat; relaunched an hour later.
        try earnings!.heartbeat(goldPerHour: 600)
        earnings = nil
        clock.advance(nanoseconds: hour)
        earnings = try open()
        _ = try await earnings!.launch()
        // Away over a reboot, back with network time.
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 5 * hour, uptimeNanoseconds: 600 * s)
        earnings = try open()
        _ = try await earnings!.launch()
        // Away over another reboot, back without network: provisional until a settlement. A heartbeat, then the
        // settlement, then a kill: the relaunch departs from the heartbeat written before the settlement (the
        // recorder moves that departure to the settlement's reading, else the boot clock would run back 30 s).
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        clock.reboot(newBootID: "boot-C", downtimeNanoseconds: hour, uptimeNanoseconds: 300 * s)
        network.set(.unreachable)
        earnings = try open()
        _ = try await earnings!.launch()
        clock.advance(nanoseconds: 60 * s)
        try earnings!.heartbeat(goldPerHour: 600)
        clock.advance(nanoseconds: 30 * s)
        network.set(.answer)
        _ = try await earnings!.settle()
        earnings = nil
        clock.advance(nanoseconds: 2 * hour)
        earnings = try open()
        _ = try await earnings!.launch()
        // Offline at a return in the same boot.
        try earnings!.background(goldPerHour: 600)
        network.set(.offline)
        clock.advance(nanoseconds: 45 * 60 * s)
        _ = try await earnings!.foreground()
        let key = earnings!.journalKey
        let path = earnings!.journalPath
        earnings = nil

        let now = clock.read().wallNanoseconds + 60 * s
        let decision = try Self.accept(path, key: key, at: now)
        #expect(decision.outcome == .accepted)
        #expect(!decision.findings.contains { $0.kind.neverHonest || $0.kind == .withheldImpossibleEvidence }, "\(decision.findings)")
        let (summary, sessions) = try Self.audited(path, key: key, at: now)
        #expect(sessions.count >= 6)
        // (This journal does show `credited-exceeds-span`: offline boot-clock credit before the first fix, plus a
        // reboot proven by network time, exceed the span tracker's estimate. So that kind is not never-honest.)
        #expect(!summary.findings.contains { $0.kind.neverHonest }, "\(summary.findings)")
        // The gate pays what the audit finds payable, session by session.
        let payable = sessions.reduce(into: [String: Int64]()) { $0[$1.sessionID] = $1.payableGold }.filter { $0.value > 0 }
        #expect(decision.payments.reduce(into: [String: Int64]()) { $0[$1.sessionID] = $1.totalPaid } == payable)
    }
}
