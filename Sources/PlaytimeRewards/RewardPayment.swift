/// The gold of one reward calculation without the steps that led to it: what ``RewardCalculator/payment(_:)``
/// returns, the same four figures as the ``RewardBreakdown`` of ``RewardCalculator/calculate(_:)``.
///
/// Invariant: `paidNow + escrowed + forfeited == totalGold`.
package struct RewardPayment: Sendable, Equatable {
    /// All gold the claim is worth under its status's cap.
    package var totalGold: Int64
    /// Gold paid now (the status's share).
    package var paidNow: Int64
    /// Gold held until proof arrives (provisional claims only).
    package var escrowed: Int64
    /// Gold not paid at all.
    package var forfeited: Int64

    /// Creates the four figures.
    package init(totalGold: Int64, paidNow: Int64, escrowed: Int64, forfeited: Int64) {
        self.totalGold = totalGold
        self.paidNow = paidNow
        self.escrowed = escrowed
        self.forfeited = forfeited
    }
}
