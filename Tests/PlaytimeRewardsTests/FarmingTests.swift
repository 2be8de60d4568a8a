import PlaytimeRewards
import Testing

/// Threat 14: many tiny away periods to farm the first tier of a diminishing curve.
@Suite("Tier farming")
struct FarmingTests {
    @Test("splitting can beat one claim per claim, so the daily budget is the guarantee")
    func splittingBeatsSingleButBudgetHolds() throws {
        let calculator = Defaults.calculator
        let single = try calculator.calculate(creditedSeconds: 8 * 3600, status: .verified, goldPerHour: 600).totalGold
        #expect(single == 1500)
        var ledger = RewardLedger(policy: .default)
        var paid: Int64 = 0
        var earned: Int64 = 0
        // Twelve 2 h claims in one day: each pays the full first tier.
        for index in 0..<12 {
            let b = try calculator.calculate(creditedSeconds: 2 * 3600, status: .verified, goldPerHour: 600)
            earned += b.totalGold
            paid += ledger.record(b, at: Int64(index) * 2 * 3600).granted
        }
        #expect(earned == 7200)  // more than 8 h in one claim would pay
        #expect(paid == 6000)  // the budget stops it
    }

    @Test("claims below the minimum away time earn nothing, however many")
    func tinyClaims() throws {
        var total: Int64 = 0
        for _ in 0..<1000 {
            total += try Defaults.calculator.calculate(creditedSeconds: 59, status: .verified, goldPerHour: 600).totalGold
        }
        #expect(total == 0)
    }
}
