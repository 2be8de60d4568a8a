import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// Adversarial review of journal version 2 (docs/journal-format.md §13) through the client facade: a player who
/// can delete, copy, restore and swap the device-local sidecar `<journal>.boot` (but does not hold the journal
/// key), forge a reboot with a clock source of their own, kill the app between writes, and call the lifecycle
/// from several tasks at once. A defeated attack is a passing test; a successful one is wrapped in
/// `withKnownIssue` with the bug it shows (the expectation inside is the defended behaviour).
@Suite("Review: journal version 2 and the client facade under attack")
struct Version2ReviewTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    /// The default policy below its 2 h tier: 600 gold/h at 50 % efficiency is one gold per 12 s, floored.
    func defaultGold(_ seconds: Int64) -> Int64 { seconds / 12 }

    func sidecarPath(_ fixture: EarningsFixture) -> String { fixture.directory + "/journal.jsonl.boot" }

    func sidecarBytes(_ fixture: EarningsFixture) throws -> Data {
        try #require(FileManager.default.contents(atPath: sidecarPath(fixture)))
    }

    func removeSidecar(_ fixture: EarningsFixture) throws {
        try FileManager.default.removeItem(atPath: sidecarPath(fixture))
    }

    func restoreSidecar(_ bytes: Data, _ fixture: EarningsFixture) throws {
        try? FileManager.default.removeItem(atPath: sidecarPath(fixture))
        #expect(FileManager.default.createFile(atPath: sidecarPath(fixture), contents: bytes))
    }

    /// Session payloads of the journal, in file order.
    func evidence(_ fixture: EarningsFixture, key: JournalKey) throws -> [Evidence] {
        var result: [Evidence] = []
        let verification = try JournalReader.read(path: fixture.directory + "/journal.jsonl", key: key) { record in
            if record.type.hasPrefix("session."), let evidence = EvidenceCodec.decode(record.payload) { result.append(evidence) }
        }
        #expect(verification.isIntact)
        return result
    }

    // MARK: - A sidecar that no record used, restored later (BUG)

    /// Builds the journal of the "dangling sidecar" attack and returns the payout of the inflated session.
    ///
    /// 1. A reboot while away without network leaves a return waiting for proof (boot B, generation 0).
    /// 2. The player deletes the sidecar and opens the game online: `settle()` asks for a fix, and the recorder's
    ///    `settle(with:)` begins a segment (generation 1 of boot B, origin O1) and writes its sidecar — but the
    ///    waiting return is of generation 0, so no record is written. The player copies that sidecar away.
    /// 3. Five hours later (playing, not away) the player deletes the sidecar again and relaunches: the journal
    ///    holds no record of generation 1, so the recorder begins generation 1 *again*, with origin O2 = O1 + 5 h
    ///    and the same pseudonym; the player departs in it.
    /// 4. The player restores the copied sidecar (generation 1, origin O1): it is authentic, names this journal,
    ///    its pseudonym is generation 1 of the current boot, 1 ≥ the latest generation in the journal, O1 ≤ now —
    ///    so the recorder continues "the same segment" with the earlier origin, and the return's `boot` is
    ///    5 h larger than the raw boot clock's difference.
    func danglingSidecarAttack(_ fixture: EarningsFixture) async throws -> (payout: AwayPayout, key: JournalKey) {
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 60 * s, uptimeNanoseconds: 120 * s)
        earnings = try fixture.open()
        let first = try #require(try await earnings!.launch())
        #expect(first.awaitingProof, "a reboot without network waits for proof")
        let key = earnings!.journalKey
        earnings = nil

        // 2. A segment begun by a settlement fix that writes no record.
        try removeSidecar(fixture)
        fixture.network.set(.answer)
        fixture.clock.advance(nanoseconds: 10 * s)
        earnings = try fixture.open()
        _ = try await earnings!.settle()
        earnings = nil
        let dangling = try sidecarBytes(fixture)
        let recordsAfterSettle = try evidence(fixture, key: key).count

        // 3. Five hours of play later: generation 1 again, with a later origin.
        try removeSidecar(fixture)
        fixture.network.set(.offline)
        fixture.clock.advance(nanoseconds: 5 * hour)
        earnings = try fixture.open()
        #expect(try await earnings!.launch() == nil)
        let departure = try earnings!.background(goldPerHour: 600)
        earnings = nil
        #expect(try evidence(fixture, key: key).count == recordsAfterSettle + 2)

        // 4. The dangling sidecar restored; the player returns an hour later (wall clock nudged to match the
        //    boot clock so that no wall-clock flag shows).
        try restoreSidecar(dangling, fixture)
        fixture.clock.advance(nanoseconds: hour)
        fixture.clock.setWall(byAdding: 5 * hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.sessionID == departure.evidence.sessionID)
        return (payout, key)
    }

    @Test("attack: a sidecar begun by a settle() that wrote no record, restored after the generation was reused: two origins, two pseudonyms, nothing gained")
    func danglingSidecarReplay() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let (payout, key) = try await danglingSidecarAttack(fixture)
        let records = try evidence(fixture, key: key)
        let departure = try #require(records.last { $0.event == .background })
        let arrival = try #require(records.last)
        // Generation 1 of boot B was begun twice (two sidecars, two origins); the pseudonym binds the origin
        // (docs/journal-format.md §13.2), so the restored sidecar's segment is another "boot" for the server.
        #expect(departure.clock.bootID != arrival.clock.bootID, "the departure and the return carry different pseudonyms")
        #expect(
            departure.clock.bootID.map { $0.prefix(16) } == arrival.clock.bootID.map { $0.prefix(16) },
            "the same generation of one raw boot (same tag)")
        // The true time away is one hour; no boot-clock difference is taken across the two origins, and the
        // device asserts no reboot credit for a segment of its own raw boot.
        #expect(arrival.rebootCreditNanoseconds == nil)
        #expect(payout.verdict.creditedSeconds <= 3_600, "credited \(payout.verdict.creditedSeconds) s for 1 h away")
        #expect(payout.goldNow <= defaultGold(3_600), "paid \(payout.goldNow) gold")
        #expect(payout.verdict.method == .none)
    }

    // MARK: - Sidecar restore, swap and deletion (defended)

    @Test("attack: restoring an older generation's sidecar after a newer one began is refused: a new segment, no same-boot credit")
    func olderGenerationRestored() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        let key = earnings!.journalKey
        earnings = nil
        let generation0 = try sidecarBytes(fixture)  // origin O0, at the first launch
        // Five hours later the sidecar is lost; the relaunch begins generation 1 and the player departs in it.
        try removeSidecar(fixture)
        fixture.clock.advance(nanoseconds: 5 * hour)
        earnings = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        // The older sidecar (5 h earlier origin) is put back before the return.
        try restoreSidecar(generation0, fixture)
        fixture.clock.advance(nanoseconds: hour)
        fixture.clock.setWall(byAdding: 5 * hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        let records = try evidence(fixture, key: key)
        #expect(Set(records.compactMap(\.clock.bootID)).count == 3, "generations 0, 1 and a new 2")
        #expect(records.last?.rebootCreditNanoseconds == nil, "a segment of this boot never asserts a reboot credit")
        #expect(payout.verdict.creditedSeconds == 0, "no same-boot credit without network time")
        #expect(payout.goldNow == 0 && payout.goldInEscrow == 0)
    }

    @Test("attack: the sidecar swapped between two journals of one device is refused: the session loses its same-boot credit, no more")
    func sidecarSwappedBetweenJournals() async throws {
        let first = try EarningsFixture()
        defer { first.cleanUp() }
        first.network.set(.offline)
        var earnings: OfflineEarnings? = try first.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        // A second game directory on the same device and key, opened five hours earlier on the boot clock.
        let second = try EarningsFixture()
        defer { second.cleanUp() }
        try FileManager.default.createDirectory(atPath: second.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: first.directory + "/player.key", toPath: second.directory + "/player.key")
        var configuration = first.configuration()
        configuration.journalFile = second.directory + "/journal.jsonl"
        var other: OfflineEarnings? = try OfflineEarnings(directory: second.directory, configuration: configuration)
        _ = try await other!.launch()
        other = nil
        // Its sidecar (a later origin) is put beside the first journal.
        try restoreSidecar(try sidecarBytes(second), first)
        first.clock.advance(nanoseconds: hour)
        earnings = try first.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.verdict.creditedSeconds == 0)
        #expect(payout.goldNow == 0)
    }

    // MARK: - A forged reboot (defended, bounded by the provisional cap)

    @Test("attack: a forged reboot (new boot id, boot clock still counting 10 days) asserts 10 days; worth at most the provisional cap")
    func forgedRebootBoundedByProvisionalCap() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        // A rooted device: the boot id changes, the boot clock does not restart (10 days of uptime).
        fixture.clock.advance(nanoseconds: 10 * s)
        let now = fixture.clock.read()
        let forged = ManualClock(
            wallNanoseconds: now.wallNanoseconds + 10 * 24 * hour, bootNanoseconds: now.bootNanoseconds + 10 * 24 * hour,
            bootID: "forged-boot")
        var configuration = fixture.configuration()
        configuration.clock = forged
        configuration.networkTime = ManualNetworkTimeSource(clock: forged, mode: .offline)
        earnings = try OfflineEarnings(directory: fixture.directory, configuration: configuration)
        let payout = try #require(try await earnings!.launch())
        #expect(payout.verdict.has(.uptimeAssertedByDevice))
        #expect(payout.verdict.status == .provisional)
        let cap = RewardPolicy.default.provisionalCapSeconds
        #expect(payout.goldNow + payout.goldInEscrow <= defaultGold(cap), "at most the provisional cap's worth")
    }

    @Test("attack: deleting the sidecar while away in the same boot, then returning offline, pays nothing and asserts no credit")
    func sidecarDeletedWhileAway() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        let key = earnings!.journalKey
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        try removeSidecar(fixture)
        fixture.clock.advance(nanoseconds: 2 * hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(try evidence(fixture, key: key).last?.rebootCreditNanoseconds == nil)
        #expect(payout.goldNow == 0 && payout.goldInEscrow == 0)
        // Online again later: a settle cannot prove the session either (its return is of a segment with no
        // departure-side network time), and nothing is paid twice.
        fixture.network.set(.answer)
        fixture.clock.advance(nanoseconds: 60 * s)
        let settled = try await earnings!.settle()
        #expect(settled.reduce(0) { $0 + $1.goldNow } == 0)
    }

    // MARK: - Kill between writes (defended)

    @Test("kill between the sidecar and the first record of a segment: the relaunch does not credit more than the honest run")
    func killBetweenSidecarAndRecord() async throws {
        // The kill is simulated by the one path that writes a sidecar without a record (settle with nothing of
        // the new segment to settle), followed by a relaunch that keeps the sidecar: the honest continuation.
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 60 * s, uptimeNanoseconds: 120 * s)
        earnings = try fixture.open()
        _ = try #require(try await earnings!.launch())
        earnings = nil
        try removeSidecar(fixture)
        fixture.network.set(.answer)
        earnings = try fixture.open()
        _ = try await earnings!.settle()
        earnings = nil
        fixture.network.set(.offline)
        // Relaunched with that sidecar in place: a session of one hour is credited one hour.
        earnings = try fixture.open()
        #expect(try await earnings!.launch() == nil)
        try earnings!.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        let payout = try #require(try await earnings!.foreground())
        #expect(payout.verdict.creditedSeconds == 3_599)
        #expect(payout.goldNow == defaultGold(3_599))
    }

    @Test("kill between a settlement record and its top-up claim: the next process pays the top-up once")
    func killBetweenSettlementAndClaim() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        let key = earnings!.journalKey
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        earnings = try fixture.open()
        let first = try #require(try await earnings!.launch())
        #expect(first.awaitingProof)
        earnings = nil
        // The settlement record is written by a process that dies before its claim.
        fixture.network.set(.answer)
        fixture.clock.advance(nanoseconds: 60 * s)
        do {
            let recorder = try SessionRecorder(
                journalPath: fixture.directory + "/journal.jsonl", key: key, clock: fixture.clock,
                networkTime: fixture.network,
                connectivity: ConnectivityMonitor(probe: fixture.probe, clock: fixture.clock))
            #expect(try await recorder.settlePending().count == 1)
        }
        earnings = try fixture.open()
        let topUps = try await earnings!.settle()
        #expect(topUps.count == 1)
        let total = first.goldNow + topUps.reduce(0) { $0 + $1.goldNow }
        #expect(total == topUps.last?.claim.paidGold)
        #expect(topUps.last?.verdict.status == .verified)
        #expect(try await earnings!.settle().isEmpty, "paid once")
        earnings = nil
        earnings = try fixture.open()
        #expect(try await earnings!.settle().isEmpty, "paid once, also by the next process")
    }

    // MARK: - Absurd inputs (defended)

    @Test("an absurd rate (Int64.max gold/h) and ten years away: no crash, no negative or wrapped gold")
    func absurdRateOnTheDevice() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        _ = try await earnings.launch()
        try earnings.background(goldPerHour: .max)
        fixture.clock.advance(nanoseconds: 10 * 365 * 24 * hour)
        let payout = try #require(try await earnings.foreground())
        #expect(payout.goldNow >= 0 && payout.goldInEscrow >= 0)
        #expect(payout.claim.paidGold == payout.goldNow)
        #expect(payout.verdict.creditedSeconds > 0)
        #expect(throws: EarningsError.self) { try earnings.background(goldPerHour: -1) }
    }

    // MARK: - Concurrency (defended)

    @Test("foreground, launch and settle from several tasks at once pay one away session exactly once", arguments: 0..<12)
    func concurrentReturnPaysOnce(round: Int) async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        _ = try await earnings.launch()
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        let paid = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<6 {
                group.addTask {
                    switch (index + round) % 3 {
                    case 0: return try await earnings.foreground()?.goldNow ?? 0
                    case 1: return try await earnings.launch()?.goldNow ?? 0
                    default: return try await earnings.settle().reduce(0) { $0 + $1.goldNow }
                    }
                }
            }
            var total: Int64 = 0
            for try await gold in group { total += gold }
            return total
        }
        #expect(paid == defaultGold(3_599), "the hour away is paid once, whoever closes it")
        let claims = try fixture.claims(key: earnings.journalKey)
        #expect(claims.count == 1)
        #expect(claims.first?.paidGold == defaultGold(3_599))
    }

    @Test("settle() called again and again after a reboot's top-up pays the top-up once")
    func settleTwice() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        earnings = try fixture.open()
        let first = try #require(try await earnings!.launch())
        fixture.network.set(.answer)
        fixture.clock.advance(nanoseconds: 60 * s)
        var total = first.goldNow
        for _ in 0..<3 {
            total += try await earnings!.settle().reduce(0) { $0 + $1.goldNow }
            // A new process in between, as a relaunch does.
            earnings = nil
            earnings = try fixture.open()
        }
        let claims = try fixture.claims(key: earnings!.journalKey)
        #expect(claims.count == 2, "the provisional claim and one settlement")
        #expect(total == claims.last?.paidGold)
    }

    // MARK: - Fairness (honest cases)

    @Test("fairness: an honest reboot while away with network at both ends is paid as in version 1 (network, verified)")
    func honestRebootWithNetwork() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.verdict.status == .verified)
        #expect(payout.verdict.method == .network)
        #expect((4_195...4_200).contains(payout.verdict.creditedSeconds))
        #expect(!payout.verdict.isFlagged, "\(payout.verdict.flags)")
    }

    @Test("fairness: an honest relaunch in the same boot (sidecar kept) credits the boot clock as version 1")
    func honestRelaunchSameBoot() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.offline)
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.advance(nanoseconds: 2 * hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.verdict.creditedSeconds == 7_199)
        #expect(payout.verdict.status == .verified)
        #expect(payout.goldNow == defaultGold(7_199))
    }
}
