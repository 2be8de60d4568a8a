import Foundation
import PlaytimeGuard
import PlaytimePostgres
import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// `EarningsServer` on a `postgres://` store: the PostgreSQL server of the test run (scripts/test.sh exports
/// PLAYTIME_POSTGRES_URL), a database of the test's own. Skipped without one, a failure with
/// PLAYTIME_REQUIRE_POSTGRES=1 (CI).
@Suite("Earnings server on PostgreSQL")
struct EarningsServerFleetTests {
    static let environment = ProcessInfo.processInfo.environment
    static let base = environment["PLAYTIME_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let required = environment["PLAYTIME_REQUIRE_POSTGRES"] == "1"

    /// `base` with its database replaced by `database`.
    static func url(_ base: String, database: String) -> String {
        var text = base
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        let start = text.range(of: "://").map(\.upperBound) ?? text.startIndex
        if let slash = text[start...].firstIndex(of: "/") { text = String(text[..<slash]) }
        return text + "/" + database
    }

    @Test("Two servers on one database: a ticket redeemed on one is refused on the other; an upload paid on one pays nothing on the other",
          .enabled(if: base != nil || required))
    func twoServersOneDatabase() async throws {
        let base = try #require(Self.base, "PLAYTIME_REQUIRE_POSTGRES=1 but PLAYTIME_POSTGRES_URL is not set")
        let name = "pt_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let admin = PostgresPool(configuration: try PostgresConfiguration(url: base), maximumConnections: 1)
        _ = try admin.query("CREATE DATABASE \(name)", [])
        defer { _ = try? admin.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", []) }
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let clock = fixture.clock
        var configuration = ServerConfiguration()
        configuration.now = { clock.read().wallNanoseconds }
        configuration.maximumConnections = 2
        configuration.uploadDirectory = fixture.directory + "/uploads"   // a database store has no folder of its own
        let url = Self.url(base, database: String(name))
        let first = try EarningsServer(store: url, ticketSecret: ServerFixture.secret, configuration: configuration)
        let second = try EarningsServer(store: url, ticketSecret: ServerFixture.secret, configuration: configuration)
        #expect(first.storeDescription.hasPrefix("fleet database"))

        let ticket = try first.issueTicket(player: "p42", session: "s1").encodedText()
        fixture.clock.advance(nanoseconds: 3_600_000_000_000)
        #expect(try second.redeem(ticket, player: "p42").gold == 300)
        do {
            _ = try first.redeem(ticket, player: "p42")
            Issue.record("the other server paid the ticket again")
        } catch {
            guard case .ticket(.alreadyRedeemed) = error else { Issue.record("refused for another reason: \(error)"); return }
        }

        let game = try fixture.game()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 3_600_000_000_000)
        let payout = try #require(try await game.foreground())
        let bytes = try fixture.journalBytes()
        let accepted = try first.acceptUpload(bytes, player: "p42", key: game.journalKey)
        #expect(accepted.paidGold == payout.goldNow)
        let again = try second.acceptUpload(bytes, player: "p42", key: game.journalKey)
        #expect(again.outcome == .replayed)
        #expect(again.paidGold == 0)
        #expect(try first.collectExpired() != nil)
    }
}
