import PlaytimeRewards
import Testing

/// Numbers pinned by hand from the default policy: 600 gold/h, minimum 60 s,
/// cap 8 h, 100 % for 2 h then 50 %, efficiency 50 %, ad ×2, shares 100/50/0.
@Suite("Hand-computed rewards")
struct ExactExampleTests {
    let calculator = Defaults.calculator

    @Test("3 h verified: (2 h × 600 + 1 h × 300) × 50 % = 750")
    func threeHours() throws {
        let b = try calculator.calculate(creditedSeconds: 3 * 3600, status: .verified, goldPerHour: 600)
        #expect(b.totalGold == 750)
        #expect(b.paidNow == 750)
        #expect(b.escrowed == 0 && b.forfeited == 0)
        #expect(b.tiers.map(\.seconds) == [7200, 3600])
        #expect(b.tiers.map(\.gold) == [600, 150])
        #expect(!b.capped && !b.belowMinimum)
    }

    @Test("the ad multiplier doubles once and is then used for the session")
    func adMultiplier() throws {
        let first = try calculator.calculate(creditedSeconds: 3 * 3600, status: .verified, goldPerHour: 600, requestedMultipliers: ["ad"])
        #expect(first.totalGold == 1500)
        #expect(first.multipliers == [MultiplierDecision(name: "ad", percent: 200, outcome: .applied)])
        #expect(first.usedMultipliersAfter == ["ad"])
        let second = try calculator.calculate(
            creditedSeconds: 3 * 3600, status: .verified, goldPerHour: 600,
            requestedMultipliers: ["ad", "ad", "gem"], usedMultipliers: Set(first.usedMultipliersAfter))
        #expect(second.totalGold == 750)
        #expect(second.multipliers.map(\.outcome) == [.alreadyUsed, .duplicateRequest, .unknown])
    }

    @Test("10 h is capped at 8 h: (1200 + 6 h × 300) × 50 % = 1500, ×2 with the ad = 3000")
    func capped() throws {
        let b = try calculator.calculate(creditedSeconds: 10 * 3600, status: .verified, goldPerHour: 600, requestedMultipliers: ["ad"])
        #expect(b.capped)
        #expect(b.consideredSeconds == 8 * 3600)
        #expect(b.totalGold == 3000)
    }

    @Test("below the minimum nothing is paid and the multiplier is not consumed")
    func belowMinimum() throws {
        let b = try calculator.calculate(creditedSeconds: 59, status: .verified, goldPerHour: 600, requestedMultipliers: ["ad"])
        #expect(b.belowMinimum)
        #expect(b.totalGold == 0 && b.paidNow == 0)
        #expect(b.multipliers.first?.outcome == .nothingToMultiply)
        #expect(b.usedMultipliersAfter.isEmpty)
        let atMinimum = try calculator.calculate(creditedSeconds: 60, status: .verified, goldPerHour: 600)
        #expect(atMinimum.totalGold == 5)  // 1 min × 10 gold/min × 50 %
    }

    @Test("rounding floors the exact value once: 61 s → 5.083 → 5; provisional 2.54 → 2 paid, 3 escrowed")
    func rounding() throws {
        let verified = try calculator.calculate(creditedSeconds: 61, status: .verified, goldPerHour: 600)
        #expect(verified.totalGold == 5)
        let provisional = try calculator.calculate(creditedSeconds: 61, status: .provisional, goldPerHour: 600)
        #expect(provisional.paidNow == 2)
        #expect(provisional.escrowed == 3)
        #expect(provisional.forfeited == 0)
        let rejected = try calculator.calculate(creditedSeconds: 3 * 3600, status: .rejected, goldPerHour: 600)
        #expect(rejected.paidNow == 0 && rejected.escrowed == 0 && rejected.forfeited == 750)
    }

    @Test("one floor over the whole expression, not one per tier")
    func floorOnce() throws {
        var policy = RewardPolicy.default
        policy.tiers = [RewardTier(upToSeconds: 1800, percent: 100), RewardTier(upToSeconds: nil, percent: 100)]
        policy.efficiencyPercent = 100
        policy.minimumAwaySeconds = 0
        let calculator = try RewardCalculator(policy: policy)
        let b = try calculator.calculate(creditedSeconds: 3600, status: .verified, goldPerHour: 1)
        #expect(b.tiers.map(\.gold) == [0, 0])  // 0.5 + 0.5, each floored for display
        #expect(b.totalGold == 1)
    }

    @Test("a ×1.5 multiplier stacks multiplicatively with ×2 and stays exact")
    func stacking() throws {
        var policy = RewardPolicy.default
        policy.multipliers.append(RewardMultiplier(name: "event", percent: 150))
        let calculator = try RewardCalculator(policy: policy)
        let b = try calculator.calculate(creditedSeconds: 3 * 3600, status: .verified, goldPerHour: 7, requestedMultipliers: ["ad", "event"])
        // 3 h at 7 gold/h: (2 × 7 + 1 × 3.5) × 0.5 × 2 × 1.5 = 26.25 → 26
        #expect(b.totalGold == 26)
    }

    @Test("extreme inputs saturate instead of trapping; a negative rate is refused")
    func extremes() throws {
        let b = try calculator.calculate(creditedSeconds: .max, status: .verified, goldPerHour: .max, requestedMultipliers: ["ad"])
        #expect(b.capped)
        // 8 h at Int64.max gold/h is far above Int64.max gold: clamped.
        #expect(b.totalGold == .max)
        #expect(b.saturated)
        let negative = try calculator.calculate(creditedSeconds: .min, status: .verified, goldPerHour: 0)
        #expect(negative.totalGold == 0)
        #expect(throws: RewardCalculationError.negativeRate(-1)) {
            try calculator.calculate(creditedSeconds: 3600, status: .verified, goldPerHour: -1)
        }
    }
}
