import PlaytimeTickets
import Testing

/// Garbage collection and the horizon rule of the in-memory guard.
@Suite("In-memory replay guard")
struct ReplayGuardTests {
    typealias F = TicketFixtures
    let a = TicketNonce(high: 1, low: 1)
    let b = TicketNonce(high: 2, low: 2)

    @Test("first use once, then already used; expiry at or before now is expired")
    func basics() throws {
        let guardian = InMemoryReplayGuard()
        #expect(try guardian.consume(F.claim(a, expiresAt: F.start + F.hour), now: F.start) == .firstUse)
        #expect(try guardian.consume(F.claim(a, expiresAt: F.start + F.hour), now: F.start) == .alreadyUsed)
        #expect(try guardian.consume(F.claim(b, expiresAt: F.start), now: F.start) == .expired)
        #expect(guardian.count == 1)
    }

    @Test("collection removes expired nonces, keeps live ones, and a collected nonce can never be first-used again")
    func collection() throws {
        let guardian = InMemoryReplayGuard()
        _ = try guardian.consume(F.claim(a, expiresAt: F.start + 10 * F.second), now: F.start)
        _ = try guardian.consume(F.claim(b, expiresAt: F.start + 100 * F.second), now: F.start)
        #expect(guardian.removeExpired(now: F.start + 50 * F.second) == 1)
        #expect(guardian.count == 1)
        #expect(guardian.horizon == F.start + 50 * F.second)
        // The server clock stepped back: without the horizon `a` would look new.
        #expect(try guardian.consume(F.claim(a, expiresAt: F.start + 10 * F.second), now: F.start + 5 * F.second) == .expired)
        #expect(try guardian.consume(F.claim(b, expiresAt: F.start + 100 * F.second), now: F.start + 5 * F.second) == .alreadyUsed)
    }

    @Test("automatic collection bounds the table when tickets expire")
    func automaticCollection() throws {
        let guardian = InMemoryReplayGuard(collectionThreshold: 64)
        for index in 0..<10_000 {
            let now = F.start + Int64(index) * F.second
            let decision = try guardian.consume(F.claim(TicketNonce(high: 9, low: UInt64(index)), expiresAt: now + 10 * F.second), now: now)
            #expect(decision == .firstUse)
        }
        #expect(guardian.count <= 128)
    }

    @Test("32 concurrent redemptions of one ticket: exactly one pays (in memory)")
    func concurrentInMemory() async throws {
        let authority = F.authority()
        let text = try authority.issue(player: "p", session: "s", rate: 600, at: F.start).encodedText()
        let outcomes = await ConcurrentRedemption.run(tasks: 32) { _ throws(TicketError) in
            try authority.redeem(text, player: "p", at: F.start + F.hour)
        }
        #expect(outcomes.paid == 1)
        #expect(outcomes.alreadyRedeemed == 31)
        #expect(outcomes.other.isEmpty)
    }
}

/// Runs many redemptions at once and tallies the results.
enum ConcurrentRedemption {
    struct Outcomes {
        var paid = 0
        var alreadyRedeemed = 0
        var other: [TicketError] = []
    }

    static func run(tasks: Int, _ redeem: @escaping @Sendable (Int) throws(TicketError) -> Redemption) async -> Outcomes {
        await withTaskGroup(of: Result<Redemption, TicketError>.self) { group in
            for index in 0..<tasks {
                group.addTask { Result { () throws(TicketError) -> Redemption in try redeem(index) } }
            }
            var outcomes = Outcomes()
            for await result in group {
                switch result {
                case .success: outcomes.paid += 1
                case .failure(.alreadyRedeemed): outcomes.alreadyRedeemed += 1
                case .failure(let error): outcomes.other.append(error)
                }
            }
            return outcomes
        }
    }
}
