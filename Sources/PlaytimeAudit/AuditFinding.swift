internal import PlaytimeJournal

/// Something the auditor found wrong, with where.
package struct AuditFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of finding, with a stable kebab-case name.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The MAC chain broke (edited, deleted, reordered, spliced or torn records; wrong key).
        case chainBroken = "chain-broken"
        /// Two sessions (in one journal or across devices) overlap in time.
        case overlappingSessions = "overlapping-sessions"
        /// Within one boot the boot clock went backwards between records.
        case bootClockDiscontinuity = "boot-clock-discontinuity"
        /// Total credited time exceeds the calendar span the journal covers.
        case creditedExceedsSpan = "credited-exceeds-span"
        /// A session id was used twice.
        case duplicateSession = "duplicate-session"
        /// A claim's gold differs from the gold recomputed from the evidence and the policy.
        case claimMismatch = "claim-mismatch"
        /// Claims paid more than the daily budget in some rolling 24 h.
        case dailyBudgetExceeded = "daily-budget-exceeded"
        /// A claim used a rate or policy other than the one snapshotted at departure.
        case rateChanged = "rate-changed"
        /// The departure names a reward policy the auditor does not know.
        case unknownPolicy = "unknown-policy"
        /// A claim for a session the journal does not hold (or that was already settled).
        case orphanClaim = "orphan-claim"
        /// A session's verdict carries a suspicious flag (a moved clock, contradictory evidence).
        case suspiciousVerdict = "suspicious-verdict"
        /// A record's payload is not in the documented schema (or contradicts its record type); it is not paid.
        case malformedPayload = "malformed-payload"
        /// A boot id came back after another boot: boots never return, so a reboot was forged.
        case bootIDReused = "boot-id-reused"
        /// A departure snapshotted a negative earn rate (nothing is paid for it).
        case negativeRate = "negative-rate"
        /// A later claim's cumulative `paid` is lower than an earlier claim's for the same session.
        case paidDecreased = "paid-decreased"
        /// An upload ends before the head the server accepted earlier: records were rolled back. Nothing is paid.
        case uploadRollback = "upload-rollback"
        /// An upload's record at the accepted head has another MAC: the journal was forked or rewritten. Nothing is paid.
        case uploadFork = "upload-fork"
        /// An upload adds nothing to the head the server accepted earlier: a replay. Nothing new is paid.
        case uploadReplay = "upload-replay"
        /// A `roughtime` record proves nothing: its nonce does not commit to the departure, its chain is
        /// broken, an answer under a trusted key fails verification, or trusted answers disagree. Not used.
        case signedTimeRejected = "signed-time-rejected"
        /// A departure snapshotted an earn rate above the ceiling the auditor was given (`--max-rate`): the
        /// session is judged at the ceiling.
        case rateAboveCeiling = "rate-above-ceiling"
        /// The journal holds more records, sessions or claims, or a claim more multiplier names, than the
        /// configured limits (``InputLimits``): the rest of it is not judged, and nothing in it may be paid.
        case limitExceeded = "limit-exceeded"
        /// An `anchor` record the server cannot use: not issued by it (its MAC fails), issued for another
        /// journal or account, or naming a head the journal does not have before the record. It places nothing.
        case anchorRejected = "anchor-rejected"
        /// More time away than the server's clock saw pass: the session's server-time window (between the
        /// anchors that bound it) is already credited, in part, to other sessions or tickets of the account;
        /// the part that does not fit is not paid.
        case timeNotConserved = "time-not-conserved"
        /// The departure names a retained policy and the server's clock does not prove the departure came before
        /// that policy's retirement (or nothing places the session): it is paid under the server's current policy.
        case retiredPolicy = "retired-policy"
        /// A session of a journal holding evidence that PlaytimeGuard's own recorder never writes (a finding whose
        /// kind is ``neverHonest``, named in the detail) is not paid: its payable gold is 0. Only when the
        /// auditor is told to withhold (the upload gate is; `playtime audit` reports without it).
        case withheldImpossibleEvidence = "withheld-impossible-evidence"
        /// An upload under an enrolled journal's id does not begin with that journal's enrollment anchor (record 1: the
        /// server's anchor of head 0 for this journal and account, issued at the enrollment): it is refused whole and
        /// nothing is recorded, so no copy of the key can take an enrolled journal's place (docs/anchors.md §2).
        case enrollmentAnchorMissing = "enrollment-anchor-missing"
        /// The journal (under a key the server shares between journals, not enrolled) was first uploaded for another
        /// account: it is judged and paid here as this account's own, within this account's bound, and the upload says
        /// so for support (docs/anchors.md §2, "A copy under a shared key").
        case uploadedByAnotherAccount = "uploaded-by-another-account"
    }

    /// The kind.
    package var kind: Kind
    /// The journal it was found in (as named on the command line).
    package var journal: String
    /// The session concerned, if any.
    package var sessionID: String?
    /// The record's sequence number (or line, for chain failures), if known.
    package var sequence: UInt64?
    /// What exactly, in words.
    package var detail: String

    /// Creates a finding.
    package init(kind: Kind, journal: String, sessionID: String? = nil, sequence: UInt64? = nil, detail: String) {
        self.kind = kind
        self.journal = journal
        self.sessionID = sessionID
        self.sequence = sequence
        self.detail = detail
    }

    /// `kind (session S, record N): detail`.
    package var description: String {
        var place: [String] = []
        if let sessionID { place.append("session \(sessionID)") }
        if let sequence { place.append("record \(sequence)") }
        return kind.rawValue + (place.isEmpty ? "" : " (" + place.joined(separator: ", ") + ")") + ": " + detail
    }
}
