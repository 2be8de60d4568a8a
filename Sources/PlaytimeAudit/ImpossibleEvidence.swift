/// Nothing an honest recorder cannot write is paid (docs/guarantees.md, "Impossible evidence"): which findings
/// PlaytimeGuard's own recorder never causes, and how a session they concern is withheld.
extension AuditFinding.Kind {
    /// Why a finding of this kind cannot come from PlaytimeGuard's own recorder, in plain words; `nil` for the
    /// kinds an honest player can meet (a moved or stepped clock, a spoofed network, a reboot, a kill, a torn
    /// write, two devices of one account, a server's other settings). The one place this is decided.
    package var neverHonestReason: String? {
        switch self {
        case .bootClockDiscontinuity: "the boot clock ran backwards within one boot"
        case .overlappingSessions: "the session overlaps another session of the same journal"
        case .duplicateSession: "the session id was used before"
        case .malformedPayload: "a record is not in the documented format"
        case .bootIDReused: "a boot came back after another boot had begun (a forged reboot)"
        case .negativeRate: "the departure snapshotted a negative earn rate"
        case .rateChanged: "a claim names another rate or policy than its departure"
        case .paidDecreased: "a claim's cumulative payment went down"
        case .chainBroken, .creditedExceedsSpan, .claimMismatch, .dailyBudgetExceeded, .unknownPolicy, .orphanClaim,
            .suspiciousVerdict, .uploadRollback, .uploadFork, .uploadReplay, .signedTimeRejected, .rateAboveCeiling,
            .limitExceeded, .withheldImpossibleEvidence, .anchorRejected, .timeNotConserved, .retiredPolicy,
            .enrollmentAnchorMissing, .uploadedByAnotherAccount:
            nil
        }
    }

    /// True when PlaytimeGuard's own recorder never causes a finding of this kind (``neverHonestReason``).
    package var neverHonest: Bool { neverHonestReason != nil }
}

extension AuditedSession {
    /// True when the session was withheld (``withhold(for:)``): nothing of it is ever paid, whatever a server grants.
    package var isWithheld: Bool { findings.contains { $0.kind == .withheldImpossibleEvidence } }

    /// Withholds this session because of `reasons` (findings of ``AuditFinding/Kind/neverHonest`` kinds about it
    /// or about its journal): payable gold 0 and one `withheld-impossible-evidence` finding naming them.
    /// Returns that finding; `nil` when there is no reason or the session is already withheld.
    package mutating func withhold(for reasons: [AuditFinding]) -> AuditFinding? {
        let named = reasons.filter(\.kind.neverHonest)
        guard !named.isEmpty, !findings.contains(where: { $0.kind == .withheldImpossibleEvidence }) else { return nil }
        payableGold = 0
        var phrases: [String] = []
        for reason in named.prefix(ImpossibleEvidenceLog.kept) {
            let place = reason.sequence.map { " (record \($0))" } ?? ""
            let phrase = (reason.kind.neverHonestReason ?? reason.kind.rawValue) + place
            if !phrases.contains(phrase) { phrases.append(phrase) }
        }
        let more = named.count > ImpossibleEvidenceLog.kept ? "; and more" : ""
        let finding = AuditFinding(
            kind: .withheldImpossibleEvidence, journal: journal, sessionID: sessionID,
            detail: "not paid: PlaytimeGuard's recorder never writes this: " + phrases.joined(separator: "; ") + more)
        findings.append(finding)
        return finding
    }
}

/// The findings of ``AuditFinding/Kind/neverHonest`` kinds about the journal being audited that are not on a
/// session's own row (a malformed record, a boot clock going back, a returning boot): by session, and for the
/// journal as a whole when they name no session. A few of each are kept, enough to name the reason.
struct ImpossibleEvidenceLog {
    /// How many findings are kept per session and for the whole journal.
    static let kept = 3
    private var bySession: [String: [AuditFinding]] = [:]
    private var journalWide: [AuditFinding] = []

    /// Keeps `finding` when its kind is never honest.
    mutating func note(_ finding: AuditFinding) {
        guard finding.kind.neverHonest else { return }
        if let session = finding.sessionID {
            if bySession[session, default: []].count < Self.kept { bySession[session, default: []].append(finding) }
        } else if journalWide.count < Self.kept {
            journalWide.append(finding)
        }
    }

    /// What withholds the session `id`: the journal-wide findings, then its own.
    func reasons(for id: String) -> [AuditFinding] {
        journalWide + (bySession[id] ?? [])
    }
}
