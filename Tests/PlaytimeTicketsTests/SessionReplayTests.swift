import Foundation
import PlaytimeTickets
import Testing

/// One payment per (player, session), ids compared byte for byte, and the replay file's format 2.
@Suite("One payment per session")
struct SessionReplayTests {
    typealias F = TicketFixtures
    /// `café` with a precomposed é (NFC) and with e + combining acute (NFD): equal as Swift strings.
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    @Test("two tickets for one (player, session): the first pays, the second is already redeemed")
    func secondTicketOfSessionRefused() throws {
        let authority = F.authority()
        let first = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        let second = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(first.nonce != second.nonce)
        _ = try authority.redeem(first, player: "p", at: F.start + F.hour)
        #expect(throws: TicketError.alreadyRedeemed) { try authority.redeem(second, player: "p", at: F.start + F.hour) }
        // Other sessions and other players' sessions of the same name still pay.
        _ = try authority.redeem(try authority.issue(player: "p", session: "s2", rate: 600, at: F.start), player: "p", at: F.start + F.hour)
        _ = try authority.redeem(try authority.issue(player: "q", session: "s", rate: 600, at: F.start), player: "q", at: F.start + F.hour)
    }

    @Test("the guard says why: a reused nonce is alreadyUsed, a paid session sessionAlreadyPaid; nothing is recorded on refusal")
    func decisions() throws {
        let guardian = InMemoryReplayGuard()
        let a = TicketNonce(high: 1, low: 1)
        let b = TicketNonce(high: 2, low: 2)
        #expect(try guardian.consume(F.claim(a, expiresAt: F.start + F.hour, session: "s"), now: F.start) == .firstUse)
        #expect(try guardian.consume(F.claim(a, expiresAt: F.start + F.hour, session: "t"), now: F.start) == .alreadyUsed)
        #expect(try guardian.consume(F.claim(b, expiresAt: F.start + F.hour, session: "s"), now: F.start) == .sessionAlreadyPaid)
        // The refused claims recorded nothing: session t and nonce b are still new.
        #expect(try guardian.consume(F.claim(b, expiresAt: F.start + F.hour, session: "t"), now: F.start) == .firstUse)
    }

    @Test("a paid session stays paid after a restart of the file guard, and is remembered past its ticket's expiry")
    func sessionDurable() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let lifetime = TicketAuthority.defaultLifetimeSeconds * F.second
            let second: DepartureTicket
            do {
                let authority = F.authority(replayGuard: try FileReplayGuard(path: path))
                let first = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
                second = try authority.issue(player: "p", session: "s", rate: 600, at: F.start + 1000 * F.second)
                _ = try authority.redeem(first, player: "p", at: F.start + F.hour)
            }
            let guardian = try FileReplayGuard(path: path)
            // Collect after the first ticket expired but before the second did: the session key must survive.
            _ = try guardian.compact(now: F.start + lifetime + F.second)
            let restarted = F.authority(replayGuard: try FileReplayGuard(path: path))
            #expect(throws: TicketError.alreadyRedeemed) { try restarted.redeem(second, player: "p", at: F.start + lifetime + 2 * F.second) }
        }
    }

    @Test("32 tickets of one session redeemed at once, through two file guards on one file: exactly one pays")
    func concurrentSession() async throws {
        try await F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let servers = [
                F.authority(replayGuard: try FileReplayGuard(path: path)),
                F.authority(replayGuard: try FileReplayGuard(path: path)),
            ]
            let texts = try (0..<32).map { _ in try servers[0].issue(player: "p", session: "one", rate: 600, at: F.start).encodedText() }
            let outcomes = await ConcurrentRedemption.run(tasks: 32) { index throws(TicketError) in
                try servers[index % 2].redeem(texts[index], player: "p", at: F.start + F.hour)
            }
            #expect(outcomes.paid == 1)
            #expect(outcomes.alreadyRedeemed == 31)
            #expect(outcomes.other.isEmpty)
        }
    }

    @Test("player ids compare byte for byte: a ticket for NFD café is not redeemed by NFC café")
    func unicodeEquivalence() throws {
        #expect(Self.nfc == Self.nfd, "Swift String == is canonical equivalence")
        #expect(PlayerKey(Self.nfc) != PlayerKey(Self.nfd))
        #expect(SessionKey(player: Self.nfc, session: "s") != SessionKey(player: Self.nfd, session: "s"))
        let authority = F.authority()
        let ticket = try authority.issue(player: Self.nfd, session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.otherPlayer) { try authority.redeem(ticket, player: Self.nfc, at: F.start + F.hour) }
        #expect(throws: TicketError.otherPlayer) { try authority.verify(ticket, player: Self.nfc, at: F.start + F.hour) }
        // Refused without consuming: the right player still redeems it.
        #expect(try authority.redeem(ticket, player: Self.nfd, at: F.start + F.hour).paidGold == 300)
    }

    @Test("replay and session keys compare byte for byte: NFC and NFD sessions are different sessions")
    func sessionBytes() throws {
        let guardian = InMemoryReplayGuard()
        #expect(try guardian.consume(F.claim(TicketNonce(high: 1, low: 1), expiresAt: F.start + F.hour, session: Self.nfc), now: F.start) == .firstUse)
        #expect(try guardian.consume(F.claim(TicketNonce(high: 1, low: 2), expiresAt: F.start + F.hour, session: Self.nfd), now: F.start) == .firstUse)
        #expect(
            try guardian.consume(F.claim(TicketNonce(high: 1, low: 3), expiresAt: F.start + F.hour, session: Self.nfc), now: F.start)
                == .sessionAlreadyPaid)
    }

    @Test("a format-1 replay file is upgraded in place: its nonces stay used; an unknown version is refused")
    func formatUpgrade() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let nonce = TicketNonce(high: 0xfeed, low: 7)
            var v1 = "playtime-replay v1 horizon 8000000000000000\n"
            v1 += "000000000000feed0000000000000007 18ecfb6db3c4a000\n"  // expires F.start + 1 h
            v1 += "000000000000feed00000000"  // a torn tail, never acknowledged
            try Data(v1.utf8).write(to: URL(fileURLWithPath: path))
            let guardian = try FileReplayGuard(path: path)
            #expect(guardian.liveCount == 1)
            let text = String(decoding: F.contents(path), as: UTF8.self)
            #expect(text.hasPrefix("playtime-replay v2 horizon 8000000000000000\n"))
            #expect(F.contents(path).count == 44 + 132)
            #expect(try guardian.consume(F.claim(nonce, expiresAt: F.start + F.hour), now: F.start) == .alreadyUsed)
            #expect(try guardian.consume(F.claim(TicketNonce(high: 1, low: 1), expiresAt: F.start + F.hour), now: F.start) == .firstUse)
            #expect(try FileReplayGuard(path: path).liveCount == 2)

            let future = directory + "/future"
            try Data("playtime-replay v3 horizon 8000000000000000\n".utf8).write(to: URL(fileURLWithPath: future))
            #expect(throws: TicketStoreError.unsupportedVersion(path: future, header: "playtime-replay v3 horizon 8000000000000000")) {
                try FileReplayGuard(path: future)
            }
        }
    }
}
