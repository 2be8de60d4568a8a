import PlaytimeRewards
import PlaytimeTickets
import Testing

/// Rates and multipliers are the server's; the order of the replay guard and the budget ledger.
@Suite("Server-decided redemption")
struct ServerDecisionTests {
    typealias F = TicketFixtures

    /// A store that always fails, counting its calls.
    final class FailingStore: ReplayGuard, BudgetLedger, RateProvider, MultiplierGrants, @unchecked Sendable {
        var calls = 0
        let error = TicketStoreError.unusable(path: "/failing")
        func consume(_ claim: ReplayClaim, now: Int64) throws(TicketStoreError) -> ReplayDecision {
            calls += 1
            throw error
        }
        func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant {
            calls += 1
            throw error
        }
        func remaining(for player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> Int64 {
            calls += 1
            throw error
        }
        func goldPerHour(for player: PlayerKey, at now: Int64) throws(TicketStoreError) -> Int64 {
            calls += 1
            throw error
        }
        func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String] {
            calls += 1
            throw error
        }
    }

    /// A ledger that records its calls and grants everything.
    final class CountingLedger: BudgetLedger, @unchecked Sendable {
        var calls = 0
        func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant {
            calls += 1
            return BudgetGrant(requested: gold, granted: gold, limit: limit, at: now)
        }
        func remaining(for player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> Int64 { limit }
    }

    @Test("issue takes the rate from the server's rates: per player (byte for byte), else the policy's")
    func serverRate() throws {
        let rates = PlayerRates(defaultGoldPerHour: 600, perPlayer: [PlayerKey("vip"): 1200])
        let authority = F.authority(rates: rates)
        #expect(try authority.issue(player: "vip", session: "s", at: F.start).goldPerHour == 1200)
        #expect(try authority.issue(player: "p", session: "s", at: F.start).goldPerHour == 600)
        #expect(try F.authority().issue(player: "p", session: "s", at: F.start).goldPerHour == RewardPolicy.default.goldPerHour)
        #expect(throws: TicketError.storeFailure(.unusable(path: "/failing"))) {
            try F.authority(rates: FailingStore()).issue(player: "p", session: "s", at: F.start)
        }
        #expect(throws: TicketError.malformed(.negativeRate(-5))) {
            try F.authority(rates: PlayerRates(defaultGoldPerHour: -5)).issue(player: "p", session: "s", at: F.start)
        }
    }

    @Test("multipliers come from the server's grants only; a failing grant store consumes nothing")
    func serverMultipliers() throws {
        let grants = StaticMultiplierGrants(perPlayer: [PlayerKey("p"): ["ad"]])
        let authority = F.authority(grants: grants)
        let paid = try authority.redeem(try authority.issue(player: "p", session: "s", rate: 600, at: F.start), player: "p", at: F.start + F.hour)
        #expect(paid.breakdown.multipliers.map(\.outcome) == [.applied])
        #expect(paid.paidGold == 600)
        let failing = F.authority(grants: FailingStore())
        let ticket = try failing.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.storeFailure(.unusable(path: "/failing"))) { try failing.redeem(ticket, player: "p", at: F.start + F.hour) }
    }

    @Test("a replay store failure debits no budget and leaves the ticket redeemable")
    func replayFailureFirst() throws {
        let ledger = CountingLedger()
        let broken = F.authority(replayGuard: FailingStore(), budgetLedger: ledger)
        let ticket = try broken.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.storeFailure(.unusable(path: "/failing"))) { try broken.redeem(ticket, player: "p", at: F.start + F.hour) }
        #expect(ledger.calls == 0)
        let healthy = F.authority(budgetLedger: ledger)
        #expect(try healthy.redeem(ticket, player: "p", at: F.start + F.hour).paidGold == 300)
        #expect(ledger.calls == 1)
    }

    @Test("a ledger failure after the ticket was consumed pays nothing and the ticket cannot pay later")
    func ledgerFailureAfterConsume() throws {
        let replay = InMemoryReplayGuard()
        let broken = F.authority(replayGuard: replay, budgetLedger: FailingStore())
        let ticket = try broken.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.ledgerFailure(.unusable(path: "/failing"))) { try broken.redeem(ticket, player: "p", at: F.start + F.hour) }
        let healthy = F.authority(replayGuard: replay)
        #expect(throws: TicketError.alreadyRedeemed) { try healthy.redeem(ticket, player: "p", at: F.start + 2 * F.hour) }
    }

    @Test("a refused ticket (replay, other player, expired) never reaches the ledger")
    func refusalsDebitNothing() throws {
        let ledger = CountingLedger()
        let authority = F.authority(budgetLedger: ledger)
        let ticket = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        _ = try authority.redeem(ticket, player: "p", at: F.start + F.hour)
        #expect(throws: TicketError.alreadyRedeemed) { try authority.redeem(ticket, player: "p", at: F.start + F.hour) }
        #expect(throws: TicketError.otherPlayer) { try authority.redeem(ticket, player: "q", at: F.start + F.hour) }
        let late = try authority.issue(player: "p", session: "t", rate: 600, at: F.start)
        #expect(throws: TicketError.self) { try authority.redeem(late, player: "p", at: late.expiresAt) }
        #expect(ledger.calls == 1)
    }
}
