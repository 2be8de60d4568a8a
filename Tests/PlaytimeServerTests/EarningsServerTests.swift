import Foundation
@_spi(Testing) import PlaytimeGuard
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// A game (OfflineEarnings on a manual clock and network) and its server (EarningsServer on file stores, its
/// clock the same manual clock's wall), per test.
struct ServerFixture {
    let directory: String
    let clock = ManualClock()
    let network: ManualNetworkTimeSource
    let probe = ScriptedConnectivityProbe()
    static let secret = Array("a ticket secret of the test server".utf8)

    init() {
        directory = NSTemporaryDirectory() + "playtime-server-" + UUID().uuidString
        network = ManualNetworkTimeSource(clock: clock)
    }

    /// A server process on the state directory (a second call is a restart).
    func server(policy: RewardPolicy = .default, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> EarningsServer {
        var configuration = ServerConfiguration()
        let clock = self.clock
        configuration.clock = clock
        configure(&configuration)
        return try EarningsServer(store: directory + "/server", ticketSecret: Self.secret, policy: policy, configuration: configuration)
    }

    /// The game's process on its own directory, its journal enrolled for `player` by a server holding the
    /// fixture's secret the first time (docs/anchors.md), so its uploads are placed from the enrollment on.
    func game(player: String = "p42") throws -> OfflineEarnings {
        var configuration = EarningsConfiguration()
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
        configuration.enrollment =
            try enrollment.value
            ?? {
                var enroller = ServerConfiguration()
                let clock = self.clock
                enroller.clock = clock
                let made = try EarningsServer(store: directory + "/enroller", ticketSecret: Self.secret, configuration: enroller).enroll(player: player)
                enrollment.value = made
                return made
            }()
        return try OfflineEarnings(directory: directory + "/game", configuration: configuration)
    }

    /// The game's enrollment, made by its first ``game(player:)``.
    final class EnrollmentBox: @unchecked Sendable {
        var value: Enrollment?
    }
    let enrollment = EnrollmentBox()

    /// The game's journal as it would be uploaded.
    func journalBytes() throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: directory + "/game/journal.jsonl")))
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}

