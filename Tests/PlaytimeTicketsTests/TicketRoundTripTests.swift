import Foundation
import PlaytimeRewards
import PlaytimeTestSupport
import PlaytimeTickets
import Testing

@Suite("Issue and redeem")
struct TicketRoundTripTests {
    typealias F = TicketFixtures

    @Test("issue, send as text, redeem three hours later by the server clock")
    func roundTrip() throws {
        let clock = ManualClock(wallNanoseconds: F.start)
        let authority = F.authority()
        let ticket = try authority.issue(player: "p1", session: "s1", rate: 600, at: clock.read().wallNanoseconds)
        #expect(ticket.keyID == "k2026")
        #expect(ticket.policyVersion == "default-1")
        #expect(ticket.expiresAt == F.start + 7 * 86_400 * F.second)
        #expect(ticket.tag.count == 32)
        let text = try ticket.encodedText()
        #expect(text.hasPrefix("pt1."))
        #expect(try DepartureTicket.parse(text) == ticket)

        clock.advance(nanoseconds: 3 * F.hour + 999_999_999)
        let redemption = try authority.redeem(text, player: "p1", at: clock.read().wallNanoseconds)
        #expect(redemption.elapsedSeconds == 3 * 3600)
        #expect(redemption.ticket == ticket)
        #expect(redemption.breakdown.status == .verified)
        // default policy: 2 h at 100 % + 1 h at 50 % = 2.5 h, × 600 gold/h × 50 % efficiency = 750.
        #expect(redemption.breakdown.totalGold == 750)
        #expect(redemption.breakdown.paidNow == 750)
    }

    @Test("the snapshotted rate is paid, not the policy's current default rate")
    func rateSnapshot() throws {
        var upgraded = RewardPolicy.default
        upgraded.goldPerHour = 50_000  // the "current" rate is far higher than the ticket's
        let authority = F.authority(policy: upgraded)
        let ticket = try authority.issue(player: "p1", session: "s1", rate: 1000, at: F.start)
        let redemption = try authority.redeem(ticket, player: "p1", at: F.start + 3 * F.hour)
        #expect(redemption.breakdown.goldPerHour == 1000)
        #expect(redemption.breakdown.totalGold == 1250)  // 2.5 h × 1000 × 50 %
        // Raising the rate inside the ticket breaks the tag.
        var edited = try authority.issue(player: "p1", session: "s2", rate: 1000, at: F.start)
        edited.goldPerHour = 50_000
        #expect(throws: TicketError.forged) { try authority.redeem(edited, player: "p1", at: F.start + F.hour) }
    }

    @Test("a multiplier the server granted is applied once and reported as used; without a grant there is none")
    func multiplier() throws {
        let grants = StaticMultiplierGrants(perSession: [SessionKey(player: "p1", session: "s1"): ["ad", "ad"]])
        let authority = F.authority(grants: grants)
        let ticket = try authority.issue(player: "p1", session: "s1", rate: 600, at: F.start)
        let redemption = try authority.redeem(ticket, player: "p1", at: F.start + F.hour)
        #expect(redemption.breakdown.totalGold == 600)  // 1 h × 600 × 50 % × 2, once
        #expect(redemption.breakdown.usedMultipliersAfter == ["ad"])
        #expect(redemption.paidGold == 600)
        let other = try authority.issue(player: "p1", session: "s2", rate: 600, at: F.start)
        #expect(try authority.redeem(other, player: "p1", at: F.start + F.hour).breakdown.totalGold == 300)
    }

    @Test("a ticket from a retained policy is paid under that policy")
    func retainedPolicy() throws {
        var next = RewardPolicy.default
        next.version = "default-2"
        next.efficiencyPercent = 100
        let old = F.authority()
        let ticket = try old.issue(player: "p1", session: "s1", rate: 600, at: F.start)
        let strict = F.authority(policy: next)
        #expect(throws: TicketError.unknownPolicy("default-1")) { try strict.redeem(ticket, player: "p1", at: F.start + F.hour) }
        let keeping = F.authority(policy: next, retained: [.default])
        let redemption = try keeping.redeem(ticket, player: "p1", at: F.start + F.hour)
        #expect(redemption.breakdown.policyVersion == "default-1")
        #expect(redemption.breakdown.totalGold == 300)
    }

    @Test("JSON form round-trips; nonce and tag are hex")
    func json() throws {
        let ticket = try F.authority().issue(player: "ünïcode 玩家", session: "s", rate: 7, at: F.start)
        let data = try JSONEncoder().encode(ticket)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect((object?["nonce"] as? String)?.count == 32)
        #expect((object?["tag"] as? String)?.count == 64)
        #expect(try JSONDecoder().decode(DepartureTicket.self, from: data) == ticket)
    }

    @Test("elapsed is floored to whole seconds and never negative")
    func elapsedFloor() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
        // Redeemed 2 s "before" issue (within the 5 s skew): elapsed 0, below the minimum, pays 0.
        let early = try authority.redeem(ticket, player: "p", at: F.start - 2 * F.second)
        #expect(early.elapsedSeconds == 0)
        #expect(early.breakdown.totalGold == 0)
    }

    @Test("random nonces differ")
    func nonces() throws {
        let authority = F.authority()
        let nonces = try (0..<100).map { _ in try authority.issue(player: "p", session: "s", rate: 1, at: F.start).nonce }
        #expect(Set(nonces).count == 100)
    }
}
