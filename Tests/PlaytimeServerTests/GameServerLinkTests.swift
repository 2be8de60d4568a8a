import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// A game backend in a few lines: the link's two messages forwarded unchanged to `EarningsServer` (docs/service.md,
/// "The game's link"), the messages it saw kept for the tests.
final class LinkBackend: @unchecked Sendable {
    let server: EarningsServer
    let player: String
    private let lock = NSLock()
    private var seen: [String] = []
    /// What the backend does instead of forwarding (throw, answer nonsense): `nil` forwards.
    var failure: (@Sendable (String) throws -> String)?

    init(_ server: EarningsServer, player: String) {
        self.server = server
        self.player = player
    }

    /// Every text the device sent, in order.
    var messages: [String] { lock.withLock { seen } }

    /// The game's `gameServer` closure: `enroll` → the enrollment text, `pr1.…` → the anchor token.
    var link: @Sendable (String) async throws -> String {
        { [self] text in
            lock.withLock { seen.append(text) }
            if let failure { return try failure(text) }
            if text == "enroll" { return try await server.enroll(player: player).text }
            return try await server.anchor(text, player: player)
        }
    }
}

struct LinkUnreachable: Error {}

/// The ten-line integration (docs/facades.md, "The game server's link"): the game hands `OfflineEarnings` one closure
/// to its server; the library enrolls once and records the server's anchors at launch, after the departure and at the
/// return by itself, and carries on as before whenever the server is away.
@Suite("The game server's link")
struct GameServerLinkTests {
    let s: Int64 = 1_000_000_000

    /// A server on the fixture's clock, no NTP server reachable (the anchors are the only network time), and a backend
    /// forwarding the link for `player`.
    static func world(player: String) throws -> (ServerFixture, EarningsServer, LinkBackend) {
        let fixture = ServerFixture()
        fixture.network.set(.unreachable)
        let server = try fixture.server()
        return (fixture, server, LinkBackend(server, player: player))
    }

    func game(_ fixture: ServerFixture, _ backend: LinkBackend, budget: Int64 = 0) throws -> OfflineEarnings {
        var configuration = EarningsConfiguration(gameServer: backend.link)
        configuration.clock = fixture.clock
        configuration.networkTime = fixture.network
        configuration.connectivityProbe = fixture.probe
        configuration.gameServerBudgetNanoseconds = budget
        return try OfflineEarnings(directory: fixture.directory + "/game", configuration: configuration)
    }

    /// The record types of the game's journal, read back under `key`.
    func recordTypes(_ fixture: ServerFixture, key: JournalKey, path: String? = nil) throws -> [String] {
        var types: [String] = []
        let verification = try JournalReader.read(path: path ?? fixture.directory + "/game/journal.jsonl", key: key) { types.append($0.type) }
        #expect(verification.failure == nil)
        return types
    }

    func journalID(_ fixture: ServerFixture, path: String? = nil) throws -> String {
        let bytes = try #require(FileManager.default.contents(atPath: path ?? fixture.directory + "/game/journal.jsonl"))
        let header = try #require(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first)
        let range = try #require(header.range(of: #""journal_id":""#))
        return String(header[range.upperBound...].prefix(32))
    }

