internal import PlaytimeSystem

/// Gold a server pays for one session of an upload.
package struct SessionPayment: Sendable, Hashable, Codable {
    /// The session.
    package var sessionID: String
    /// Gold newly payable now (never negative).
    package var gold: Int64
    /// Gold paid for this session over all uploads, this one included.
    package var totalPaid: Int64

    /// Creates a payment.
    package init(sessionID: String, gold: Int64, totalPaid: Int64) {
        self.sessionID = sessionID
        self.gold = gold
        self.totalPaid = totalPaid
    }
}

/// One session an upload judged, as its payment log reports it: the audit's view and what the gate made of it.
package struct SessionReport: Sendable, Hashable, Codable {
    /// The session as the auditor judged it (verdict, gold, claims, findings).
    package var session: AuditedSession
    /// Gold the session is worth in all after the server's rates, grants and time conservation.
    package var totalGold: Int64
    /// Gold this upload made payable for it (``totalGold`` less what earlier uploads paid; never negative).
    package var owedGold: Int64
    /// Gold of the session's proven time that other sessions or tickets of the account already hold (time
    /// conservation cut it from ``totalGold``: docs/anchors.md, "Conservation"); `nil` in reports written before it
    /// was kept.
    package var coveredGold: Int64?
    /// The multipliers ``totalGold`` is priced with, after the server's grants (a pending one the server granted is
    /// here; one it did not is not); `nil` in reports written before it was kept.
    package var appliedMultipliers: [String]?

    /// A report.
    package init(session: AuditedSession, totalGold: Int64, owedGold: Int64, coveredGold: Int64? = 0, appliedMultipliers: [String]? = nil) {
        self.session = session
        self.totalGold = totalGold
        self.owedGold = owedGold
        self.coveredGold = coveredGold
        self.appliedMultipliers = appliedMultipliers
    }
}

/// What a server decided about one upload of a journal.
package struct UploadDecision: Sendable {
    /// Accepted (it extends what the server saw), a replay (nothing new) or rejected (rollback or fork).
    package enum Outcome: String, Sendable, Hashable, Codable {
        /// The upload extends the accepted head; its new gold is payable.
        case accepted
        /// The upload ends at the accepted head: nothing new, nothing paid.
        case replayed
        /// The upload does not extend the accepted head: nothing paid, the head is unchanged.
        case rejected
    }

    /// The outcome.
    package var outcome: Outcome
    /// The journal's id (lowercase hex).
    package var journalID: String
    /// The audit of the upload on the server's clock (rejected uploads are not audited: empty).
    package var summary: AuditSummary
    /// Gold newly payable per session (only sessions with gold to pay), in journal order.
    package var payments: [SessionPayment]
    /// The registry's findings (rollback, fork, replay) followed by the audit's.
    package var findings: [AuditFinding]
    /// The registry's record after the upload.
    package var record: DeviceRecord?
    /// The sessions this upload paid or saw return for the first time (at most ``maximumReports``, in journal order):
    /// what the payment log keeps of the judgement.
    package var reports: [SessionReport] = []
    /// The most sessions one decision reports.
    package static let maximumReports = 1_000
    /// What the payments of this upload are keyed by in a server's one-payment-per-session guard: the journal id, or
    /// the journal id and the account's digest for a journal another account uploaded first (its sessions are that
    /// account's to be paid once, and this account's too: docs/anchors.md §2).
    package var paymentScope: String

    /// Creates a decision.
    package init(
        outcome: Outcome, journalID: String, summary: AuditSummary, payments: [SessionPayment], findings: [AuditFinding],
        record: DeviceRecord?, paymentScope: String? = nil
    ) {
        self.outcome = outcome
        self.journalID = journalID
        self.summary = summary
        self.payments = payments
        self.findings = findings
        self.record = record
        self.paymentScope = paymentScope ?? journalID
    }

    /// All gold newly payable, saturating.
    package var payableGold: Int64 {
        payments.reduce(0) { Saturating.add($0, max(0, $1.gold)) }
    }
}

/// Why an upload could not be judged at all.
package enum UploadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a journal under this key (garbage, another key, another format).
    case notAJournal(String)
    /// The upload could not be read.
    case unreadable(String)
    /// The registry failed; nothing was paid or recorded.
    case registry(RegistryError)
    /// Another upload of the same journal was accepted meanwhile; nothing was paid: send it again.
    case concurrentUpload
    /// The upload goes beyond one of the server's ``InputLimits``; it was not judged and nothing was paid.
    case overLimit(LimitExceeded)

    /// In words.
    package var description: String {
        switch self {
        case .notAJournal(let detail): return "not a journal under this key: \(detail)"
        case .unreadable(let detail): return "cannot read the upload: \(detail)"
        case .registry(let error): return "device registry: \(error.description)"
        case .concurrentUpload: return "another upload of this journal was accepted meanwhile; send it again"
        case .overLimit(let exceeded): return "refused unjudged: the upload holds \(exceeded); nothing was paid"
        }
    }
}
