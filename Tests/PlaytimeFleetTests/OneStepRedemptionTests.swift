import Foundation
import PlaytimeFleet
import PlaytimeRewards
import PlaytimeTickets
import Testing

/// `playtime_redeem` (schema v2): a `TicketAuthority` on the fleet's stores redeems in one statement, keeps what it
/// paid with the nonce, and answers a second redemption of the same ticket with that payment (docs/fleet.md,
/// "Exactly once").
@Suite("Fleet: one-statement redemption", .enabled(if: FleetTestServer.available || FleetTestServer.required))
struct OneStepRedemptionTests {
    static let hour = StoreContracts.hour

    /// Runs `body` with an authority on the fleet stores of a database of its own, under a budget of `budget`, on
    /// a thread of its own (its statements block; the test pool's threads must stay free).
    static func withAuthority(
        budget: Int64 = 1_000_000,
        _ body: @escaping @Sendable (TicketAuthority, FleetDatabase, FleetTestDatabase) throws -> Void
    ) async throws {
        try await StoreContracts.onThread { try withAuthorityHere(budget: budget, body) }
    }

    private static func withAuthorityHere(
        budget: Int64,
        _ body: (TicketAuthority, FleetDatabase, FleetTestDatabase) throws -> Void
    ) throws {
        let test = try FleetTestDatabase()
        defer { test.drop() }
        let database = try test.open()
        var policy = RewardPolicy.default
        policy.version = "one-step"
        policy.dailyBudgetGold = budget
        let authority = try TicketAuthority(
            keys: TicketKeyRing(current: TicketKey(id: "k", secret: Array(0..<32))), policy: policy,
            replayGuard: database.replayGuard, budgetLedger: database.budgetLedger)
        try body(authority, database, test)
    }

    @Test("first use pays; the same ticket again repeats that payment (its figures, its instant) and grants nothing more")
    func repeatOfTheSameTicket() async throws {
        try await Self.withAuthority { authority, database, test in
            let start = StoreContracts.start
            let ticket = try authority.issue(player: "p", session: "s", rate: 600, at: start)
            let paid = try authority.redeem(ticket, player: "p", at: start + 2 * Self.hour)
            #expect(!paid.isRepeat && paid.paidGold > 0)
            let again = try authority.redeem(ticket, player: "p", at: start + 3 * Self.hour)
            #expect(again.isRepeat)
            #expect(again.paidGold == paid.paidGold && again.redeemedAt == paid.redeemedAt && again.elapsedSeconds == paid.elapsedSeconds)
            #expect(again.budget.at == paid.budget.at)
            #expect(try test.count("SELECT sum(gold) FROM playtime_budget_grant") == Int(paid.paidGold))
            // Another player naming the ticket is refused before any record is read.
            #expect(throws: TicketError.otherPlayer) { try authority.redeem(ticket, player: "q", at: start + 3 * Self.hour) }
        }
    }

    @Test("another ticket of a paid session is refused; a ticket consumed by the two-call path is refused, not repeated")
    func refusals() async throws {
        try await Self.withAuthority { authority, database, test in
            let start = StoreContracts.start
            _ = try authority.redeem(try authority.issue(player: "p", session: "s", rate: 600, at: start), player: "p", at: start + Self.hour)
            let second = try authority.issue(player: "p", session: "s", rate: 600, at: start + Self.hour)
            #expect(throws: TicketError.alreadyRedeemed) { try authority.redeem(second, player: "p", at: start + 2 * Self.hour) }
            // consume (the first half of the two-call path) keeps no payment record: a redemption after it is refused.
            let other = try authority.issue(player: "p", session: "t", rate: 600, at: start)
            _ = try authority.consume(other, player: "p", at: start + Self.hour)
            #expect(throws: TicketError.alreadyRedeemed) { try authority.redeem(other, player: "p", at: start + 2 * Self.hour) }
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session") == 2)
        }
    }

    @Test("the budget caps the grant exactly as the two-call path does, and a repeat reports the capped grant")
    func budget() async throws {
        try await Self.withAuthority(budget: 500) { authority, database, test in
            let start = StoreContracts.start
            let first = try authority.issue(player: "p", session: "a", rate: 600, at: start)
            let second = try authority.issue(player: "p", session: "b", rate: 600, at: start)
            let one = try authority.redeem(first, player: "p", at: start + Self.hour)
            let two = try authority.redeem(second, player: "p", at: start + Self.hour)
            #expect(one.paidGold + two.paidGold == 500)
            #expect(two.withheldByBudget > 0)
            #expect(try authority.redeem(second, player: "p", at: start + Self.hour).paidGold == two.paidGold)
        }
    }

    @Test("a collection that passed the ticket's expiry refuses it as expired, and its record goes with it")
    func collected() async throws {
        try await Self.withAuthority { authority, database, test in
            let start = StoreContracts.start
            let ticket = try authority.issue(player: "p", session: "s", rate: 600, at: start)
            _ = try authority.redeem(ticket, player: "p", at: start + Self.hour)
            try database.collect(now: ticket.expiresAt)
            // The session's row (and the record in it) outlives the ticket: it is kept until no ticket of the session
            // issued before the payment can be redeemed.
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session WHERE granted IS NOT NULL") == 1)
            #expect(throws: TicketError.self) { try authority.redeem(ticket, player: "p", at: ticket.expiresAt - 1) }
            let memory = try #require(try test.scalar("SELECT expires_at FROM playtime_replay_session").flatMap { Int64($0) })
            try database.collect(now: memory)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session") == 0)
        }
    }
}
