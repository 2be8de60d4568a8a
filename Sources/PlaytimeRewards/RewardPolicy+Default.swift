extension RewardPolicy {
    /// The embedded default policy.
    ///
    /// 600 gold/h, at least 60 s away, cap 8 h, 100 % for the first 2 h then 50 %,
    /// efficiency 50 %, an "ad" multiplier ×2 once per session, 6 000 gold per
    /// rolling 24 h, provisional claims pay 50 % now and escrow the rest for 7 days.
    public static let `default` = RewardPolicy(
        version: "default-1",
        goldPerHour: 600,
        minimumAwaySeconds: 60,
        capSeconds: 8 * 3600,
        tiers: [
            RewardTier(upToSeconds: 2 * 3600, percent: 100),
            RewardTier(upToSeconds: nil, percent: 50),
        ],
        efficiencyPercent: 50,
        multipliers: [RewardMultiplier(name: "ad", percent: 200)],
        dailyBudgetGold: 6000,
        statusSharePercent: StatusShares(verified: 100, provisional: 50, rejected: 0),
        escrowExpirySeconds: 7 * 86_400
    )
}
