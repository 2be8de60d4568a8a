import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// The game's link through the built `playtime-server` (docs/service.md, "The game's link"): a game whose only
/// server code is `EarningsConfiguration.gameServer`, and a backend that forwards the link's two texts to the service
/// unchanged — `enroll` to `POST …/enrollments`, `pr1.…` to `POST …/anchors` — and returns one field of the answer.
@Suite("The game's link, forwarded to playtime-server (binary)", .enabled(if: ServiceProcess.canMoveWallClock))
struct GameServerLinkServiceTests {
    struct NotALinkMessage: Error {}

    /// The backend: where the service listens now (it restarts in the test) and its key.
    final class Backend: @unchecked Sendable {
        private let lock = NSLock()
        private var client: ServiceClient?
        private var sent: [String] = []

        func use(_ service: ServiceProcess, key: String) { lock.withLock { client = ServiceClient(address: service.address, apiKey: key) } }
        var messages: [String] { lock.withLock { sent } }

        /// The whole of a backend's part of the link, for the logged-in `player`.
        func forward(_ text: String, player: String) async throws -> String {
            let current = lock.withLock { () -> ServiceClient? in
                sent.append(text)
                return client
            }
            let service = try #require(current)
            return try await onOwnThread {
                if text == "enroll" { return try service.enroll(player: player).enrollment }
                guard text.hasPrefix("pr1.") else { throw NotALinkMessage() }
                return try service.anchor(player: player, request: text).anchor
            }
        }
    }

    @Test("Enrolled once, anchored at launch, departure and return by the service; the upload pays what the game showed, clean")
    func linkThroughTheService() async throws {
        let state = try ServiceProcess.scratch("service-link-")
        let game = try ServiceProcess.scratch("service-link-game-")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: game)
        }
        let backend = Backend()
        let first = try await onOwnThread { try ServiceProcess(state: state) }
        let key = try #require(first.firstKey)
        backend.use(first, key: key)

        let second: Int64 = 1_000_000_000
        let clock = ManualClock(wallNanoseconds: Int64(Date().timeIntervalSince1970 * 1e9))
        var configuration = EarningsConfiguration(gameServer: { text in try await backend.forward(text, player: "lin") })
        configuration.clock = clock
        configuration.ntpServers = []
        configuration.connectivityProbe = ScriptedConnectivityProbe()
        configuration.gameServerBudgetNanoseconds = 0  // the manual clock's sleep would end every wait at once
        let earnings = try OfflineEarnings(directory: game, configuration: configuration)
        #expect(try await earnings.launch() == nil)
        try earnings.background(goldPerHour: 600)
        await earnings.stampDeparture()
        #expect(backend.messages.count == 3 && backend.messages[0] == "enroll", "\(backend.messages)")
        _ = try await onOwnThread { first.terminate() }

        // 65 s away: the device's clock moves by hand, the service's wall clock runs 70 s ahead (libfaketime).
        let later = try await onOwnThread { try ServiceProcess(state: state, wallClockAhead: 70) }
        backend.use(later, key: key)
        var failure: (any Error)?
        do {
            clock.advance(nanoseconds: 65 * second)
            let payout = try #require(try await earnings.foreground())
            #expect(payout.goldNow == 5, "\(payout.explanation)")
            #expect(backend.messages.count == 4 && backend.messages.dropFirst().allSatisfy { $0.hasPrefix("pr1.") }, "\(backend.messages)")
            let journal = Array(try #require(FileManager.default.contents(atPath: earnings.journalPath)))
            let paid = try await onOwnThread { try ServiceClient(address: later.address, apiKey: key).upload(player: "lin", journal: journal) }
            #expect(paid.gold == payout.goldNow, "\(paid.findings)")
            #expect(paid.findings.isEmpty, "\(paid.findings)")
        } catch {
            failure = error
        }
        let stopped = try await onOwnThread { later.terminate() }
        #expect(stopped.status == 0, "\(stopped.lines)")
        if let failure { throw failure }
        // Both processes' access log: the device's four texts went through unchanged, then the backend's upload. A
        // line is written when its answer has gone out, so two requests that follow each other closely can be logged
        // in either order (seen once: the launch's anchor before the enrollment); each process's lines are compared
        // as a set of operations, the first process's three before the second's two.
        let operations = try later.accessLog().compactMap { $0["operation"] as? String }
        #expect(operations.count == 5, "\(operations)")
        #expect(operations.prefix(3).sorted() == ["anchor", "anchor", "enroll"], "\(operations)")
        #expect(operations.dropFirst(3).sorted() == ["anchor", "uploadJournal"], "\(operations)")
    }
}
