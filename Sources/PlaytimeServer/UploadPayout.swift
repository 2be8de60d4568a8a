internal import PlaytimeAudit

/// What accepting one journal upload paid.
public struct UploadPayout: Sendable {
    /// Accepted (new evidence), replayed (nothing new) or rejected (a rollback or a fork).
    package var outcome: UploadDecision.Outcome
    /// Gold newly proven by this upload, after the server's rates and grants and after sessions already paid
    /// by tickets or earlier uploads.
    public var payableGold: Int64
    /// Gold to credit the player: ``payableGold`` within the player's rolling daily budget.
    public var paidGold: Int64
    /// Gold the daily budget held back.
    public var withheldByBudget: Int64
    /// The gate's decision: the audit summary, the findings, the payments per session. In a repeat only the
    /// outcome, the journal id and the payments are kept.
    package var decision: UploadDecision
    /// True when these bytes were accepted from this player by an earlier call and this answer repeats what it
    /// paid: nothing was paid now (file stores and fleet databases alike; docs/service.md, "Exactly once").
    public var isRepeat = false
    /// How many times the server sent the upload to its fleet database (more than 1 after a failover).
    package var attempts = 1
    /// The payment record the payment log keeps of this upload (docs/service.md, "Payments"); a repeat has the first
    /// call's.
    package var payment: PaymentRecord?
    /// Why the payment's log entry or retry record could not be written (a full disk after the stores paid), if so:
    /// the payment stands and is answered; the operator is told (docs/service.md, "Exactly once").
    package var unrecorded: String?

    /// True when the audit found nothing wrong (no findings of the registry or the auditor).
    public var isClean: Bool { decision.findings.isEmpty }

    /// The headline of ``messages``: what to tell the player about this upload (docs/player-messages.md).
    public var message: PlayerMessage { messages[0] }
    /// Short messages for the player about the upload as a whole, headline first, as keys and values to
    /// localise with English text built in: the gold paid and what the daily budget withheld, or why nothing was
    /// paid (a rejected or replayed upload, evidence the recorder never writes, sessions already paid); then, when the
    /// server had received the journal from another account first, `saveAlsoSentByAnotherAccount` (docs/player-messages.md).
    public var messages: [PlayerMessage] {
        var messages = PlayerMessages.messages(
            nil,
            PayoutMessageContext(
                paidGold: paidGold, withheldByBudget: withheldByBudget,
                notPaidReason: notPaidReason))
        // The journal came from another account first (a shared key): said for the player's support case (docs/anchors.md §2).
        if decision.findings.contains(where: { $0.kind == .uploadedByAnotherAccount }) {
            messages.append(PlayerMessage(.saveAlsoSentByAnotherAccount))
        }
        return messages
    }

    /// Why nothing was paid, as far as the upload tells (`nil` when something was, or nothing says why).
    private var notPaidReason: PayoutMessageContext.NotPaidReason? {
        let kinds = Set(decision.findings.map(\.kind))
        switch outcome {
        case .rejected: return .saveRejected
        case .replayed: return .alreadyPaid
        case .accepted:
            guard payableGold == 0 else { return nil }
            if kinds.contains(.withheldImpossibleEvidence) { return .impossibleEvidence }
            // Sessions with gold that tickets or earlier uploads had paid, or time the server saw credited already; or no
            // session returned since the last upload (only records after them: nothing new to pay).
            if decision.payableGold > 0 || kinds.contains(.timeNotConserved) { return .alreadyPaid }
            if decision.reports.isEmpty, decision.summary.sessions > 0 { return .alreadyPaid }
            if kinds.contains(.suspiciousVerdict) { return .rejectedEvidence }
            return .nothingProven
        }
    }
}