@Suite("Earnings server (server facade)")
struct EarningsServerTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    @Test(
        "A ticket pays the server-measured time once; the same ticket again answers that payment (repeated), also after a restart; another player's is refused")
    func ticketOnce() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        var server: EarningsServer? = try fixture.server()
        let ticket = try server!.issueTicket(player: "p42", session: "s7").encodedText()
        fixture.clock.advance(nanoseconds: hour)
        let paid = try server!.redeem(ticket, player: "p42")
        #expect(paid.elapsedSeconds == 3_600)
        #expect(paid.gold == 300, "600 gold/h at 50 % efficiency for one hour")
        #expect(paid.withheldByBudget == 0)
        // A retry after a lost answer: the first payment, marked as a repeat (the caller credits it only if it never saw it).
        let again = try server!.redeem(ticket, player: "p42")
        #expect(again.isRepeat && again.gold == paid.gold && again.payment?.id == paid.payment?.id)
        server = nil
        let restarted = try fixture.server()
        let afterRestart = try restarted.redeem(ticket, player: "p42")
        #expect(afterRestart.isRepeat && afterRestart.gold == 300, "a redeemed ticket is not paid again after a restart")
        // Another ticket of the same session is refused: the session is paid.
        let second = try restarted.issueTicket(player: "p42", session: "s7").encodedText()
        fixture.clock.advance(nanoseconds: hour)
        do {
            _ = try restarted.redeem(second, player: "p42")
            Issue.record("a second ticket of the session paid")
        } catch {
            #expect(error.ticketError == .alreadyRedeemed, "\(error)")
        }
        #expect(throws: ServerError.self, "another player cannot redeem it") { try restarted.redeem(ticket, player: "p43") }
    }

    @Test("An honest offline session: the upload pays what the game paid, clean; the same upload again repeats that payment and pays nothing more")
    func uploadOnce() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 2 * hour)
        let payout = try #require(try await game.foreground())
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.outcome == .accepted)
        #expect(upload.paidGold == payout.goldNow, "the server recomputes the game's figure to the coin")
        #expect(upload.isClean, "\(upload.decision.findings)")
        #expect(upload.decision.summary.claimedGold == payout.goldNow)

        // The same bytes again (a retry after a lost answer): the first payment, marked as a repeat; a backend credits
        // it by the payment's id, once. A new record makes a new upload, which pays nothing new for these hours.
        let replay = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(replay.isRepeat && replay.paidGold == upload.paidGold && replay.payment?.id == upload.payment?.id)
        try game.heartbeat(goldPerHour: 600)
        let extended = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(!extended.isRepeat && extended.outcome == .accepted && extended.paidGold == 0)
    }

    @Test("A rolled-back upload (an older copy after a newer one was accepted) pays nothing")
    func rollback() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let older = try fixture.journalBytes()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let newer = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(newer.outcome == .accepted)
        #expect(newer.paidGold == 2 * (3_599 / 12))
        let rolledBack = try server.acceptUpload(older, player: "p42", key: game.journalKey)
        #expect(rolledBack.outcome == .rejected)
        #expect(rolledBack.paidGold == 0)
        #expect(rolledBack.decision.findings.contains { $0.kind == .uploadRollback })
    }

    @Test("Cheat: the wall clock moved a day forward while away: the upload pays what the honest session pays")
    func wallClockCheat() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 2 * hour)
        fixture.clock.setWall(byAdding: 86_400 * s)
        fixture.network.wallMoved(by: 86_400 * s)
        _ = try await game.foreground()
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.paidGold == 7_199 / 12, "two hours, not a day")
    }

    @Test("A reboot while away settled later: the provisional upload pays the uptime share, the next one the top-up; clean")
    func rebootSettled() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        var game: OfflineEarnings? = try fixture.game()
        let server = try fixture.server()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        game = try fixture.game()
        let first = try #require(try await game!.launch())
        #expect(first.verdict.status == .provisional)
        let provisional = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game!.journalKey)
        #expect(provisional.paidGold == first.goldNow, "\(provisional.decision.findings)")

        fixture.clock.advance(nanoseconds: 300 * s)
        fixture.network.set(.answer)
        let topUp = try #require(try await game!.settle().first)
        let settled = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game!.journalKey)
        #expect(settled.outcome == .accepted)
        #expect(settled.paidGold == topUp.goldNow, "the server pays the same top-up")
        #expect(provisional.paidGold + settled.paidGold == topUp.claim.paidGold)
        #expect(settled.isClean, "\(settled.decision.findings)")
    }

    @Test("Network time shortened at the return, settled by a later fix: the server pays the same escrow release, clean")
    func spoofedReturnSettled() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        fixture.network.wallMoved(by: 600 * s)
        let payout = try #require(try await game.foreground())
        let held = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(held.paidGold == payout.goldNow)
        fixture.network.wallMoved(by: -600 * s)
        fixture.clock.advance(nanoseconds: 60 * s)
        let topUp = try #require(try await game.settle().first)
        let settled = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(settled.paidGold == topUp.goldNow)
        #expect(settled.isClean, "\(settled.decision.findings)")
    }

    @Test("A session a ticket paid is not paid again by the journal's upload")
    func ticketThenUpload() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        let departure = try game.background(goldPerHour: 600)
        let ticket = try await server.issueTicket(player: "p42", session: departure.evidence.sessionID).encodedText()
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let redeemed = try await server.redeem(ticket, player: "p42")
        #expect(redeemed.gold == 300)
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.paidGold == 0)
    }

    @Test("The server decides multipliers: a claimed ad pays only when the server granted it")
    func multiplierGrants() async throws {
        for granted in [false, true] {
            let fixture = ServerFixture()
            defer { fixture.cleanUp() }
            let game = try fixture.game()
            _ = try await game.launch()
            let departure = try game.background(goldPerHour: 600)
            fixture.clock.advance(nanoseconds: hour)
            let payout = try #require(try await game.foreground(multipliers: ["ad"]))
            // The device pays without the ad and names it pending; the server pays it only when it granted it.
            #expect(payout.goldNow == 3_599 / 12)
            #expect(payout.pending == [PendingMultiplier(name: "ad", gold: 3_599 / 6 - 3_599 / 12)])
            let server = try fixture.server { configuration in
                if granted {
                    configuration.multiplierGrants = StaticMultiplierGrants(
                        perSession: [SessionKey(player: "p42", session: departure.evidence.sessionID): ["ad"]])
                }
            }
            let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
            #expect(upload.paidGold == (granted ? 3_599 / 6 : 3_599 / 12))
        }
    }

    @Test("Garbage, or a journal under another key, is not a journal: refused, nothing paid")
    func notAJournal() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let game = try fixture.game()
        _ = try await game.launch()
        let other = try JournalKey(bytes: Array(repeating: 7, count: 32))
        for (bytes, key) in [(Array("not a journal\n".utf8), game.journalKey), (try fixture.journalBytes(), other)] {
            do {
                _ = try server.acceptUpload(bytes, player: "p42", key: key)
                Issue.record("accepted")
            } catch {
                guard case .notAJournal? = error.uploadError else {
                    Issue.record("refused for another reason: \(error)")
                    continue
                }
            }
        }
    }

    @Test("A postgres:// store that cannot be reached refuses to start")
    func unreachableDatabase() throws {
        #expect(throws: ServerError.self) {
            _ = try EarningsServer(store: "postgres://nobody@127.0.0.1:1/none", ticketSecret: ServerFixture.secret)
        }
    }
}
