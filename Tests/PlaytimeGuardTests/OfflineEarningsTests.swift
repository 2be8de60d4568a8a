import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// A game's directory with a manual clock, a manual network and a scripted link, per test.
struct EarningsFixture {
    let directory: String
    let clock = ManualClock()
    let probe = ScriptedConnectivityProbe()
    let network: ManualNetworkTimeSource

    init() throws {
        directory = NSTemporaryDirectory() + "playtime-earnings-" + UUID().uuidString
        network = ManualNetworkTimeSource(clock: clock)
    }

    func configuration(policy: RewardPolicy = .default) -> EarningsConfiguration {
        var configuration = EarningsConfiguration(policy: policy)
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
        return configuration
    }

    /// A new process of the game on the same directory.
    func open(policy: RewardPolicy = .default) throws -> OfflineEarnings {
        try OfflineEarnings(directory: directory, configuration: configuration(policy: policy))
    }

    /// The claims in the journal, in order, verified under the game's key.
    func claims(key: JournalKey) throws -> [ClaimRecord] {
        var claims: [ClaimRecord] = []
        let verification = try JournalReader.read(path: directory + "/journal.jsonl", key: key) { record in
            if record.type == ClaimRecord.recordType, let claim = ClaimCodec.decode(record.payload) { claims.append(claim) }
        }
        #expect(verification.isIntact)
        return claims
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}

@Suite("Offline earnings (client facade)")
struct OfflineEarningsTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    /// The default policy below its 2 h tier: 600 gold/h at 50 % efficiency is one gold per 12 s, floored.
    func defaultGold(_ seconds: Int64) -> Int64 { seconds / 12 }

