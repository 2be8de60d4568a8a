package import PlaytimeJudging

/// One session as the auditor sees it: its verdict, the gold recomputed from it, and what was claimed.
package struct AuditedSession: Sendable, Hashable, Codable {
    /// The journal it came from.
    package var journal: String
    /// The session id.
    package var sessionID: String
    /// The verdict recomputed from the evidence (with any later network proof).
    package var verdict: ElapsedVerdict
    /// Gold the evidence and policy justify in total (paid now plus escrow, under the final verdict).
    package var recomputedGold: Int64
    /// Gold payable now under the final verdict (the rest of ``recomputedGold`` waits in escrow for proof):
    /// what a server pays for this session in total, less what it paid before.
    package var payableGold: Int64
    /// Gold the game recorded as paid for this session (the highest cumulative `paid` of its claims), if it claimed.
    package var claimedGold: Int64?
    /// The findings about this session.
    package var findings: [AuditFinding]
    /// The interval (Unix nanoseconds, `[start, end)`) network time proves the player was certainly away,
    /// when it does (never later than the server's clock): what two devices of one account must not share.
    package var certainlyAway: Range<Int64>?
    /// The earn rate the session was judged at (the departure's snapshot, at most the configured ceiling), the
    /// policy version the departure snapshotted, and the one-shot multipliers the game's claims applied: what
    /// ``payableGold`` was computed with.
    package var goldPerHour: Int64 = 0
    /// See ``goldPerHour``.
    package var policyVersion: String = ""
    /// See ``goldPerHour``.
    package var multipliers: [String] = []
    /// The multipliers the game's claims asked for and left to the server's grant (not in ``payableGold``): a
    /// server that granted one pays it (docs/reward-policy.md, "Multipliers are the server's").
    package var pendingMultipliers: [String] = []
    /// Where the session lies in its journal: the departure's and the return's record sequences (what server
    /// anchors place on the server's clock, docs/anchors.md).
    package var departureSequence: UInt64?
    /// See ``departureSequence``.
    package var arrivalSequence: UInt64?
    /// The return's wall clock (device-set, never trusted): only where the session's time is looked for first
    /// inside its server-time window.
    package var arrivalWallNanoseconds: Int64?

    /// Creates an audited session.
    package init(
        journal: String, sessionID: String, verdict: ElapsedVerdict, recomputedGold: Int64, payableGold: Int64 = 0,
        claimedGold: Int64?, findings: [AuditFinding], certainlyAway: Range<Int64>? = nil
    ) {
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
    package var statusText: String { findings.isEmpty ? "clean" : "findings" }
}
