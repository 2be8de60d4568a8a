import PlaytimeRewards
import PropertyTesting

/// Generators shared by the reward property tests.
enum RewardGen {
    /// Valid policies with 1–4 increasing tiers, 0–3 multipliers and ordered shares.
    static let policy: Gen<RewardPolicy> = Gen { source in
        let minimum = try source.generate(Gen<Int64>.int(in: 0...600))
        let cap = try source.generate(Gen<Int64>.int(in: max(1, minimum)...(14 * 86_400)))
        let tierCount = try source.generate(Gen<Int64>.int(in: 1...4))
        var tiers: [RewardTier] = []
        var bound: Int64 = 0
        for index in 0..<tierCount {
            let percent = try source.generate(Gen<Int64>.int(in: 0...100))
            if index == tierCount - 1 {
                tiers.append(RewardTier(upToSeconds: nil, percent: percent))
            } else {
                bound += try source.generate(Gen<Int64>.int(in: 1...(4 * 3600)))
                tiers.append(RewardTier(upToSeconds: bound, percent: percent))
            }
        }
        let multiplierCount = try source.generate(Gen<Int64>.int(in: 0...3))
        let multipliers = try (0..<multiplierCount).map { index in
            RewardMultiplier(name: ["ad", "vip", "event"][Int(index)], percent: try source.generate(Gen<Int64>.int(in: 100...1000)))
        }
        let rejected = try source.generate(Gen<Int64>.int(in: 0...20))
        let provisional = try source.generate(Gen<Int64>.int(in: rejected...100))
        let verified = try source.generate(Gen<Int64>.int(in: provisional...100))
        return RewardPolicy(
            version: "gen",
            goldPerHour: try source.generate(Gen<Int64>.int(in: 0...100_000)),
            minimumAwaySeconds: minimum,
            capSeconds: cap,
            tiers: tiers,
            efficiencyPercent: try source.generate(Gen<Int64>.int(in: 0...100)),
            multipliers: multipliers,
            dailyBudgetGold: try source.generate(Gen<Int64>.int(in: 0...1_000_000)),
            statusSharePercent: StatusShares(verified: verified, provisional: provisional, rejected: rejected),
            escrowExpirySeconds: try source.generate(Gen<Int64>.int(in: 1...(30 * 86_400)))
        )
    }

    /// Rates that keep bounds checkable in 128 bits.
    static let rate = Gen<Int64>.int(in: 0...1_000_000_000)

    /// Seconds away around the interesting region (up to 2× the largest cap).
    static let seconds = Gen<Int64>.int(in: -3600...(28 * 86_400))

    /// Any proof status.
    static let status = Gen<ProofStatus>.element(of: ProofStatus.allCases)

    /// Requested multiplier names, including unknown and repeated ones.
    static let requests = Gen<String>.element(of: ["ad", "vip", "event", "nope"]).array(count: 0...4)

    /// A valid policy and its calculator.
    static let calculator: Gen<RewardCalculator> = policy.map { policy in
        // Generated policies are valid by construction; fall back to the default defensively.
        (try? RewardCalculator(policy: policy)) ?? Defaults.calculator
    }
}

/// The default policy's calculator.
enum Defaults {
    static let calculator: RewardCalculator = {
        do { return try RewardCalculator(policy: .default) } catch { fatalError("default policy invalid: \(error)") }
    }()
}
