import Foundation
import PlaytimeGuard
import PlaytimeServer
import Testing

/// Multipliers are the server's (docs/reward-policy.md, "Multipliers are the server's"): the game shows what it
/// asked for as pending and never pays it; the server records its grants and pays each once.
@Suite("Multiplier grants: the device shows what the server pays")
struct MultiplierGrantTests {
    let second: Int64 = 1_000_000_000

    /// The newcomer's case of issue 18: 65 s away with the "ad" multiplier under the default policy.
    private func newcomer(_ fixture: ServerFixture) async throws -> (OfflineEarnings, AwayPayout) {
        let game = try fixture.game()
        _ = try await game.launch()
        _ = try game.background(goldPerHour: RewardPolicy.default.goldPerHour)
        fixture.clock.advance(nanoseconds: 65 * second)
        let payout = try #require(try await game.foreground(multipliers: ["ad"]))
        return (game, payout)
    }

    @Test("65 s away with an ad: the device shows 5 now and +5 pending; the server pays 5, then 5 more once it grants the ad")
    func newcomerShowsWhatTheServerPays() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let (game, payout) = try await newcomer(fixture)
        #expect(payout.goldNow == 5)
        #expect(payout.pending == [PendingMultiplier(name: "ad", gold: 5)])
        #expect(payout.goldPendingGrant == 5)
        #expect(payout.claim.multipliers.isEmpty && payout.claim.pendingMultipliers == ["ad"])
        // What the player reads: the gold now, then the pending part named.
        #expect(payout.messages.map(\.text) == ["You earned 5 gold while away.", "+5 gold when your ad is confirmed."])
        #expect(payout.messages.map(\.kind) == [.paid, .multiplierPending])
        #expect(payout.messages[1].values == ["multiplier": "ad", "extraGold": "5"])
        let server = try fixture.server()
        let first = try await server.acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(first.paidGold == payout.goldNow, "the device showed \(payout.goldNow)")
        #expect(first.message == payout.message, "the server says what the device said")
        #expect(first.isClean, "\(first.decision.findings)")

        // The ad network confirms, server to server; the journal's next upload pays what the ad adds, once.
        try await server.grant("ad", player: "p42", session: payout.sessionID)
        try await server.grant("ad", player: "p42", session: payout.sessionID)
        _ = try game.heartbeat(goldPerHour: RewardPolicy.default.goldPerHour)
        let second = try await server.acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(second.paidGold == payout.goldPendingGrant)
        #expect(second.isClean, "\(second.decision.findings)")
        _ = try game.heartbeat(goldPerHour: RewardPolicy.default.goldPerHour)
        let third = try await server.acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(third.paidGold == 0)
    }

    @Test("A grant recorded before the upload pays the device's gold and the pending gold at once, after a restart too")
    func grantBeforeUpload() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let (_, payout) = try await newcomer(fixture)
        try await fixture.server().grant("ad", player: "p42", session: payout.sessionID)
        let upload = try await fixture.server().acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(upload.paidGold == payout.goldNow + payout.goldPendingGrant)
        #expect(upload.paidGold == 10)
    }

    @Test("A session worth nothing without its ad (60 gold/h, 60 s: 0.5 floored to 0) is worth 1 with it: pending 1, paid 1 once granted")
    func flooredToNothingWithoutTheAd() async throws {
        // Found by the agreement property (seed 18204291219271548275): the upload gate priced again only sessions
        // already worth gold, so a granted ad on a session worth 0 without it paid nothing.
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        _ = try await game.launch()
        _ = try game.background(goldPerHour: 60)
        fixture.clock.advance(nanoseconds: 61 * second)
        let payout = try #require(try await game.foreground(multipliers: ["ad"]))
        #expect(payout.goldNow == 0 && payout.goldPendingGrant == 1, "\(payout.explanation)")
        let server = try fixture.server()
        try await server.grant("ad", player: "p42", session: payout.sessionID)
        let upload = try await server.acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(upload.paidGold == 1, "\(upload.decision.findings)")
    }

    @Test("An ad asked for at a return that waits for proof stays pending through the settlement; granted, the server pays what it adds once")
    func pendingThroughSettlement() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        // A reboot while away, no network at the return: provisional, the rest waits for a fix of this boot.
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 3_600 * second, uptimeNanoseconds: 600 * second)
        fixture.network.set(.unreachable)
        game = try fixture.game()
        let first = try #require(try await game!.launch(multipliers: ["ad"]))
        #expect(first.verdict.status == .provisional)
        #expect(first.claim.pendingMultipliers == ["ad"])
        fixture.clock.advance(nanoseconds: 300 * second)
        fixture.network.set(.answer)
        let topUp = try #require(try await game!.settle().first)
        #expect(topUp.claim.pendingMultipliers == ["ad"], "the settlement keeps the ad pending")
        #expect(topUp.goldPendingGrant > 0)
        let server = try fixture.server()
        try await server.grant("ad", player: "p42", session: first.sessionID)
        let upload = try await server.acceptUpload(try fixture.journalBytes(), player: "p42")
        #expect(upload.paidGold == topUp.claim.paidGold + topUp.goldPendingGrant, "\(upload.decision.findings)")
        #expect(upload.isClean, "\(upload.decision.findings)")
    }

    @Test("A grant is another player's only by its own key: the same session id of another player gets nothing")
    func grantIsPerPlayer() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let (_, payout) = try await newcomer(fixture)
        let server = try fixture.server()
        try await server.grant("ad", player: "p43", session: payout.sessionID)
        await #expect(try server.acceptUpload(try fixture.journalBytes(), player: "p42").paidGold == payout.goldNow)
    }

    @Test("A ticket redeemed after the grant pays the multiplier; one redeemed before it does not")
    func ticketAfterGrant() throws {
        for grantFirst in [true, false] {
            let fixture = ServerFixture()
            defer { fixture.cleanUp() }
            let server = try fixture.server()
            let ticket = try server.issueTicket(player: "p42", session: "s1").encodedText()
            fixture.clock.advance(nanoseconds: 3_600 * second)
            if grantFirst { try server.grant("ad", player: "p42", session: "s1") }
            let paid = try server.redeem(ticket, player: "p42")
            if !grantFirst { try server.grant("ad", player: "p42", session: "s1") }
            #expect(paid.gold == (grantFirst ? 600 : 300))
            #expect(paid.redemption.breakdown.multipliers.map(\.name) == (grantFirst ? ["ad"] : []))
        }
    }

    @Test("A name no policy defines, or an empty session id, is refused and records nothing")
    func refusedGrants() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        for (name, session) in [("jackpot", "s1"), ("ad", "")] {
            do {
                try server.grant(name, player: "p42", session: session)
                Issue.record("granted \(name) to '\(session)'")
            } catch {
                guard error.code == .grant else {
                    Issue.record("refused for another reason: \(error)")
                    continue
                }
            }
        }
    }
}
