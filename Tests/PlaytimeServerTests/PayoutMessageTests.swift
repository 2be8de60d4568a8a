import PlaytimeGuard
import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// The player messages of the server's payouts (docs/player-messages.md): a ticket's and an upload's.
@Suite("Earnings server: player messages of payouts")
struct PayoutMessageTests {
    static let hour: Int64 = 3_600_000_000_000

    @Test("A ticket says what it paid, the cap and the daily limit it reached")
    func ticketMessages() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        var policy = RewardPolicy.default
        policy.dailyBudgetGold = 1000
        let server = try fixture.server(policy: policy)
        let ticket = try server.issueTicket(player: "p7", session: "s1").encodedText()
        fixture.clock.advance(nanoseconds: 10 * Self.hour)
        let payout = try server.redeem(ticket, player: "p7")
        #expect(payout.gold == 1000 && payout.withheldByBudget == 500)
        #expect(payout.messages.map(\.kind) == [.paid, .capped, .budgetReached])
        #expect(payout.message == payout.messages[0])
        #expect(payout.message.text == "You earned 1 000 gold while away.")
        #expect(payout.messages[1].text == "Offline earnings are capped at 8h.")
        #expect(payout.messages[2].values == ["gold": "1000", "withheldGold": "500", "limitGold": "1000"])
        #expect(payout.messages[2].text == "You reached today's limit of 1 000 gold; 500 gold were not paid.")
    }

    @Test("An upload says what it paid; the same bytes again were already paid; a ticket inside its hours too")
    func uploadMessages() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let game = try fixture.game()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        let ticket = try await server.issueTicket(player: "p42", session: "other-device").encodedText()
        fixture.clock.advance(nanoseconds: 2 * Self.hour)
        _ = try #require(try await game.foreground())
        let bytes = try fixture.journalBytes()

        let upload = try server.acceptUpload(bytes, player: "p42", key: game.journalKey)
        #expect(upload.paidGold > 0)
        #expect(upload.messages == [upload.message])
        #expect(upload.message.kind == .paid && upload.message.values == ["gold": String(upload.paidGold)])

        // The same bytes again are a retry: the first answer, repeated (its words included); nothing more is paid.
        let again = try server.acceptUpload(bytes, player: "p42", key: game.journalKey)
        #expect(again.isRepeat && again.paidGold == upload.paidGold)
        #expect(again.message.kind == .paid)
        // A new upload with nothing new for those hours: already paid.
        try game.heartbeat(goldPerHour: 600)
        let extended = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(extended.paidGold == 0)
        #expect(extended.messages.map(\.kind) == [.notPaidAlreadyPaid], "\(extended.messages)")
        #expect(extended.message.text == "This time away was already paid.")

        let trimmed = try await server.redeem(ticket, player: "p42")
        #expect(trimmed.gold == 0)
        #expect(trimmed.messages.map(\.kind) == [.notPaidAlreadyPaid])
    }
}
