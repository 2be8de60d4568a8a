import Foundation
import PlaytimeGuard
import PlaytimePostgres
import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// A ticket whose hours an upload already paid is trimmed; the daily budget is debited by what it pays
/// (docs/tickets.md), not by the untrimmed reward: on the file stores, and on PostgreSQL when the test run
/// has one (PLAYTIME_POSTGRES_URL, as EarningsServerFleetTests).
@Suite("Earnings server: a trimmed ticket debits only what it pays")
struct TicketTrimBudgetTests {
    static let hour: Int64 = 3_600_000_000_000

    /// An upload pays the journal's two hours; a ticket of another session of the same player, issued after
    /// the departure and redeemed at the return, lies inside them and is trimmed to 0.
    static func trimmedToZero(_ fixture: ServerFixture, _ server: EarningsServer) async throws {
        let game = try fixture.game()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        let ticket = try await server.issueTicket(player: "p42", session: "other-device").encodedText()
        fixture.clock.advance(nanoseconds: 2 * hour)
        _ = try #require(try await game.foreground())
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.paidGold > 0)

        let trimmed = try await server.redeem(ticket, player: "p42")
        #expect(trimmed.gold == 0, "the upload already paid these hours")
        #expect(trimmed.redemption.budget.granted == 0, "the budget was debited \(trimmed.redemption.budget.granted) for 0 gold paid")
        #expect(trimmed.redemption.budget.requested == 0)
        #expect(trimmed.withheldByBudget == 0)
        #expect(trimmed.redemption.breakdown.paidNow > 0, "the untrimmed reward was not 0: the trim decided")

        // A fresh ticket for new hours: paid in full, and its grant is what it pays.
        let later = try await server.issueTicket(player: "p42", session: "later").encodedText()
        fixture.clock.advance(nanoseconds: hour)
        let paid = try await server.redeem(later, player: "p42")
        #expect(paid.gold == paid.redemption.breakdown.paidNow)
        #expect(paid.redemption.budget.granted == paid.gold)
    }

    @Test("A ticket whose hours an upload already paid pays 0 and debits 0 from the daily budget; a later ticket still pays")
    func trimmedToZeroDebitsNothing() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        try await Self.trimmedToZero(fixture, try fixture.server())
    }

    @Test(
        "The same on the PostgreSQL ledger: a ticket trimmed to 0 debits 0",
        .enabled(if: EarningsServerFleetTests.base != nil || EarningsServerFleetTests.required))
    func trimmedToZeroOnPostgres() async throws {
        try await EarningsServerFleetTests.withServers(1) { servers, fixture in
            #expect(servers[0].storeDescription.hasPrefix("fleet database"))
            try await Self.trimmedToZero(fixture, servers[0])
        }
    }

    @Test("An untrimmed ticket debits exactly its reward, as before")
    func untrimmedDebitsReward() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let ticket = try server.issueTicket(player: "p7", session: "s1").encodedText()
        fixture.clock.advance(nanoseconds: Self.hour)
        let paid = try server.redeem(ticket, player: "p7")
        #expect(paid.gold > 0)
        #expect(paid.redemption.budget.granted == paid.gold)
        #expect(paid.redemption.budget.requested == paid.redemption.breakdown.paidNow)
    }
}
