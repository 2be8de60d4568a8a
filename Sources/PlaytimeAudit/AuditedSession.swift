public import PlaytimeGuard

/// One session as the auditor sees it: its verdict, the gold recomputed from it, and what was claimed.
public struct AuditedSession: Sendable, Hashable, Codable {
    /// The journal it came from.
    public var journal: String
    /// The session id.
    public var sessionID: String
    /// The verdict recomputed from the evidence (with any later network proof).
    public var verdict: ElapsedVerdict
    /// Gold the evidence and policy justify in total (paid now plus escrow, under the final verdict).
    public var recomputedGold: Int64
    /// Gold payable now under the final verdict (the rest of ``recomputedGold`` waits in escrow for proof):
    /// what a server pays for this session in total, less what it paid before.
    public var payableGold: Int64
    /// Gold the game recorded as paid for this session (the highest cumulative `paid` of its claims), if it claimed.
    public var claimedGold: Int64?
    /// The findings about this session.
    public var findings: [AuditFinding]
    /// The interval (Unix nanoseconds, `[start, end)`) network time proves the player was certainly away,
    /// when it does (never later than the server's clock): what two devices of one account must not share.
    public var certainlyAway: Range<Int64>?
    /// The earn rate and policy version the departure snapshotted, and the one-shot multipliers the game's
    /// claims applied: what ``payableGold`` was computed with.
    public var goldPerHour: Int64 = 0
    /// See ``goldPerHour``.
    public var policyVersion: String = ""
    /// See ``goldPerHour``.
    public var multipliers: [String] = []

    /// Creates an audited session.
    public init(journal: String, sessionID: String, verdict: ElapsedVerdict, recomputedGold: Int64, payableGold: Int64 = 0,
                claimedGold: Int64?, findings: [AuditFinding], certainlyAway: Range<Int64>? = nil) {
        self.journal = journal
        self.sessionID = sessionID
        self.verdict = verdict
        self.recomputedGold = recomputedGold
        self.payableGold = payableGold
        self.claimedGold = claimedGold
        self.findings = findings
        self.certainlyAway = certainlyAway
    }

    /// `clean` without findings, else `findings`.
    public var statusText: String { findings.isEmpty ? "clean" : "findings" }
}
