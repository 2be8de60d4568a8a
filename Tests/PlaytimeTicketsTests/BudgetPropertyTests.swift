import PlaytimeTickets
import PropertyTesting
import Testing

/// The daily budget as a property of whole redemptions.
@Suite("Budget properties")
struct BudgetPropertyTests {
    typealias F = TicketFixtures
    static let day: Int64 = 86_400 * 1_000_000_000

    /// One step: how far the server clock moves (may go back), how long the ticket was out, which of three
    /// players, and whether the same session is tried again.
    static let step = Gen.zip(Gen<Int64>.int(in: -3600...40_000), Gen<Int64>.int(in: 0...20_000), Gen<Int>.int(in: 0...2), Gen<Bool>.bool)

    @Test("many redemptions never exceed the budget in any 24 h window, per player, whatever the clock does")
    func budgetHolds() throws {
        let gen = Gen.zip(Gen<Int64>.int(in: 0...20_000), Gen<Int64>.int(in: 0...7200), Self.step.array(count: 1...60))
        try PropertyCheck.check(gen, name: "daily budget holds for redemptions") { budget, rate, steps in
            let authority = F.authority(policy: F.budgetPolicy(budget: budget), rates: PlayerRates(defaultGoldPerHour: rate))
            var now = F.start
            var latest = Int64.min
            var paid: [Int: [(Int64, Int64)]] = [:]
            var sessions = 0
            for (gap, away, player, repeatSession) in steps {
                now += gap * F.second
                if !repeatSession || sessions == 0 { sessions += 1 }
                let id = "player-\(player)"
                let ticket = try authority.issue(player: id, session: "s\(sessions)", at: now - away * F.second)
                do {
                    let redemption = try authority.redeem(ticket, player: id, at: now)
                    try PropertyCheck.expect(
                        redemption.paidGold + redemption.withheldByBudget == redemption.breakdown.paidNow,
                        "paid + withheld ≠ payable")
                    latest = max(latest, now)
                    paid[player, default: []].append((latest, redemption.paidGold))
                } catch TicketError.alreadyRedeemed {
                    try PropertyCheck.expect(repeatSession, "a fresh session was refused")
                }
            }
            for (player, grants) in paid {
                for (end, _) in grants {
                    let inWindow = grants.filter { $0.0 <= end && end - $0.0 < Self.day }.reduce(Int64(0)) { $0 + $1.1 }
                    try PropertyCheck.expect(inWindow <= budget, "player \(player): window ending \(end) paid \(inWindow) > \(budget)")
                }
            }
        }
    }
}
