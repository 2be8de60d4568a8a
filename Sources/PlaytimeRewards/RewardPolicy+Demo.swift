extension RewardPolicy {
    /// A demo policy with fast numbers, so that seconds of real absence earn something: `playtime demo` and the
    /// examples use it (`Examples/Samples/demo-policy.json` holds the same values; a test checks they agree).
    /// Not a production policy: a one-second minimum invites farming, which only the daily budget then bounds.
    package static let demo = RewardPolicy(
        version: "demo-1",
        goldPerHour: 36_000,
        minimumAwaySeconds: 1,
        capSeconds: 3600,
        tiers: [
            RewardTier(upToSeconds: 600, percent: 100),
            RewardTier(upToSeconds: nil, percent: 50),
        ],
        efficiencyPercent: 100,
        multipliers: [RewardMultiplier(name: "ad", percent: 200)],
        dailyBudgetGold: 1_000_000,
        statusSharePercent: StatusShares(verified: 100, provisional: 50, rejected: 0),
        escrowExpirySeconds: 7 * 86_400
    )
}
