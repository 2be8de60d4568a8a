internal import PlaytimeAudit

/// What accepting one journal upload paid.
public struct UploadPayout: Sendable {
    /// Accepted (new evidence), replayed (nothing new) or rejected (a rollback or a fork).
    public var outcome: UploadDecision.Outcome
    /// Gold newly proven by this upload, after the server's rates and grants and after sessions already paid
    /// by tickets or earlier uploads.
    public var payableGold: Int64
    /// Gold to credit the player: ``payableGold`` within the player's rolling daily budget.
    public var paidGold: Int64
    /// Gold the daily budget held back.
    public var withheldByBudget: Int64
    /// The gate's decision: the audit summary, the findings, the payments per session. In a repeat only the
    /// outcome, the journal id and the payments are kept.
    public var decision: UploadDecision
    /// True when these bytes were accepted from this player by an earlier call and this answer repeats what it
    /// paid: nothing was paid now (fleet databases; docs/fleet.md, "Exactly once"). On file stores the same bytes
    /// sent again are ``UploadDecision/Outcome/replayed`` and pay nothing.
    public var isRepeat = false
    /// How many times the server sent the upload to its fleet database (more than 1 after a failover).
    public var attempts = 1

    /// True when the audit found nothing wrong (no findings of the registry or the auditor).
    public var isClean: Bool { decision.findings.isEmpty }
}