    @Test("An honest session: paid what the boot clock proves, the claim recorded once, a repeat pays nothing")
    func honestSession() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        #expect(earnings.createdKey)
        #expect(try await earnings.launch() == nil, "a first launch closes nothing")
        let departure = try earnings.background(goldPerHour: 600)
        #expect(earnings.openSessionID == departure.evidence.sessionID)
        fixture.clock.advance(nanoseconds: 2 * hour)
        let payout = try #require(try await earnings.foreground())
        // 7 200 s less the 100 ppm drift allowance (0.72 s), floored.
        #expect(payout.verdict.creditedSeconds == 7_199)
        #expect(payout.verdict.status == .verified)
        #expect(payout.goldNow == defaultGold(7_199))
        #expect(payout.goldInEscrow == 0)
        #expect(!payout.awaitingProof)
        #expect(payout.explanation.contains("boot clock"))
        #expect(
            payout.claim
                == ClaimRecord(
                    sessionID: departure.evidence.sessionID, creditedSeconds: 7_199, status: .verified,
                    paidGold: defaultGold(7_199), escrowedGold: 0, multipliers: [], goldPerHour: 600,
                    policyVersion: RewardPolicy.default.version))
        #expect(try await earnings.foreground() == nil, "a repeated foreground pays nothing")
        #expect(try fixture.claims(key: earnings.journalKey) == [payout.claim])
    }

    @Test("The ad multiplier waits for the server's grant: pending once in the claim, not in the gold; an unknown name is not pending")
    func multipliers() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        let payout = try #require(try await earnings.foreground(multipliers: ["ad", "ad", "jackpot"]))
        // 3 600 s less 0.36 s → 3 599 s at 50 %: floor(3 599 / 12) now; × 2 once granted: floor(3 599 / 6).
        #expect(payout.goldNow == 3_599 / 12)
        #expect(payout.claim.multipliers.isEmpty)
        #expect(payout.claim.pendingMultipliers == ["ad"])
        #expect(payout.pending == [PendingMultiplier(name: "ad", gold: 3_599 / 6 - 3_599 / 12)])
        #expect(payout.goldPendingGrant == 3_599 / 6 - 3_599 / 12)
        #expect(payout.breakdown.multipliers.isEmpty)
        #expect(
            payout.explanation.hasSuffix(
                "Away 59m 59s: 50 % efficiency: 299 gold now. Waiting for the server's grant: ad (+300 gold)."),
            "\(payout.explanation)")
        // The journal holds the claim as written (version 2, with its pending names).
        #expect(try fixture.claims(key: earnings.journalKey) == [payout.claim])
    }

    @Test("Below the policy's minimum away time the explanation says so: 59 s on the default policy's 60 s minimum")
    func belowMinimumExplained() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 59 * s + s / 2)
        let payout = try #require(try await earnings.foreground())
        #expect(payout.goldNow == 0)
        #expect(payout.breakdown.belowMinimum)
        #expect(payout.explanation.hasSuffix("Away 59s: below the 1m minimum, no gold."), "\(payout.explanation)")
    }

    @Test("Cheat: the wall clock moved a day forward while away pays nothing extra, and is flagged")
    func wallClockMoved() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 2 * hour)
        fixture.clock.setWall(byAdding: 86_400 * s)
        fixture.network.wallMoved(by: 86_400 * s)
        let payout = try #require(try await earnings.foreground())
        #expect(payout.goldNow == defaultGold(7_199), "the same gold as the honest two hours")
        #expect(payout.verdict.has(.wallClockJumpedForward))
        #expect(payout.explanation.contains("ahead of the trusted clock"))
    }

    @Test("The app dies between the return record and its claim: the next settle pays that return once, without multipliers")
    func returnRecordedWithoutClaim() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        let departure = try earnings!.background(goldPerHour: 600)
        let key = earnings!.journalKey
        earnings = nil
        fixture.clock.advance(nanoseconds: 2 * hour)
        // The return is recorded by a process that dies before its claim (the recorder alone, as the facade uses it).
        do {
            let recorder = try SessionRecorder(
                journalPath: fixture.directory + "/journal.jsonl", key: key, clock: fixture.clock,
                networkTime: fixture.network,
                connectivity: ConnectivityMonitor(probe: fixture.probe, clock: fixture.clock))
            let back = try await recorder.enteredForeground()
            #expect(back.departure?.sessionID == departure.evidence.sessionID)
        }
        earnings = try fixture.open()
        #expect(try await earnings!.launch() == nil, "nothing is open: the return was recorded")
        #expect(try fixture.claims(key: key).isEmpty)
        let paid = try await earnings!.settle()
        #expect(paid.map(\.sessionID) == [departure.evidence.sessionID])
        #expect(paid.first?.goldNow == defaultGold(7_199), "what the return proves, as its own foreground would have paid")
        #expect(paid.first?.claim.multipliers == [])
        #expect(try await earnings!.settle().isEmpty, "paid once")
        #expect(try fixture.claims(key: key).map(\.sessionID) == [departure.evidence.sessionID])
    }

    @Test("A reboot while away without network: provisional now, the top-up after proof; settling again pays nothing")
    func rebootSettledLater() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        // Online at launch: the departure carries network time projected from that fix (one end of the proof).
        #expect(try await earnings!.launch() == nil)
        let departure = try earnings!.background(goldPerHour: 600)
        #expect(departure.evidence.network != nil)
        earnings = nil  // the process dies with the device
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        earnings = try fixture.open()
        #expect(!earnings!.createdKey, "the key is reused")
        let first = try #require(try await earnings!.launch())
        #expect(first.sessionID == departure.evidence.sessionID)
        #expect(first.verdict.status == .provisional)
        #expect(first.awaitingProof)
        #expect(earnings!.sessionsAwaitingProof == [first.sessionID])
        // Only the new boot's uptime is proven: half of it now (the provisional share), half in escrow.
        let uptimeGold = defaultGold(first.verdict.creditedSeconds)
        #expect(first.verdict.creditedSeconds <= 600)
        #expect(first.goldNow == uptimeGold / 2)
        #expect(first.goldInEscrow == uptimeGold - uptimeGold / 2)
        #expect(try await earnings!.settle().isEmpty, "still no network: nothing settles")

        fixture.clock.advance(nanoseconds: 300 * s)
        fixture.network.set(.answer)
        let settled = try await earnings!.settle()
        #expect(settled.count == 1)
        let topUp = try #require(settled.first)
        #expect(topUp.verdict.status == .verified)
        #expect(topUp.verdict.method == .network)
        // Network time at both ends: the hour down plus the 600 s of uptime (within the fixes' error bounds).
        #expect((4_195...4_200).contains(topUp.verdict.creditedSeconds))
        let verifiedGold = defaultGold(topUp.verdict.creditedSeconds)
        #expect(first.goldNow + topUp.goldNow == verifiedGold, "paid in all exactly what the proof justifies")
        #expect(topUp.claim.paidGold == verifiedGold, "the settlement's claim is cumulative")
        #expect(topUp.claim.status == .verified)
        #expect(!topUp.awaitingProof)
        #expect(earnings!.sessionsAwaitingProof.isEmpty)
        #expect(try await earnings!.settle().isEmpty, "a second settlement pays nothing")
        #expect(try fixture.claims(key: earnings!.journalKey) == [first.claim, topUp.claim])
    }

    @Test("The proof comes with a later return's fix (not a settle call): the next settle still pays the top-up, once")
    func provenByLaterReturn() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        #expect(try await earnings!.launch() == nil)
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        earnings = try fixture.open()
        let first = try #require(try await earnings!.launch())
        #expect(first.verdict.status == .provisional)
        // Back online: the player leaves and returns; that return's fix also settles the first session.
        fixture.network.set(.answer)
        try earnings!.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 120 * s)
        let second = try #require(try await earnings!.foreground())
        #expect(second.sessionID != first.sessionID)
        #expect(earnings!.sessionsAwaitingProof.isEmpty, "the return's fix settled the first session")
        let settled = try await earnings!.settle()
        #expect(settled.map(\.sessionID) == [first.sessionID])
        let topUp = try #require(settled.first)
        #expect(topUp.verdict.status == .verified)
        #expect(first.goldNow + topUp.goldNow == defaultGold(topUp.verdict.creditedSeconds))
        #expect(try await earnings!.settle().isEmpty, "paid once")
    }

    @Test("Settlements asked for at once (from several tasks) pay a top-up once")
    func concurrentSettlements() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        #expect(try await earnings!.launch() == nil)
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        let opened = try fixture.open()
        let first = try #require(try await opened.launch())
        fixture.network.set(.answer)
        let results = try await withThrowingTaskGroup(of: [AwayPayout].self) { group in
            for _ in 0..<8 { group.addTask { try await opened.settle() } }
            var all: [AwayPayout] = []
            for try await payouts in group { all += payouts }
            return all
        }
        #expect(results.count == 1, "one top-up among eight settlements")
        #expect(first.goldNow + results.reduce(0) { $0 + $1.goldNow } == defaultGold(try #require(results.first).verdict.creditedSeconds))
        #expect(try fixture.claims(key: opened.journalKey).count == 2)
    }

    @Test("A spoofer shortens network time at the return: the boot clock's surplus waits in escrow, a later agreeing fix pays it")
    func spoofedReturnSettled() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        #expect(try await earnings.launch() == nil)
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        fixture.network.wallMoved(by: 600 * s)  // network time now reads 10 min short of the truth
        let payout = try #require(try await earnings.foreground())
        #expect(payout.verdict.has(.networkBootDisagreement))
        #expect(payout.goldInEscrow > 0, "the boot clock's surplus is held, not lost")
        #expect(payout.awaitingProof)
        #expect(payout.goldNow < defaultGold(3_599))
        fixture.network.wallMoved(by: -600 * s)  // honest answers again
        fixture.clock.advance(nanoseconds: 60 * s)
        let topUp = try #require(try await earnings.settle().first)
        #expect(topUp.verdict.has(.laterProofAgreesWithBootClock))
        #expect(payout.goldNow + topUp.goldNow == defaultGold(topUp.verdict.creditedSeconds))
        #expect(topUp.verdict.creditedSeconds == 3_599, "the boot clock's figure, verified")
        #expect(topUp.goldInEscrow == 0)
    }

    @Test("Killed in the foreground: the next launch departs at the last heartbeat and pays from there")
    func killedInForeground() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        try earnings!.heartbeat(goldPerHour: 600)
        earnings = nil  // killed without a background callback
        fixture.clock.advance(nanoseconds: hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.timeline.departure.origin == "heartbeat")
        #expect(payout.verdict.status == .verified)
        #expect(payout.goldNow > 0 && payout.goldNow <= defaultGold(3_600))
    }

    @Test("Killed while away: the cold start is the return, paid once")
    func killedWhileAway() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.advance(nanoseconds: hour)
        earnings = try fixture.open()
        let payout = try #require(try await earnings!.launch())
        #expect(payout.goldNow == defaultGold(3_599))
        #expect(try await earnings!.launch() == nil, "a second cold start closes nothing")
        #expect(try await earnings!.foreground() == nil)
    }

    @Test("A departure under a policy this build does not know is not paid; retaining the policy pays it")
    func unknownPolicy() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open(policy: .demo)
        try earnings!.background(goldPerHour: 36_000)
        earnings = nil
        fixture.clock.advance(nanoseconds: 10 * s)
        earnings = try fixture.open(policy: .default)
        await #expect(throws: EarningsError.self) { try await earnings!.launch() }
        #expect(try fixture.claims(key: earnings!.journalKey).isEmpty, "no claim without the policy")

        // The same with the old policy retained.
        try earnings!.background(goldPerHour: 600)
        earnings = nil
        let retaining = try EarningsFixture()
        defer { retaining.cleanUp() }
        var configuration = retaining.configuration(policy: .default)
        configuration.retainedPolicies = [.demo]
        var first: OfflineEarnings? = try OfflineEarnings(directory: retaining.directory, configuration: retaining.configuration(policy: .demo))
        try first!.background(goldPerHour: 36_000)
        first = nil
        retaining.clock.advance(nanoseconds: 10 * s)
        let second = try OfflineEarnings(directory: retaining.directory, configuration: configuration)
        let payout = try #require(try await second.launch())
        #expect(payout.claim.policyVersion == RewardPolicy.demo.version)
        #expect(payout.goldNow == 9 * 10, "9 s (10 s less the drift allowance, floored) at 10 gold/s")
    }

    @Test("Without signed time a stamp is a no-op; a negative rate is refused before anything is written")
    func stampAndRate() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        #expect(throws: EarningsError.self) { try earnings.background(goldPerHour: -1) }
        #expect(earnings.openSessionID == nil)
        try earnings.background(goldPerHour: 600)
        #expect(await earnings.stampDeparture() == false)
    }

    @Test("A key the server provisioned is used as given: no key file is read or created")
    func provisionedKey() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let key = try JournalKey(bytes: Array(repeating: 42, count: 32))
        var configuration = fixture.configuration()
        configuration.journalKey = key
        let earnings = try OfflineEarnings(directory: fixture.directory, configuration: configuration)
        #expect(!earnings.createdKey)
        #expect(earnings.journalKey.keyIDHex == key.keyIDHex)
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        let payout = try #require(try await earnings.foreground())
        #expect(!FileManager.default.fileExists(atPath: fixture.directory + "/player.key"))
        #expect(try fixture.claims(key: key) == [payout.claim], "the journal verifies under the provisioned key")
    }

    @Test("A key file that is not a key is refused, not replaced")
    func badKey() throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: fixture.directory + "/player.key"))
        #expect(throws: EarningsError.self) { try fixture.open() }
        #expect(try String(contentsOfFile: fixture.directory + "/player.key", encoding: .utf8) == "not a key\n")
    }
}
