import PlaytimeRewards
import PlaytimeTickets
import Testing

/// Threat 13 (replay a claim to the server) and its neighbours: every refusal has its own reason.
@Suite("Refused tickets")
struct TicketRefusalTests {
    typealias F = TicketFixtures

    @Test("a redeemed ticket cannot be redeemed again, as text or as a value")
    func replay() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "p1", session: "s1", rate: 600, at: F.start)
        _ = try authority.redeem(ticket, player: "p1", at: F.start + F.hour)
        #expect(throws: TicketError.alreadyRedeemed) { try authority.redeem(ticket, player: "p1", at: F.start + 2 * F.hour) }
        #expect(throws: TicketError.alreadyRedeemed) {
            try authority.redeem(try ticket.encodedText(), player: "p1", at: F.start + 2 * F.hour)
        }
    }

    @Test("expired: at and after expiresAt")
    func expired() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "p1", session: "s1", rate: 600, at: F.start)
        #expect(throws: TicketError.expired(expiresAt: ticket.expiresAt, now: ticket.expiresAt)) {
            try authority.redeem(ticket, player: "p1", at: ticket.expiresAt)
        }
        #expect(throws: TicketError.expired(expiresAt: ticket.expiresAt, now: ticket.expiresAt + F.hour)) {
            try authority.redeem(ticket, player: "p1", at: ticket.expiresAt + F.hour)
        }
        // One nanosecond before expiry it still pays (capped at 8 h by the policy).
        let paid = try authority.redeem(ticket, player: "p1", at: ticket.expiresAt - 1)
        #expect(paid.breakdown.capped)
    }

    @Test("another player's ticket is refused and stays redeemable by its owner")
    func otherPlayer() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "alice", session: "s1", rate: 600, at: F.start)
        #expect(throws: TicketError.otherPlayer) { try authority.redeem(ticket, player: "mallory", at: F.start + F.hour) }
        _ = try authority.redeem(ticket, player: "alice", at: F.start + F.hour)
    }

    @Test("issued in the future beyond the skew: notYetValid; within the skew: accepted")
    func futureDated() throws {
        let authority = F.authority()
        let ahead = try authority.issue(player: "p", session: "s", rate: 600, at: F.start + F.hour)
        #expect(throws: TicketError.notYetValid(issuedAt: F.start + F.hour, now: F.start)) {
            try authority.redeem(ahead, player: "p", at: F.start)
        }
        let slightly = try authority.issue(player: "p", session: "s", rate: 600, at: F.start + 5 * F.second)
        #expect(try authority.redeem(slightly, player: "p", at: F.start).elapsedSeconds == 0)
        let beyond = try authority.issue(player: "p", session: "s", rate: 600, at: F.start + 5 * F.second + 1)
        #expect(throws: TicketError.notYetValid(issuedAt: beyond.issuedAt, now: F.start)) {
            try authority.redeem(beyond, player: "p", at: F.start)
        }
    }

    @Test("a key id the authority does not accept: unknownKey; same id, other secret: forged")
    func unknownKeyAndForgedKey() throws {
        let stranger = F.authority(keys: try TicketKeyRing(current: F.nextKey))
        let ticket = try stranger.issue(player: "p", session: "s", rate: 600, at: F.start)
        let authority = F.authority()
        #expect(throws: TicketError.unknownKey("k2027")) { try authority.redeem(ticket, player: "p", at: F.start + F.hour) }

        let impostorKey = try TicketKey(id: "k2026", secret: Array(repeating: 7, count: 32))
        let impostor = F.authority(keys: try TicketKeyRing(current: impostorKey))
        let fake = try impostor.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.forged) { try authority.redeem(fake, player: "p", at: F.start + F.hour) }
    }

    @Test("every field edit breaks the tag")
    func fieldEdits() throws {
        let authority = F.authority()
        let original = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        let edits: [(inout DepartureTicket) -> Void] = [
            { $0.playerID = "q" }, { $0.sessionID = "t" }, { $0.issuedAt -= F.hour }, { $0.expiresAt += F.hour },
            { $0.goldPerHour += 1 }, { $0.nonce.low ^= 1 }, { $0.tag[0] ^= 0x80 }, { $0.tag[31] ^= 1 },
        ]
        for edit in edits {
            var ticket = original
            edit(&ticket)
            #expect(throws: (any Error).self) { try authority.redeem(ticket, player: ticket.playerID, at: F.start + F.hour) }
        }
        var truncated = original
        truncated.tag.removeLast()
        #expect(throws: TicketError.malformed(.invalidTagLength(31))) { try authority.redeem(truncated, player: "p", at: F.start) }
        _ = try authority.redeem(original, player: "p", at: F.start + F.hour)
    }

    @Test("key rotation: the old key verifies while accepted, then is refused")
    func rotation() throws {
        let guardian = InMemoryReplayGuard()
        let before = F.authority(replayGuard: guardian)
        let first = try before.issue(player: "p", session: "s1", rate: 600, at: F.start)
        let second = try before.issue(player: "p", session: "s2", rate: 600, at: F.start)

        let rotating = before.withKeys(try TicketKeyRing(current: F.nextKey, alsoAccepted: [F.key]))
        #expect(rotating.keys.acceptedIDs == ["k2026", "k2027"])
        let fresh = try rotating.issue(player: "p", session: "s3", rate: 600, at: F.start)
        #expect(fresh.keyID == "k2027")
        _ = try rotating.redeem(first, player: "p", at: F.start + F.hour)
        _ = try rotating.redeem(fresh, player: "p", at: F.start + F.hour)
        // The shared guard remembers tickets across the rotation.
        #expect(throws: TicketError.alreadyRedeemed) { try rotating.redeem(first, player: "p", at: F.start + F.hour) }

        let after = rotating.withKeys(try TicketKeyRing(current: F.nextKey))
        #expect(throws: TicketError.unknownKey("k2026")) { try after.redeem(second, player: "p", at: F.start + F.hour) }
    }

    @Test("invalid configuration and inputs are typed errors")
    func configuration() throws {
        #expect(throws: TicketKeyError.secretTooShort(byteCount: 15)) { try TicketKey(id: "k", secret: Array(repeating: 1, count: 15)) }
        #expect(throws: TicketKeyError.invalidID("bad id")) { try TicketKey(id: "bad id", secret: F.secret) }
        #expect(throws: TicketKeyError.duplicateID("k2026")) { try TicketKeyRing(current: F.key, alsoAccepted: [F.key]) }
        let ring = try TicketKeyRing(current: F.key)
        #expect(throws: TicketConfigurationError.invalidLifetime(seconds: 0)) {
            try TicketAuthority(
                keys: ring, policy: .default, lifetimeSeconds: 0, replayGuard: InMemoryReplayGuard(),
                budgetLedger: InMemoryBudgetLedger())
        }
        #expect(throws: TicketConfigurationError.duplicatePolicyVersion("default-1")) {
            try TicketAuthority(
                keys: ring, policy: .default, retainedPolicies: [.default], replayGuard: InMemoryReplayGuard(),
                budgetLedger: InMemoryBudgetLedger())
        }
        let authority = F.authority()
        #expect(throws: TicketFormatError.negativeRate(-1)) { try authority.issue(player: "p", session: "s", rate: -1, at: F.start) }
        #expect(throws: TicketFormatError.invalidLength(field: "playerID", length: 0)) {
            try authority.issue(player: "", session: "s", rate: 1, at: F.start)
        }
        #expect(throws: TicketFormatError.invalidLength(field: "sessionID", length: 257)) {
            try authority.issue(player: "p", session: String(repeating: "x", count: 257), rate: 1, at: F.start)
        }
        // Issuing at the end of time saturates the expiry; expiresAt must still be after issuedAt.
        #expect(throws: TicketFormatError.expiryNotAfterIssue(issuedAt: .max, expiresAt: .max)) {
            try authority.issue(player: "p", session: "s", rate: 1, at: .max)
        }
    }

    @Test("a refused ticket does not use up its nonce")
    func refusalDoesNotConsume() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        #expect(throws: TicketError.otherPlayer) { try authority.redeem(ticket, player: "x", at: F.start + F.hour) }
        #expect(throws: TicketError.notYetValid(issuedAt: F.start, now: F.start - F.hour)) {
            try authority.redeem(ticket, player: "p", at: F.start - F.hour)
        }
        _ = try authority.verify(ticket, player: "p", at: F.start + F.hour)
        _ = try authority.redeem(ticket, player: "p", at: F.start + F.hour)
    }
}
