import PlaytimeRewards
import PropertyTesting
import Testing

/// `payment(_:)`, the auditor's figures-only calculation, gives the same four figures as the breakdown of
/// `calculate(_:)` (both come from one computation in RewardCalculator; this keeps them so).
@Suite("Reward payment figures")
struct RewardPaymentTests {
    @Test("payment equals calculate's total, paid, escrowed and forfeited for any policy and claim (property)")
    func sameFigures() throws {
        let gen = Gen.zip(RewardPropertyTests.input, RewardGen.seconds, Gen.element(of: ["", "ad", "vip"]).array(count: 0...2))
        try PropertyCheck.check(gen, name: "payment equals the breakdown") { input, seconds, used in
            let (calculator, rate, status, requests) = input
            let claim = RewardClaim(
                creditedSeconds: seconds, status: status, goldPerHour: rate, requestedMultipliers: requests,
                usedMultipliers: Set(used.filter { !$0.isEmpty }))
            let breakdown = try calculator.calculate(claim)
            let payment = try calculator.payment(claim)
            try PropertyCheck.expect(
                payment
                    == RewardPayment(
                        totalGold: breakdown.totalGold, paidNow: breakdown.paidNow,
                        escrowed: breakdown.escrowed, forfeited: breakdown.forfeited),
                "payment \(payment), breakdown \(breakdown.totalGold)/\(breakdown.paidNow)/\(breakdown.escrowed)/\(breakdown.forfeited)")
        }
    }

    @Test("a negative rate is refused by both")
    func negativeRate() {
        let claim = RewardClaim(creditedSeconds: 600, status: .verified, goldPerHour: -1)
        #expect(throws: RewardCalculationError.negativeRate(-1)) { try Defaults.calculator.payment(claim) }
        #expect(throws: RewardCalculationError.negativeRate(-1)) { try Defaults.calculator.calculate(claim) }
    }
}
