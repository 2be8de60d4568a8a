import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimePostgres
@_spi(Testing) import PlaytimeServer
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

    /// Runs `body` with `count` servers on a fresh database of the test run's PostgreSQL (dropped afterwards),
    /// on the fixture's clock.
    static func withServers(_ count: Int, _ body: ([EarningsServer], ServerFixture) async throws -> Void) async throws {
        let base = try #require(Self.base, "PLAYTIME_REQUIRE_POSTGRES=1 but PLAYTIME_POSTGRES_URL is not set")
        let name = "pt_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let admin = PostgresPool(configuration: try PostgresConfiguration(url: base), maximumConnections: 1)
        _ = try admin.query("CREATE DATABASE \(name)", [])
        defer { _ = try? admin.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", []) }
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let clock = fixture.clock
        var configuration = ServerConfiguration()
        configuration.clock = clock
        configuration.maximumConnections = 2
        let url = Self.url(base, database: String(name))
        let servers = try (0..<count).map { _ in try EarningsServer(store: url, ticketSecret: ServerFixture.secret, configuration: configuration) }
        try await body(servers, fixture)
    }

    @Test(
        "Two servers on one database: a ticket redeemed on one is repeated, not paid, by the other; an upload paid on one is repeated by the other; a new ticket of the same session is refused",
        .enabled(if: base != nil || required))
    func twoServersOneDatabase() async throws {
        try await Self.withServers(2) { servers, fixture in try await Self.twoServers(servers[0], servers[1], fixture) }
    }

    static func twoServers(_ first: EarningsServer, _ second: EarningsServer, _ fixture: ServerFixture) async throws {
        #expect(first.storeDescription.hasPrefix("fleet database"))

        let ticket = try await first.issueTicket(player: "p42", session: "s1").encodedText()
        fixture.clock.advance(nanoseconds: 3_600_000_000_000)
        let paid = try await second.redeem(ticket, player: "p42")
        #expect(paid.gold == 300 && !paid.isRepeat && paid.attempts == 1)
        fixture.clock.advance(nanoseconds: 600_000_000_000)
        // The same ticket again (its answer was lost, say): the original payment, marked as a repeat, nothing paid.
        let repeated = try await first.redeem(ticket, player: "p42")
        #expect(repeated.isRepeat && repeated.gold == 300 && repeated.elapsedSeconds == 3_600)
        #expect(repeated.redemption.redeemedAt == paid.redemption.redeemedAt)
        // Another player naming it is refused before any record is read.
        #expect(throws: ServerError.self) { try first.redeem(ticket, player: "p43") }
        // Another ticket of the same session is a second payment of it: refused.
        let other = try await first.issueTicket(player: "p42", session: "s1").encodedText()
        fixture.clock.advance(nanoseconds: 60_000_000_000)
        do {
            _ = try await first.redeem(other, player: "p42")
            Issue.record("the session was paid twice")
        } catch {
            guard case .alreadyRedeemed? = error.ticketError else {
                Issue.record("refused for another reason: \(error)")
                return
            }
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
        #expect(again.isRepeat && again.outcome == .accepted && again.paidGold == accepted.paidGold)
        #expect(again.decision.payments == accepted.decision.payments)
        // The same bytes from another account are a new upload: the registry finds nothing new in them.
        let stranger = try second.acceptUpload(bytes, player: "p43", key: game.journalKey)
        #expect(!stranger.isRepeat && stranger.paidGold == 0)
        await #expect(try first.collectExpired() != nil)
    }
}

extension EarningsServerFleetTests {
    @Test(
        "Two servers on one database, given two enrolled journals of one account for the same server hours at the same moment, pay those hours once",
        .enabled(if: base != nil || required))
    func twoServersSameHoursOnce() async throws {
        try await Self.withServers(2) { servers, fixture in try await Self.sameHoursOnce(servers, fixture) }
    }

    static func sameHoursOnce(_ servers: [EarningsServer], _ fixture: ServerFixture) async throws {
        let clock = fixture.clock
        let hour: Int64 = 3_600_000_000_000
        for round in 0..<5 {
            // Two devices of one account, each enrolled on one server, away over the same two hours.
            let player = "twin-\(round)"
            var journals = [try AnchoredJournal(enrolledBy: servers[0], player: player), try AnchoredJournal(enrolledBy: servers[1], player: player)]
            let wall = clock.read().wallNanoseconds
            for index in journals.indices {
                try journals[index].session(String(format: "%016x", round * 2 + index + 1), wall: wall, boot: 5_000_000_000, awaySeconds: 7_200)
            }
            clock.advance(nanoseconds: 2 * hour + 10_000_000_000)
            let uploads = journals.map(\.bytes)
            let paid = try await withThrowingTaskGroup(of: Int64.self) { group in
                for index in 0..<2 {
                    group.addTask { try servers[index].acceptUpload(uploads[index], player: player).paidGold }
                }
                return try await group.reduce(0, +)
            }
            let honest = try RewardCalculator(policy: .default).calculate(
                RewardClaim(
                    creditedSeconds: 7_210, status: .verified, goldPerHour: 300,
                    requestedMultipliers: [])
            ).paidNow
            #expect(paid <= honest, "round \(round): \(paid) gold for 2 h 10 s of server time (honest always-away: \(honest))")
            #expect(paid >= honest - 2, "round \(round): \(paid) gold: the first device's hours must be paid")
        }
    }
}

/// Multiplier grants on the fleet's table (schema v3): recorded on one server, paid on another, once; collected
/// with their sessions.
@Suite("Multiplier grants on PostgreSQL")
struct FleetMultiplierGrantTests {
    @Test(
        "A grant recorded on one server pays on another: a ticket with its ad, the newcomer's upload with its pending ad, once",
        .enabled(if: EarningsServerFleetTests.base != nil || EarningsServerFleetTests.required))
    func grantOnOneServerPaysOnAnother() async throws {
        try await EarningsServerFleetTests.withServers(2) { servers, fixture in
            let ticket = try await servers[0].issueTicket(player: "p42", session: "t1").encodedText()
            fixture.clock.advance(nanoseconds: 3_600_000_000_000)
            try await servers[0].grant("ad", player: "p42", session: "t1")
            try await servers[0].grant("ad", player: "p42", session: "t1")
            await #expect(try servers[1].redeem(ticket, player: "p42").gold == 600)

            let game = try fixture.game()
            _ = try await game.launch()
            _ = try game.background(goldPerHour: RewardPolicy.default.goldPerHour)
            fixture.clock.advance(nanoseconds: 65_000_000_000)
            let payout = try #require(try await game.foreground(multipliers: ["ad"]))
            #expect(payout.goldNow == 5 && payout.goldPendingGrant == 5)
            try await servers[1].grant("ad", player: "p42", session: payout.sessionID)
            let upload = try await servers[0].acceptUpload(try fixture.journalBytes(), player: "p42")
            #expect(upload.paidGold == 10 && upload.isClean, "\(upload.decision.findings)")
            _ = try game.heartbeat(goldPerHour: RewardPolicy.default.goldPerHour)
            await #expect(try servers[1].acceptUpload(try fixture.journalBytes(), player: "p42").paidGold == 0)

            // Past the ticket lifetime the grants go with their sessions.
            fixture.clock.advance(nanoseconds: 8 * 86_400_000_000_000)
            await #expect(try servers[0].collectExpired()?.multiplierGrants == 2)
        }
    }
}
