/// Every step of one reward computation, for the player, the server and auditors.
///
/// Invariant: `paidNow + escrowed + forfeited == totalGold`.
public struct RewardBreakdown: Codable, Sendable, Equatable {
    /// The policy version used.
    public var policyVersion: String
    /// The proof status of the claim.
    public var status: ProofStatus
    /// Seconds claimed (as given).
    public var creditedSeconds: Int64
    /// The policy's minimum away time.
    public var minimumAwaySeconds: Int64
    /// The cap applied: the policy's cap, or its provisional cap for a provisional claim.
    public var capSeconds: Int64
    /// True when the claim was shorter than the minimum (and so earns nothing).
    public var belowMinimum: Bool
    /// True when the cap cut the claim.
    public var capped: Bool
    /// Seconds paid for after the minimum and the cap.
    public var consideredSeconds: Int64
    /// The rate snapshotted at departure.
    public var goldPerHour: Int64
    /// Per-tier seconds and gold.
    public var tiers: [TierLine]
    /// The efficiency applied.
    public var efficiencyPercent: Int64
    /// One entry per requested multiplier, in request order.
    public var multipliers: [MultiplierDecision]
    /// Multiplier names used in the session after this claim (sorted).
    public var usedMultipliersAfter: [String]
    /// Gold earned before the status share: `floor(exact reward)`.
    public var totalGold: Int64
    /// The status share in percent.
    public var sharePercent: Int64
    /// Gold payable now: `floor(exact reward × share)`.
    public var paidNow: Int64
    /// Gold held until proof arrives (provisional claims only).
    public var escrowed: Int64
    /// Gold not payable (rejected claims, or a verified share below 100 %).
    public var forfeited: Int64
    /// The daily budget the ledger will apply to what is paid.
    public var dailyBudgetGold: Int64
    /// True when the exact reward exceeded `Int64.max` and was clamped.
    public var saturated: Bool
    /// How rounding was done.
    public var roundingNote: String

    /// The applied multipliers' percents.
    public var appliedMultiplierPercents: [Int64] {
        multipliers.compactMap { $0.outcome == .applied ? $0.percent : nil }
    }
}
