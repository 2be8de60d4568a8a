package import PlaytimeCrypto
package import PlaytimeJudging
package import PlaytimeRewards

/// What the auditor checks against.
package struct AuditConfiguration: Sendable {
    /// The game server's own clock at the time of judging, Unix nanoseconds. Network time later than it
    /// (beyond the verdict's server-clock slack) is never used and is named in a flag. A re-audit passes the
    /// time it judges as of.
    package var serverNowNanoseconds: Int64
    /// When the server first saw the records of the journal being judged (its earlier accepted uploads): a
    /// record is checked against the server's clock of then. Empty: every record is judged as of now.
    package var firstSeen: FirstSeenTimes = FirstSeenTimes()
    /// The reward policy claims are recomputed with (older versions may be retained by name).
    package var policy: RewardPolicy
    /// Policies of older versions still accepted, by version.
    package var retainedPolicies: [String: RewardPolicy]
    /// When each retained policy stopped being the server's (server time, Unix nanoseconds): a session the
    /// server's anchors place after that time is paid under ``policy``, whatever version its departure names
    /// (docs/anchors.md, "The server decides the policy"). A retained version absent here is never retired.
    package var policyRetirements: [String: Int64] = [:]
    /// How verdicts are judged.
    package var verdict: VerdictConfiguration
    /// Slack allowed when comparing credited time with the journal's span. Default 2 minutes.
    package var spanToleranceNanoseconds: Int64
    /// The operator's Roughtime public keys: `roughtime` records signed under them prove time away
    /// (docs/journal-format.md §12) without trusting the journal key. Empty: signed time is not used.
    package var roughtimeKeys: [Ed25519PublicKey] = []
    /// How much one journal may hold (records, sessions, claims, multiplier names per claim; an upload's
    /// bytes at the upload gate) before it is refused unjudged, and how many returns wait for proof
    /// (docs/fleet.md, "Limits and cost"). Default ``InputLimits/unlimited``: an archive of any size is
    /// judged; a server sets its own (`EarningsServer` passes `ServerConfiguration.limits`).
    package var limits = InputLimits.unlimited
    /// True when a session whose journal holds evidence PlaytimeGuard's own recorder never writes (a finding of
    /// a ``AuditFinding/Kind/neverHonest`` kind about the session, or about the journal as a whole) is withheld:
    /// payable gold 0 and a `withheld-impossible-evidence` finding naming why (docs/audit-json.md). The upload
    /// gate turns it on; `playtime audit` reports what it finds and leaves it off. Default off.
    package var withholdsImpossibleEvidence = false

    /// Creates a configuration.
    package init(
        serverNowNanoseconds: Int64, policy: RewardPolicy = .default, retainedPolicies: [String: RewardPolicy] = [:],
        verdict: VerdictConfiguration = .standard, spanToleranceNanoseconds: Int64 = 120_000_000_000
    ) {
        self.serverNowNanoseconds = serverNowNanoseconds
        self.policy = policy
        self.retainedPolicies = retainedPolicies
        self.verdict = verdict
        self.spanToleranceNanoseconds = spanToleranceNanoseconds
    }

    /// The highest earn rate (gold per hour) a session is judged at: a departure that snapshotted more is
    /// judged at this rate and named in a `rate-above-ceiling` finding (docs/audit-json.md). `nil`: the
    /// snapshot is judged as it is. `playtime audit` sets ``defaultMaximumGoldPerHour(for:)`` or `--max-rate`.
    package var maximumGoldPerHour: Int64? = nil

    /// The policy a session's snapshot names, if known.
    package func policy(version: String) -> RewardPolicy? {
        version == policy.version ? policy : retainedPolicies[version]
    }
}

extension AuditConfiguration {
    /// The rate ceiling a policy implies when nobody names one: the policy's rate at its largest tier share
    /// (at least 100 %, so the policy's own rate is never above it) times its largest multiplier (at least
    /// ×1), the most a server that grants every multiplier the policy defines would pay for an hour; saturating.
    package static func defaultMaximumGoldPerHour(for policy: RewardPolicy) -> Int64 {
        let tierPercent = max(100, policy.tiers.map(\.percent).max() ?? 100)
        let multiplierPercent = max(100, policy.multipliers.map(\.percent).max() ?? 100)
        var rate = max(0, policy.goldPerHour)
        for percent in [tierPercent, multiplierPercent] {
            let (product, overflow) = rate.multipliedReportingOverflow(by: percent)
            if overflow { return .max }
            rate = product / 100
        }
        return rate
    }
}
