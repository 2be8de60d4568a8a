@_spi(Testing) import PlaytimeGuard
import PropertyTesting
import Testing

/// The auditor pays from `payment(_:goldPerHour:…)`, the game shows `calculate(_:goldPerHour:…)`: for any verdict,
/// held time in escrow included, they must give the same four figures.
@Suite("Verdict payment figures")
struct VerdictPaymentTests {
    @Test("payment equals calculate's figures for verdicts with and without held time (property)")
    func sameFigures() throws {
        let hour: Int64 = 3_600_000_000_000
        let gen = Gen.zip(
            Gen<Int64>.int(in: -hour...(30 * hour)), Gen<Int64>.int(in: 0...(30 * hour)),
            Gen.element(of: ProofStatus.allCases), Gen<Int64>.int(in: 0...10_000))
        let calculator = try RewardCalculator(policy: .default)
        try PropertyCheck.check(gen, name: "verdict payment equals the breakdown") { lower, held, status, rate in
            let verdict = ElapsedVerdict(
                sessionID: "s", lowerNanoseconds: lower, upperNanoseconds: nil, method: .uptimeBound,
                status: status, flags: [], heldNanoseconds: held)
            let breakdown = try calculator.calculate(verdict, goldPerHour: rate)
            let payment = try calculator.payment(verdict, goldPerHour: rate)
            try PropertyCheck.expect(
                payment
                    == RewardPayment(
                        totalGold: breakdown.totalGold, paidNow: breakdown.paidNow,
                        escrowed: breakdown.escrowed, forfeited: breakdown.forfeited),
                "lower \(lower) held \(held) \(status) rate \(rate): \(payment)")
        }
    }
}
