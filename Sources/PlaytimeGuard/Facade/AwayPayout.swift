internal import PlaytimeRewards

/// What one away session pays, already recorded in the journal as a claim.
///
/// Add ``goldNow`` to the player's balance; ``goldInEscrow`` waits for proof (``OfflineEarnings/settle()``
/// pays what the proof justifies). Show ``explanation`` to the player or to support staff.
public struct AwayPayout: Sendable, Equatable {
    /// The away session.
    public var sessionID: String
    /// Gold to credit now. For a settlement, the top-up beyond what was paid before.
    public var goldNow: Int64
    /// Gold held until the time away is proven (0 once it is, or when nothing is held).
    public var goldInEscrow: Int64
    /// The verdict's explanation (what proved the time away, and what looked wrong), then one sentence on how
    /// the policy turned it into gold, naming the minimum away time, cap, efficiency and multipliers when they
    /// changed the figure ("Away 59s: below the 1m minimum, no gold.").
    public var explanation: String
    /// True when the session waits for network proof: a later ``OfflineEarnings/settle()`` may pay more.
    public var awaitingProof: Bool
    /// The claim written to the journal (cumulative: a settlement's claim repeats what was paid before plus
    /// the top-up), so a game server can recompute it.
    public var claim: ClaimRecord
    /// The verdict: bounds, method, status and flags.
    public var verdict: ElapsedVerdict
    /// Every step of the reward computation.
    public var breakdown: RewardBreakdown
    /// The session's evidence as the journal tells it.
    public var timeline: SessionTimeline
}
