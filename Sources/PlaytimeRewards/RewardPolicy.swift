/// Every number that decides offline earnings, versioned and loadable from JSON.
///
/// `reward = rate × tiered(min(away, cap)) × efficiency × multipliers × status share`,
/// computed exactly, in integers (the package's reward calculator); see `docs/reward-policy.md`.
public struct RewardPolicy: Decodable, Sendable, Equatable {
    /// Identifies this policy in breakdowns and journals.
    package var version: String
    /// The default earn rate in gold per hour; the rate actually used is the one
    /// snapshotted at departure and passed to the calculator.
    package var goldPerHour: Int64
    /// Claims shorter than this many seconds earn nothing.
    package var minimumAwaySeconds: Int64
    /// Seconds beyond this are not paid.
    package var capSeconds: Int64
    /// While a claim is provisional (time not yet proven, e.g. across a reboot without network time), at most
    /// this many seconds of it are worth gold, paid now plus escrow; ``capSeconds`` applies once it is
    /// verified. Default ``defaultProvisionalCapSeconds`` (1 h). Bounds what a forged reboot can earn.
    package var provisionalCapSeconds: Int64
    /// The diminishing curve, in increasing order; the last tier is unbounded.
    package var tiers: [RewardTier]
    /// The share of the tiered rate actually paid, 0...100.
    package var efficiencyPercent: Int64
    /// Named one-shot multipliers (at most ``RewardPolicy/maximumMultipliers``).
    package var multipliers: [RewardMultiplier]
    /// The most gold the ledger pays in any rolling 24 h window.
    package var dailyBudgetGold: Int64
    /// The share paid now per proof status.
    package var statusSharePercent: StatusShares
    /// How long escrowed gold waits for proof before it expires.
    package var escrowExpirySeconds: Int64

    /// The most multipliers a policy may define (keeps the exact denominator within 128 bits).
    package static let maximumMultipliers = 8
    /// One hour: the provisional cap of a policy that does not name one.
    package static let defaultProvisionalCapSeconds: Int64 = 3600

    /// Creates a policy; call ``validate()`` (or build a ``RewardCalculator``) to check it.
    package init(
        version: String,
        goldPerHour: Int64,
        minimumAwaySeconds: Int64,
        capSeconds: Int64,
        provisionalCapSeconds: Int64 = RewardPolicy.defaultProvisionalCapSeconds,
        tiers: [RewardTier],
        efficiencyPercent: Int64,
        multipliers: [RewardMultiplier],
        dailyBudgetGold: Int64,
        statusSharePercent: StatusShares,
        escrowExpirySeconds: Int64
    ) {
        self.version = version
        self.goldPerHour = goldPerHour
        self.minimumAwaySeconds = minimumAwaySeconds
        self.capSeconds = capSeconds
        self.provisionalCapSeconds = provisionalCapSeconds
        self.tiers = tiers
        self.efficiencyPercent = efficiencyPercent
        self.multipliers = multipliers
        self.dailyBudgetGold = dailyBudgetGold
        self.statusSharePercent = statusSharePercent
        self.escrowExpirySeconds = escrowExpirySeconds
    }

    /// The cap that applies to a claim of `status`: ``capSeconds``, or the smaller provisional cap.
    package func cap(for status: ProofStatus) -> Int64 {
        status == .provisional ? min(capSeconds, max(0, provisionalCapSeconds)) : capSeconds
    }

    /// The multiplier called `name`, if the policy defines it.
    package func multiplier(named name: String) -> RewardMultiplier? {
        multipliers.first { $0.name == name }
    }
}
