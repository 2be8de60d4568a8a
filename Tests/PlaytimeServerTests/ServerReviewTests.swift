import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// Adversarial review of the server facade with journal version 2 (docs/journal-format.md §13, docs/facades.md):
/// what a player without the journal key can make the server pay by editing files on the device, copying the
/// game's directory, mixing tickets and uploads, or snapshotting absurd rates. A defeated attack is a passing
/// test; a successful one is wrapped in `withKnownIssue` (the expectation inside is the defended behaviour).
@Suite("Review: the server facade under attack")
struct ServerReviewTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    func sidecar(_ fixture: ServerFixture) -> String { fixture.directory + "/game/journal.jsonl.boot" }

    /// A game process on `directory` with the fixture's clocks (a copy of the game's directory, say).
    func game(_ fixture: ServerFixture, directory: String, clock: ManualClock? = nil) throws -> OfflineEarnings {
        var configuration = EarningsConfiguration()
        configuration.clock = clock ?? fixture.clock
        configuration.networkTime = clock.map { ManualNetworkTimeSource(clock: $0, mode: .offline) } ?? fixture.network
        configuration.connectivityProbe = fixture.probe
        // The same enrollment as the fixture's game (it made one at its first start).
        configuration.enrollment = fixture.enrollment.value
        return try OfflineEarnings(directory: directory, configuration: configuration)
    }

    @Test(
        "attack: the dangling-sidecar replay (see Version2ReviewTests) pays nothing extra on the server either",
        arguments: [false, true])
    func danglingSidecarReplayPaid(wallMovedToMatch: Bool) async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        // The server's own clock: true time, whatever the player does to the device's wall clock.
        let serverClock = ManualClock(wallNanoseconds: fixture.clock.read().wallNanoseconds)
        let server = try fixture.server { configuration in configuration.clock = serverClock }
        func pass(_ nanoseconds: Int64) {
            fixture.clock.advance(nanoseconds: nanoseconds)
            serverClock.advance(nanoseconds: nanoseconds)
        }
        fixture.network.set(.offline)
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 60 * s, uptimeNanoseconds: 120 * s)
        serverClock.advance(nanoseconds: 180 * s)
        game = try fixture.game()
        _ = try #require(try await game!.launch())  // waits for proof
        game = nil
        // A settle() with network time begins generation 1 (sidecar written) and writes no record.
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.network.set(.answer)
        game = try fixture.game()
        _ = try await game!.settle()
        game = nil
        let dangling = try #require(FileManager.default.contents(atPath: sidecar(fixture)))
        // Five hours later generation 1 is begun again (a later origin) and the player departs in it.
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.network.set(.offline)
        pass(5 * hour)
        game = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        // The dangling sidecar restored; back one hour later (the wall clock honest, or moved 5 h ahead to
        // match the journal's boot clock: then the server's clock is 5 h behind the device's wall).
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        #expect(FileManager.default.createFile(atPath: sidecar(fixture), contents: dangling))
        pass(hour)
        if wallMovedToMatch { fixture.clock.setWall(byAdding: 5 * hour) }
        game = try fixture.game()
        let payout = try #require(try await game!.launch())
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game!.journalKey)
        // The pseudonym binds the origin (docs/journal-format.md §13.2): the restored sidecar's segment is
        // another boot for the server, and nothing is credited across the two origins.
        #expect(payout.verdict.creditedSeconds <= 3_600)
        #expect(upload.paidGold <= 3_600 / 12, "paid \(upload.paidGold) gold for 1 h away")
        #expect(upload.paidGold > 0, "the earlier provisional reboot session is still paid")
    }

    @Test("attack: two authentic sidecars of one generation, alternated (later origin before leaving, earlier origin before returning), gain nothing")
    func alternatingSidecars() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        fixture.network.set(.offline)
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 60 * s, uptimeNanoseconds: 120 * s)
        game = try fixture.game()
        _ = try #require(try await game!.launch())
        game = nil
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.network.set(.answer)
        game = try fixture.game()
        _ = try await game!.settle()
        game = nil
        let early = try #require(FileManager.default.contents(atPath: sidecar(fixture)))
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.network.set(.offline)
        fixture.clock.advance(nanoseconds: 5 * hour)
        game = try fixture.game()
        _ = try await game!.launch()
        game = nil
        let late = try #require(FileManager.default.contents(atPath: sidecar(fixture)))
        #expect(early != late, "one generation, two origins")
        let key = try fixture.game().journalKey

        func put(_ bytes: Data) throws {
            try FileManager.default.removeItem(atPath: sidecar(fixture))
            #expect(FileManager.default.createFile(atPath: sidecar(fixture), contents: bytes))
        }
        var payouts: [AwayPayout] = []
        for _ in 0..<3 {
            // Leave under the later origin, return (an hour later) under the earlier one.
            try put(late)
            game = try fixture.game()
            try game!.background(goldPerHour: 600)
            game = nil
            try put(early)
            fixture.clock.advance(nanoseconds: hour)
            game = try fixture.game()
            payouts.append(try #require(try await game!.launch()))
            game = nil
            fixture.clock.advance(nanoseconds: 60 * s)
        }
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: key)
        let credited = payouts.map(\.verdict.creditedSeconds)
        // Two origins, two pseudonyms (docs/journal-format.md §13.2): every round is a "reboot" without a
        // reboot credit, so the swaps gain nothing.
        #expect(credited.allSatisfy { $0 <= 3_600 }, "credited \(credited)")
        #expect(upload.paidGold <= 3 * (3_600 / 12) + 20, "paid \(upload.paidGold) for 3 h away")
    }

    @Test("attack: online too — swapping sidecars around a session with network time at both ends pays the network's hour, and a later swap releases nothing")
    func danglingSidecarEscrowReleased() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        func put(_ bytes: Data) throws {
            try? FileManager.default.removeItem(atPath: sidecar(fixture))
            #expect(FileManager.default.createFile(atPath: sidecar(fixture), contents: bytes))
        }
        // A return waiting for proof (a reboot while the time servers were unreachable), then the dangling sidecar.
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 60 * s, uptimeNanoseconds: 120 * s)
        fixture.network.set(.unreachable)
        game = try fixture.game()
        _ = try #require(try await game!.launch())
        let key = game!.journalKey
        game = nil
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.network.set(.answer)
        game = try fixture.game()
        _ = try await game!.settle()
        game = nil
        let early = try #require(FileManager.default.contents(atPath: sidecar(fixture)))
        // Online from here on. Five hours later: generation 1 again, a departure with network time.
        try FileManager.default.removeItem(atPath: sidecar(fixture))
        fixture.clock.advance(nanoseconds: 5 * hour)
        game = try fixture.game()
        _ = try await game!.launch()
        let departure = try game!.background(goldPerHour: 600)
        #expect(departure.evidence.network != nil)
        game = nil
        let late = try #require(FileManager.default.contents(atPath: sidecar(fixture)))
        // Back after one hour under the earlier origin: network time disagrees, the surplus is escrowed.
        try put(early)
        fixture.clock.advance(nanoseconds: hour)
        game = try fixture.game()
        let first = try #require(try await game!.launch())
        #expect(first.sessionID == departure.evidence.sessionID)
        // Two origins, two pseudonyms: a reboot proven by network time at both ends, the true hour.
        #expect(first.verdict.method == .network)
        #expect((3_599...3_600).contains(first.verdict.creditedSeconds), "paid now: the network's hour")
        game = nil
        // Five hours on, under the later origin again: the next fix agrees with the departure along the
        // (later-origin) boot clock, and its boot reading is past the return's.
        try put(late)
        fixture.clock.advance(nanoseconds: 5 * hour + 60 * s)
        game = try fixture.game()
        let topUps = try await game!.settle()
        let paidOnDevice = first.goldNow + topUps.reduce(0) { $0 + $1.goldNow }
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: key)
        #expect(paidOnDevice <= 3_600 / 12 + 10, "paid \(paidOnDevice) on the device for 1 h away")
        #expect(upload.paidGold <= 3_600 / 12 + 10, "paid \(upload.paidGold) by the server for 1 h away")
    }

    @Test("attack: rebootCredit edited in the uploaded journal (no key) breaks the chain: the forged credit is never paid")
    func forgedRebootCreditRefused() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        fixture.network.set(.offline)
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s)
        game = try fixture.game()
        let payout = try #require(try await game!.launch())
        let honest = try fixture.journalBytes()
        let text = try #require(String(bytes: honest, encoding: .utf8))
        #expect(text.contains(#""rebootCredit":599000000000"#), "the device asserted 599 s")
        let forged = Array(text.replacingOccurrences(of: #""rebootCredit":599000000000"#, with: #""rebootCredit":86399000000000"#).utf8)
        #expect(forged != honest)
        var paid: Int64 = 0
        do {
            paid = try server.acceptUpload(forged, player: "p42", key: game!.journalKey).paidGold
        } catch {
            // Refusing the upload outright is a defence as well.
        }
        #expect(paid <= payout.goldNow, "never more than the honest provisional share")
        // The honest upload afterwards pays the honest share, not less and not more.
        let upload = try server.acceptUpload(honest, player: "p42", key: game!.journalKey)
        #expect(paid + upload.paidGold <= payout.goldNow)
    }

    @Test("attack: a forged reboot (new boot id, boot clock counting 10 days) uploaded: paid at most the provisional cap")
    func forgedRebootUploaded() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        fixture.network.set(.offline)
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        let now = fixture.clock.read()
        let forged = ManualClock(
            wallNanoseconds: now.wallNanoseconds + 10 * 24 * hour, bootNanoseconds: now.bootNanoseconds + 10 * 24 * hour,
            bootID: "forged-boot")
        game = try self.game(fixture, directory: fixture.directory + "/game", clock: forged)
        _ = try #require(try await game!.launch())
        // The server's clock agrees with the forged wall clock (the player really waited), the most it can be.
        fixture.clock.setWall(byAdding: 10 * 24 * hour)
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game!.journalKey)
        #expect(upload.paidGold <= RewardPolicy.default.provisionalCapSeconds / 12, "paid \(upload.paidGold)")
    }

    @Test("a session an upload paid is not paid again by a ticket for it")
    func uploadThenTicket() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        let departure = try game.background(goldPerHour: 600)
        let ticket = try await server.issueTicket(player: "p42", session: departure.evidence.sessionID).encodedText()
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.paidGold == 3_599 / 12)
        do {
            let redeemed = try await server.redeem(ticket, player: "p42")
            Issue.record("the ticket paid \(redeemed.gold) gold for a session the upload paid")
        } catch {
            guard case .alreadyRedeemed? = error.ticketError else {
                Issue.record("refused for another reason: \(error)")
                return
            }
        }
    }

    @Test("the same journal uploaded under a second player id (same key) pays nothing more")
    func sameJournalAnotherPlayer() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let first = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(first.paidGold == 3_599 / 12)
        let second = try server.acceptUpload(try fixture.journalBytes(), player: "p43", key: game.journalKey)
        #expect(second.paidGold == 0)
        // Its enrollment anchor names p42: the journal is p42's, refused whole for anyone else (docs/anchors.md).
        #expect(second.outcome == .rejected)
    }

    @Test("attack: the game's directory (journal, sidecar, key) copied; each copy closes the same departure later: the second upload is a fork, unpaid")
    func copiedDirectoryFork() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        fixture.network.set(.offline)
        var game: OfflineEarnings? = try fixture.game()
        _ = try await game!.launch()
        try game!.background(goldPerHour: 600)
        game = nil
        let copy = fixture.directory + "/copy"
        try FileManager.default.copyItem(atPath: fixture.directory + "/game", toPath: copy)
        #expect(FileManager.default.fileExists(atPath: copy + "/journal.jsonl.boot"))
        fixture.clock.advance(nanoseconds: hour)
        game = try fixture.game()
        let original = try #require(try await game!.launch())
        let key = game!.journalKey
        game = nil
        let paid = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: key)
        #expect(paid.paidGold == original.goldNow)
        fixture.clock.advance(nanoseconds: hour)
        var copied: OfflineEarnings? = try self.game(fixture, directory: copy)
        let second = try #require(try await copied!.launch())
        #expect(second.sessionID == original.sessionID, "the copy closes the same departure, two hours away")
        copied = nil
        let forked = Array(try #require(FileManager.default.contents(atPath: copy + "/journal.jsonl")))
        let upload = try server.acceptUpload(forked, player: "p42", key: key)
        #expect(upload.outcome == .rejected)
        #expect(upload.paidGold == 0)
        #expect(upload.decision.findings.contains { $0.kind == .uploadFork })
    }

    @Test("attack: an absurd rate snapshot (Int64.max gold/h) is paid at the server's rate, without overflow")
    func absurdRate() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        _ = try await game.launch()
        try game.background(goldPerHour: .max)
        fixture.clock.advance(nanoseconds: hour)
        _ = try await game.foreground()
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.paidGold == 3_599 / 12, "the policy's 600 gold/h, not the snapshot")
        #expect(upload.paidGold <= RewardPolicy.default.dailyBudgetGold)
    }
}
