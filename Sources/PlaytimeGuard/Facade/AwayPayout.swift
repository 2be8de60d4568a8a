internal import PlaytimeRewards

/// What one away session pays, already recorded in the journal as a claim.
///
/// Add ``goldNow`` to the player's balance; ``goldInEscrow`` waits for proof (``OfflineEarnings/settle()``
/// pays what the proof justifies); ``goldPendingGrant`` waits for the game's server to grant the multipliers
/// the game asked for (an ad its ad network confirmed): the server pays it, the device never does. Show
/// ``messages`` to the player and ``explanation`` to support staff.
public struct AwayPayout: Sendable, Equatable {
    /// The away session (the id the game's server grants multipliers for).
    public var sessionID: String
    /// Gold to credit now. For a settlement, the top-up beyond what was paid before. Never includes a multiplier
    /// the server has not granted (see ``pendingMultipliers``).
    public var goldNow: Int64
    /// Gold held until the time away is proven (0 once it is, or when nothing is held).
    public var goldInEscrow: Int64
    /// The multipliers the game asked for that wait for the server's grant, by name, each with the gold it adds
    /// alone once granted ("+5 when your ad is confirmed"). Empty when none was asked for, or none would add gold.
    public var pendingMultipliers: [String: Int64] {
        Dictionary(pending.map { ($0.name, $0.gold) }, uniquingKeysWith: { first, _ in first })
    }
    /// ``pendingMultipliers`` in the order the game asked for them.
    package var pending: [PendingMultiplier]
    /// The gold all of ``pendingMultipliers`` add together once the server grants them (multipliers stack).
    public var goldPendingGrant: Int64
    /// The verdict's explanation (what proved the time away, and what looked wrong), then one sentence on how
    /// the policy turned it into gold, naming the minimum away time, cap, efficiency and multipliers when they
    /// changed the figure ("Away 59s: below the 1m minimum, no gold.").
    public var explanation: String
    /// True when the session waits for network proof: a later ``OfflineEarnings/settle()`` may pay more.
    package var awaitingProof: Bool
    /// The claim written to the journal (cumulative: a settlement's claim repeats what was paid before plus
    /// the top-up), so a game server can recompute it.
    package var claim: ClaimRecord
    /// The verdict: bounds, method, status and flags.
    package var verdict: ElapsedVerdict
    /// Every step of the reward computation (without the pending multipliers).
    package var breakdown: RewardBreakdown
    /// The session's evidence as the journal tells it.
    package var timeline: SessionTimeline
    /// True for a settlement's top-up (``OfflineEarnings/settle()``, an anchor), false for a first payment.
    let settlesEarlierPayment: Bool

    /// What to tell the player, headline first (docs/player-messages.md): each a key and its values, for a game
    /// that localises, with English text built in. The same words a game's server says for the same figures.
    public var messages: [PlayerMessage] {
        PlayerMessages.messages(
            breakdown,
            PayoutMessageContext(
                paidGold: goldNow, escrowGold: goldInEscrow, isSettlement: settlesEarlierPayment,
                pendingMultipliers: pending.map { ($0.name, $0.gold) }))
    }

    /// The headline of ``messages``: "You earned 120 gold while away."
    public var message: PlayerMessage { messages[0] }

    init(
        sessionID: String, goldNow: Int64, goldInEscrow: Int64, explanation: String, awaitingProof: Bool, claim: ClaimRecord,
        verdict: ElapsedVerdict, breakdown: RewardBreakdown, timeline: SessionTimeline, pending: PendingMultipliers,
        settlesEarlierPayment: Bool
    ) {
        self.settlesEarlierPayment = settlesEarlierPayment
        self.sessionID = sessionID
        self.goldNow = goldNow
        self.goldInEscrow = goldInEscrow
        self.pending = pending.each
        self.goldPendingGrant = pending.totalGold
        self.explanation = explanation
        self.awaitingProof = awaitingProof
        self.claim = claim
        self.verdict = verdict
        self.breakdown = breakdown
        self.timeline = timeline
    }
}
