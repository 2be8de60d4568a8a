import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Uploads extend, never rewrite: the device registry and the upload gate.
@Suite("Upload gate and device registry")
struct UploadGateTests {
    static let start = AuditTests.start
    static let hour = AuditTests.hour
    static let now = AuditTests.judgedAt

    static func gate(_ registry: any DeviceRegistry, key: JournalKey) -> UploadGate {
        UploadGate(key: key, configuration: AuditConfiguration(serverNowNanoseconds: 0), registry: registry)
    }

    static func upload(_ gate: UploadGate, _ path: String, at now: Int64 = now) throws -> UploadDecision {
        let file = try OpenFile(path: path, options: [])
        return try gate.accept(file: file, now: now)
    }

    /// Appends `count` honest one-hour sessions, the first starting `offset` hours after `start`.
    static func sessions(_ path: String, key: JournalKey, from first: Int, count: Int) throws {
        var builder = try JournalBuilder(path: path, key: key)
        for index in first..<(first + count) {
            try builder.honestSession(
                id: String(format: "%016x", index + 1), departWall: start + Int64(index) * 2 * hour,
                departBoot: Int64(index) * 2 * hour, awaySeconds: 3_600)
        }
        try builder.close()
    }

    @Test("an upload that extends the head pays only its new sessions; the same upload again pays nothing")
    func extendAndReplay() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let gate = Self.gate(InMemoryDeviceRegistry(), key: directory.key)
        try Self.sessions(path, key: directory.key, from: 0, count: 2)
        let first = try Self.upload(gate, path)
        #expect(first.outcome == .accepted)
        #expect(first.payments.map(\.sessionID) == ["0000000000000001", "0000000000000002"])
        #expect(first.payableGold == 2 * 299)  // 1 h less 100 ppm → 3 599 s at 600 gold/h, 50 % efficiency
        let again = try Self.upload(gate, path)
        #expect(again.outcome == .replayed)
        #expect(again.payableGold == 0)
        #expect(again.findings.contains { $0.kind == .uploadReplay })
        try Self.sessions(path, key: directory.key, from: 2, count: 1)
        let third = try Self.upload(gate, path)
        #expect(third.outcome == .accepted)
        #expect(third.payments.map(\.sessionID) == ["0000000000000003"])
    }

    @Test("a rolled-back upload (a prefix of what was accepted) is refused and pays nothing")
    func rollback() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let gate = Self.gate(InMemoryDeviceRegistry(), key: directory.key)
        try Self.sessions(path, key: directory.key, from: 0, count: 1)
        try FileManager.default.copyItem(atPath: path, toPath: directory.file("old"))
        try Self.sessions(path, key: directory.key, from: 1, count: 1)
        #expect(try Self.upload(gate, path).outcome == .accepted)
        let old = try Self.upload(gate, directory.file("old"))
        #expect(old.outcome == .rejected)
        #expect(old.findings.map(\.kind) == [.uploadRollback])
        #expect(old.payments.isEmpty)
    }

    @Test("a forked journal (another record where the accepted head was) is refused and pays nothing")
    func fork() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let gate = Self.gate(InMemoryDeviceRegistry(), key: directory.key)
        try Self.sessions(path, key: directory.key, from: 0, count: 1)
        try FileManager.default.copyItem(atPath: path, toPath: directory.file("fork"))
        try Self.sessions(path, key: directory.key, from: 1, count: 1)
        try Self.sessions(directory.file("fork"), key: directory.key, from: 5, count: 2)
        #expect(try Self.upload(gate, path).outcome == .accepted)
        let forked = try Self.upload(gate, directory.file("fork"))
        #expect(forked.outcome == .rejected)
        #expect(forked.findings.map(\.kind) == [.uploadFork])
    }

    @Test("a provisional session is paid its share, then topped up once proof arrives in a later upload, never more")
    func settlementTopUp() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let gate = Self.gate(InMemoryDeviceRegistry(), key: directory.key)
        var builder = try JournalBuilder(path: path, key: directory.key)
        let s: Int64 = 1_000_000_000
        // Away 2 h across a reboot; the return has no network time; 30 min after it a fix of the new boot.
        try builder.append(
            Evidence(
                event: .background, sessionID: "00000000000000e1",
                clock: ClockReading(wallNanoseconds: Self.start, bootNanoseconds: 90 * Self.hour, bootID: "A"),
                network: NetworkTime(unixNanoseconds: Self.start, errorBoundNanoseconds: 2_000_000), connectivity: .unknown,
                goldPerHour: 600, policyVersion: RewardPolicy.default.version))
        try builder.append(
            Evidence(
                event: .launch, sessionID: "00000000000000e1",
                clock: ClockReading(wallNanoseconds: Self.start + 2 * Self.hour, bootNanoseconds: 600 * s, bootID: "B"),
                network: nil, connectivity: .unknown))
        try builder.close()
        let first = try Self.upload(gate, path, at: Self.start + 2 * Self.hour + 60 * s)
        // 600 s of uptime proven, provisional: half of 50 gold now.
        #expect(first.payableGold == 24)
        builder = try JournalBuilder(path: path, key: directory.key)
        try builder.append(
            Evidence(
                event: .settlement, sessionID: "00000000000000e1",
                clock: ClockReading(wallNanoseconds: Self.start + 150 * 60 * s, bootNanoseconds: 2_400 * s, bootID: "B"),
                network: NetworkTime(unixNanoseconds: Self.start + 150 * 60 * s, errorBoundNanoseconds: 2_000_000), connectivity: .unknown))
        try builder.close()
        let second = try Self.upload(gate, path, at: Self.start + 3 * Self.hour)
        #expect(second.payments.first?.totalPaid == 599)  // 2 h verified: 600 gold less the drift's floor
        #expect(second.payableGold == 599 - 24)
        #expect(try Self.upload(gate, path, at: Self.start + 4 * Self.hour).payableGold == 0)
    }

    @Test("evidence refused as ahead of the server's clock stays refused: the same upload later, or with newer records, pays nothing for it")
    func refusedEvidenceStaysRefused() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        let gate = Self.gate(InMemoryDeviceRegistry(), key: directory.key)
        let s: Int64 = 1_000_000_000
        var builder = try JournalBuilder(path: path, key: directory.key)
        // 5 s away across a reboot; the return's network time (a liar) and wall clock say 5 h later.
        try builder.append(
            Evidence(
                event: .background, sessionID: "00000000000000a9",
                clock: ClockReading(wallNanoseconds: Self.start, bootNanoseconds: 90 * Self.hour, bootID: "A"),
                network: NetworkTime(unixNanoseconds: Self.start, errorBoundNanoseconds: 2_000_000), connectivity: .unknown,
                goldPerHour: 600, policyVersion: RewardPolicy.default.version))
        try builder.append(
            Evidence(
                event: .launch, sessionID: "00000000000000a9",
                clock: ClockReading(wallNanoseconds: Self.start + 5 * Self.hour, bootNanoseconds: 5 * s, bootID: "B"),
                network: NetworkTime(unixNanoseconds: Self.start + 5 * Self.hour + 5 * s, errorBoundNanoseconds: 2_000_000), connectivity: .unknown))
        try builder.close()
        let first = try Self.upload(gate, path, at: Self.start + 10 * s)
        #expect(first.payableGold == 0)
        // Five hours later the same bytes, then with a newer honest record: the return is still judged as of
        // when the server first saw it.
        let again = try Self.upload(gate, path, at: Self.start + 5 * Self.hour + 60 * s)
        #expect(again.payableGold == 0)
        builder = try JournalBuilder(path: path, key: directory.key)
        try builder.append(
            Evidence(
                event: .heartbeat, sessionID: "",
                clock: ClockReading(wallNanoseconds: Self.start + 5 * Self.hour + 90 * s, bootNanoseconds: 95 * s, bootID: "B"),
                network: NetworkTime(unixNanoseconds: Self.start + 5 * Self.hour + 90 * s, errorBoundNanoseconds: 2_000_000), connectivity: .unknown,
                goldPerHour: 600, policyVersion: RewardPolicy.default.version))
        try builder.close()
        let extended = try Self.upload(gate, path, at: Self.start + 5 * Self.hour + 120 * s)
        #expect(extended.outcome == .accepted)
        #expect(extended.payableGold == 0, "\(extended.payments)")
    }

    @Test("two devices of one account away at the same time: the second is paid only for the hours the first was not")
    func twoDevicesOneAccount() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        for accounts in [
            InMemoryAccountIntervalStore() as any AccountIntervalStore,
            try FileAccountIntervalStore(directory: directory.file("accounts-\(UUID().uuidString)")),
        ] {
            // Both journals enrolled before the sessions (docs/anchors.md): their network time places them.
            let gate = UploadGate(
                key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
                registry: InMemoryDeviceRegistry(), accounts: accounts, enrolledAt: Self.start - Self.hour)
            let phone = directory.file("phone-\(UUID().uuidString)")
            let tablet = directory.file("tablet-\(UUID().uuidString)")
            var builder = try JournalBuilder(path: phone, key: directory.key)
            try builder.honestSession(id: "00000000000000f1", departWall: Self.start, departBoot: Self.hour, awaySeconds: 7_200)
            try builder.close()
            // The tablet is away from 1 h to 3 h: its first hour is the phone's second.
            builder = try JournalBuilder(path: tablet, key: directory.key)
            try builder.honestSession(id: "00000000000000f2", bootID: "boot-T", departWall: Self.start + Self.hour, departBoot: Self.hour, awaySeconds: 7_200)
            try builder.close()
            let first = try gate.accept(file: try OpenFile(path: phone, options: []), now: Self.now, account: "alice")
            #expect(first.payableGold == 599)
            let second = try gate.accept(file: try OpenFile(path: tablet, options: []), now: Self.now, account: "alice")
            #expect(second.findings.contains { $0.kind == .timeNotConserved })
            #expect(second.payableGold <= 300 && second.payableGold >= 299, "\(second.payableGold)")
            // Another account is not affected, and uploading the tablet again changes nothing.
            #expect(try gate.accept(file: try OpenFile(path: tablet, options: []), now: Self.now, account: "alice").payableGold == 0)
            let bob = UploadGate(
                key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
                registry: InMemoryDeviceRegistry(), accounts: accounts, enrolledAt: Self.start - Self.hour)
            #expect(try bob.accept(file: try OpenFile(path: tablet, options: []), now: Self.now, account: "bob").payableGold == 599)
            // A ticket (server-clock interval) over hours the phone was paid for: only the rest is paid.
            let interval = (Self.start + Self.hour)..<(Self.start + 3 * Self.hour)
            let ticket = try accounts.placeAndTrim(
                [(600, .ticket("nonce-1", interval: interval, nanoseconds: 2 * Self.hour))],
                account: "alice", journalID: "ticket")[0]
            #expect(ticket.gold <= 300 && ticket.held < 2 * Self.hour, "\(ticket)")
        }
    }

    struct Decisions: ServerDecisions {
        var cap: Int64?
        var granted: Set<String>
        func maximumGoldPerHour(account: String) throws(RegistryError) -> Int64? { cap }
        func grantedMultipliers(account: String, sessionID: String) throws(RegistryError) -> Set<String> { granted }
    }

    @Test("an upload is paid at most at the server's rate for the player and only with the multipliers it granted")
    func serverDecidesUploads() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        var builder = try JournalBuilder(path: path, key: directory.key)
        let (departure, arrival) = try builder.honestSession(
            id: "00000000000000b7", departWall: Self.start, departBoot: Self.hour,
            awaySeconds: 3_600, goldPerHour: 1_000_000_000)
        // The game claims the ad multiplier at a billion gold an hour.
        let timeline = SessionTimeline(sessionID: departure.sessionID, departure: departure, arrival: arrival)
        let verdict = ElapsedVerdict(timeline: timeline)
        let breakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline, requestedMultipliers: ["ad"])
        try builder.append(
            ClaimRecord(
                sessionID: departure.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed, multipliers: ["ad"],
                goldPerHour: departure.goldPerHour, policyVersion: departure.policyVersion))
        try builder.close()
        func upload(_ decisions: Decisions?) throws -> Int64 {
            let gate = UploadGate(
                key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
                registry: InMemoryDeviceRegistry(), decisions: decisions)
            return try gate.accept(file: try OpenFile(path: path, options: []), now: Self.now, account: "p").payableGold
        }
        #expect(try upload(nil) == breakdown.paidNow)
        #expect(try upload(Decisions(cap: 600, granted: [])) == 299)  // 1 h less drift at 600 gold/h, 50 %
        #expect(try upload(Decisions(cap: 600, granted: ["ad"])) == 599)  // the granted ad doubles it
        #expect(try upload(Decisions(cap: nil, granted: ["ad"])) == breakdown.paidNow)
        // One rule for the ceiling: the account's rate is the auditor's ceiling, so the session is judged at it and
        // named, as `playtime audit --max-rate` does.
        let gate = UploadGate(
            key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
            registry: InMemoryDeviceRegistry(), decisions: Decisions(cap: 600, granted: []))
        let decision = try gate.accept(file: try OpenFile(path: path, options: []), now: Self.now, account: "p")
        #expect(
            decision.findings.contains { $0.kind == .rateAboveCeiling && $0.detail.contains("ceiling of 600 gold/h") },
            "\(decision.findings)")
    }

    @Test("the file registry survives a restart, and two gates on one directory accept one upload once")
    func fileRegistryShared() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        try Self.sessions(path, key: directory.key, from: 0, count: 3)
        let registryPath = directory.file("registry")
        let outcomes = ThreadLock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let outcome: String
            do {
                let gate = Self.gate(try FileDeviceRegistry(directory: registryPath), key: directory.key)
                let decision = try Self.upload(gate, path)
                outcome = "\(decision.outcome.rawValue) \(decision.payableGold)"
            } catch UploadError.concurrentUpload {
                outcome = "concurrent"
            } catch {
                outcome = "error \(error)"
            }
            outcomes.withLock { $0.append(outcome) }
        }
        let seen = outcomes.withLock { $0 }
        #expect(seen.filter { $0 == "accepted 897" }.count == 1, "\(seen)")
        #expect(seen.allSatisfy { $0 == "accepted 897" || $0 == "replayed 0" || $0 == "concurrent" }, "\(seen)")
        let reopened = Self.gate(try FileDeviceRegistry(directory: registryPath), key: directory.key)
        #expect(try Self.upload(reopened, path).outcome == .replayed)
    }
}