    @Test("Enrolled at the first launch, anchored at launch, departure and return; the upload is paid what the device showed, every anchor verified")
    func tenLines() async throws {
        let (fixture, server, backend) = try Self.world(player: "ann")
        defer { fixture.cleanUp() }
        let enrollment: Enrollment
        do {
            let earnings = try game(fixture, backend)
            #expect(try await earnings.launch() == nil)
            #expect(backend.messages.count == 2 && backend.messages[0] == "enroll" && backend.messages[1].hasPrefix("pr1."), "\(backend.messages)")
            let kept = fixture.directory + "/game/enrollment.txt"
            let keptText = try String(contentsOfFile: kept, encoding: .utf8)
            enrollment = try #require(Enrollment(text: keptText.trimmingCharacters(in: .newlines)))
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "the kept enrollment holds the journal key: \(String(mode, radix: 8))")
            // The enrolled journal replaced the bare header this start created: its first record is the enrollment's anchor.
            #expect(try journalID(fixture) == enrollment.journalID)
            #expect(earnings.journalKey.keyID == (try JournalKey(bytes: enrollment.key)).keyID)
            #expect(try recordTypes(fixture, key: earnings.journalKey) == ["anchor", "anchor", "session.launch"])
            let bare = try #require(
                try FileManager.default.contentsOfDirectory(atPath: fixture.directory + "/game")
                    .first { $0.hasPrefix("journal.jsonl.replaced-") }, "the bare header this start made is kept aside")
            #expect(
                try recordTypes(
                    fixture, key: try KeyFile.load(path: fixture.directory + "/game/player.key"),
                    path: fixture.directory + "/game/" + bare
                ).isEmpty)

            fixture.clock.advance(nanoseconds: 60 * s)
            try earnings.background(goldPerHour: 600)
            await earnings.stampDeparture()
            fixture.clock.advance(nanoseconds: 65 * s)
            let payout = try #require(try await earnings.foreground())
            #expect(try await earnings.settle().isEmpty)
            #expect(backend.messages.count == 4 && backend.messages.dropFirst().allSatisfy { $0.hasPrefix("pr1.") }, "\(backend.messages)")
            #expect(
                try recordTypes(fixture, key: earnings.journalKey)
                    == ["anchor", "anchor", "session.launch", "session.background", "anchor", "session.foreground", "claim", "anchor"])
            #expect(payout.goldNow == 5)

            fixture.clock.advance(nanoseconds: s)
            let upload = try await server.acceptUpload(try fixture.journalBytes(), player: "ann")
            #expect(upload.decision.findings.allSatisfy { $0.kind != .anchorRejected }, "\(upload.decision.findings)")
            #expect(upload.isClean, "\(upload.decision.findings)")
            #expect(upload.paidGold == payout.goldNow)
        }
        // The next start reads the kept enrollment: no second "enroll".
        let again = try game(fixture, backend)
        _ = try await again.launch()
        #expect(backend.messages.filter { $0 == "enroll" }.count == 1)
        #expect(try journalID(fixture) == enrollment.journalID)
    }

    @Test(
        "Offline at the first launch: the device records under its own key, enrolls when online, and the enrolled journal begins at the next start with no session open"
    )
    func offlineFirst() async throws {
        let (fixture, server, backend) = try Self.world(player: "bo")
        defer { fixture.cleanUp() }
        fixture.probe.set(Connectivity(state: .offline, reason: "no-route"))
        var earnings: OfflineEarnings? = try game(fixture, backend)
        #expect(try await earnings!.launch() == nil)
        try earnings!.background(goldPerHour: 600)
        await earnings!.stampDeparture()
        fixture.clock.advance(nanoseconds: 90 * s)
        let offline = try #require(try await earnings!.foreground())
        #expect(offline.goldNow == 7)
        #expect(backend.messages.isEmpty, "offline: nothing is asked (\(backend.messages))")
        let own = try KeyFile.load(path: fixture.directory + "/game/player.key")
        let ownID = try journalID(fixture)

        fixture.probe.set(Connectivity(state: .unknown, reason: "interfaces-up"))
        #expect(try await earnings!.settle().isEmpty)
        #expect(backend.messages == ["enroll"])
        // Kept for the next start; this journal holds records, so it goes on under the device's own key meanwhile.
        #expect(FileManager.default.fileExists(atPath: fixture.directory + "/game/enrollment.txt"))
        #expect(earnings!.journalKey.keyID == own.keyID)
        #expect(try journalID(fixture) == ownID)

        earnings = nil
        let enrolled = try game(fixture, backend)
        #expect(try journalID(fixture) != ownID)
        #expect(try recordTypes(fixture, key: enrolled.journalKey) == ["anchor"])
        let replaced = fixture.directory + "/game/journal.jsonl.replaced-" + ownID
        #expect(try recordTypes(fixture, key: own, path: replaced).contains("claim"), "the own journal is kept whole")
        _ = try await enrolled.launch()
        #expect(backend.messages.filter { $0 == "enroll" }.count == 1)
    }

    @Test(
        "A link that throws, answers nonsense or a token of another journal never fails a call, and the game is paid as without it",
        arguments: ["throws", "nonsense", "foreign token"])
    func serverAway(_ mode: String) async throws {
        let (fixture, server, backend) = try Self.world(player: "cy")
        defer { fixture.cleanUp() }
        let foreign = try await server.anchor("pr1." + String(repeating: "ab", count: 16) + ".0.-", player: "cy")
        backend.failure = { text in
            switch mode {
            case "throws": throw LinkUnreachable()
            case "nonsense": return text == "enroll" ? "pe1.nonsense" : "hello"
            default: return text == "enroll" ? "" : foreign
            }
        }
        let earnings = try game(fixture, backend)
        #expect(try await earnings.launch() == nil)
        try earnings.background(goldPerHour: 600)
        await earnings.stampDeparture()
        fixture.clock.advance(nanoseconds: 90 * s)
        let payout = try #require(try await earnings.foreground())
        _ = try await earnings.settle()
        #expect(payout.goldNow == 7)
        #expect(backend.messages.first == "enroll" && backend.messages.count >= 4, "\(backend.messages)")
        #expect(!FileManager.default.fileExists(atPath: fixture.directory + "/game/enrollment.txt"))
        #expect(!(try recordTypes(fixture, key: earnings.journalKey)).contains("anchor"))
    }

    @Test("A link that never answers is left at the budget (on the game's clock): the calls return, nothing is recorded of it")
    func slowServer() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.unreachable)
        let hanging: @Sendable (String) async throws -> String = { _ in
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return "late"
        }
        var configuration = EarningsConfiguration(gameServer: hanging)
        configuration.clock = fixture.clock
        configuration.networkTime = fixture.network
        configuration.connectivityProbe = fixture.probe
        let earnings = try OfflineEarnings(directory: fixture.directory + "/game", configuration: configuration)
        let before = fixture.clock.read().bootNanoseconds
        #expect(try await earnings.launch() == nil)
        // Two exchanges (the enrollment, the launch's anchor), each abandoned after the default 2 s of the game's clock.
        #expect(fixture.clock.read().bootNanoseconds - before == 4 * s)
        try earnings.background(goldPerHour: 600)
        await earnings.stampDeparture()
        fixture.clock.advance(nanoseconds: 90 * s)
        #expect(try await earnings.foreground() != nil)
        #expect(try recordTypes(fixture, key: earnings.journalKey) == ["session.launch", "session.background", "session.foreground", "claim"])
    }

    @Test("A damaged enrolled journal: the device asks the link for a new enrollment once, keeps it, and begins it at the next start")
    func reenrollsAfterDamage() async throws {
        let (fixture, server, backend) = try Self.world(player: "ed")
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try game(fixture, backend)
        _ = try await earnings!.launch()
        try earnings!.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 90 * s)
        _ = try await earnings!.foreground()
        let firstID = try journalID(fixture)
        earnings = nil
        // A bad block in the middle: line 3 (the launch's anchor) loses a digit of its MAC.
        let path = fixture.directory + "/game/journal.jsonl"
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var line = Array(lines[2])
        line[line.count - 3] = line[line.count - 3] == "0" ? "1" : "0"  // the last hex digit, before `"}`
        lines[2] = String(line)
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)

        earnings = try game(fixture, backend)
        #expect(earnings!.quarantinedJournal != nil)
        #expect(earnings!.needsEnrollment)
        _ = try await earnings!.launch()
        #expect(backend.messages.filter { $0 == "enroll" }.count == 2)
        let second = try #require(
            Enrollment(
                text: try String(contentsOfFile: fixture.directory + "/game/enrollment.txt", encoding: .utf8)
                    .trimmingCharacters(in: .newlines)))
        #expect(second.journalID != firstID)
        _ = try await earnings!.settle()
        #expect(backend.messages.filter { $0 == "enroll" }.count == 2, "asked once per start at most")
        earnings = nil
        let next = try game(fixture, backend)
        #expect(!next.needsEnrollment)
        #expect(try journalID(fixture) == second.journalID)
    }
}
