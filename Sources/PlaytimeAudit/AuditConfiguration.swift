import PlaytimeGuard
import PlaytimeRewards

/// What the auditor checks against.
public struct AuditConfiguration: Sendable {
    /// The reward policy claims are recomputed with (older versions may be retained by name).
    public var policy: RewardPolicy
    /// Policies of older versions still accepted, by version.
    public var retainedPolicies: [String: RewardPolicy]
    /// How verdicts are judged.
    public var verdict: VerdictConfiguration
    /// Slack allowed when comparing credited time with the journal's span. Default 2 minutes.
    public var spanToleranceNanoseconds: Int64

    /// Creates a configuration.
    public init(policy: RewardPolicy = .default, retainedPolicies: [String: RewardPolicy] = [:],
                verdict: VerdictConfiguration = .standard, spanToleranceNanoseconds: Int64 = 120_000_000_000) {
        self.policy = policy
        self.retainedPolicies = retainedPolicies
        self.verdict = verdict
        self.spanToleranceNanoseconds = spanToleranceNanoseconds
    }

    /// The policy a session's snapshot names, if known.
    func policy(version: String) -> RewardPolicy? {
        version == policy.version ? policy : retainedPolicies[version]
    }
}
