/// Every step of one reward computation, for the player, the server and auditors.
///
/// Invariant: `paidNow + escrowed + forfeited == totalGold`.
package struct RewardBreakdown: Codable, Sendable, Equatable {
    /// The policy version used.
    package var policyVersion: String
    /// The proof status of the claim.
    package var status: ProofStatus
    /// Seconds claimed (as given).
    package var creditedSeconds: Int64
    /// The policy's minimum away time.
    package var minimumAwaySeconds: Int64
    /// The cap applied: the policy's cap, or its provisional cap for a provisional claim.
    package var capSeconds: Int64
    /// True when the claim was shorter than the minimum (and so earns nothing).
    package var belowMinimum: Bool
    /// True when the cap cut the claim.
    package var capped: Bool
    /// Seconds paid for after the minimum and the cap.
    package var consideredSeconds: Int64
    /// The rate snapshotted at departure.
    package var goldPerHour: Int64
    /// Per-tier seconds and gold.
    package var tiers: [TierLine]
    /// The efficiency applied.
    package var efficiencyPercent: Int64
    /// One entry per requested multiplier, in request order.
    package var multipliers: [MultiplierDecision]
    /// Multiplier names used in the session after this claim (sorted).
    package var usedMultipliersAfter: [String]
    /// Gold earned before the status share: `floor(exact reward)`.
    package var totalGold: Int64
    /// The status share in percent.
    package var sharePercent: Int64
    /// Gold payable now: `floor(exact reward × share)`.
    package var paidNow: Int64
    /// Gold held until proof arrives (provisional claims only).
    package var escrowed: Int64
    /// Gold not payable (rejected claims, or a verified share below 100 %).
    package var forfeited: Int64
    /// The daily budget the ledger will apply to what is paid.
    package var dailyBudgetGold: Int64
    /// True when the exact reward exceeded `Int64.max` and was clamped.
    package var saturated: Bool
    /// How rounding was done.
    package var roundingNote: String

    /// The applied multipliers' percents.
    package var appliedMultiplierPercents: [Int64] {
        multipliers.compactMap { $0.outcome == .applied ? $0.percent : nil }
    }
}
