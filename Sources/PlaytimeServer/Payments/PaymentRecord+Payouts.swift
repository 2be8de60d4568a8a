internal import PlaytimeAudit
internal import PlaytimeCrypto
internal import PlaytimeJudging
internal import PlaytimeRewards
internal import PlaytimeTickets

extension PaymentRecord {
    /// The id of the record of the call with idempotency key `key`.
    static func id(forKey key: [UInt8]) -> String { Hex.encode(Array(SHA256.hash(key).prefix(16))) }

    /// The record of a redemption that paid `payout` to `player` at `paidAt`.
    init(redemption payout: TicketPayout, key: [UInt8], player: String, paidAt: Int64, dailyBudgetGold: Int64) {
        let redemption = payout.redemption
        let breakdown = redemption.breakdown
        let applied = breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
        let ticket = redemption.ticket
        let session = Session(
            session: ticket.sessionID, gold: payout.gold + payout.withheldByBudget, totalPaid: payout.gold,
            status: breakdown.status.rawValue, method: "serverClock", creditedSeconds: payout.elapsedSeconds,
            upperSeconds: payout.elapsedSeconds, recomputedGold: breakdown.paidNow, escrowGold: 0,
            coveredGold: max(0, breakdown.paidNow - payout.gold - payout.withheldByBudget), claimedGold: nil,
            goldPerHour: ticket.goldPerHour, policy: breakdown.policyVersion, appliedMultipliers: applied, multipliers: applied,
            pendingMultipliers: [],
            departureRecord: nil, returnRecord: nil, awayFrom: ticket.issuedAt, awayTo: redemption.redeemedAt, flags: [],
            explanation: "the server's clock measured \(payout.elapsedSeconds) s between the ticket's issue and its redemption")
        self.init(
            id: Self.id(forKey: key), kind: .redemption, player: player, paidAt: paidAt, gold: payout.gold,
            payableGold: payout.gold + payout.withheldByBudget, withheldByBudget: payout.withheldByBudget,
            dailyBudgetGold: dailyBudgetGold, messages: payout.messages.map(Message.init), findings: [], sessions: [session],
            redemption: Redemption(
                session: ticket.sessionID, issuedAt: ticket.issuedAt, redeemedAt: redemption.redeemedAt,
                elapsedSeconds: payout.elapsedSeconds, goldPerHour: ticket.goldPerHour, multipliers: applied,
                policy: breakdown.policyVersion),
            upload: nil)
    }

    /// The record of an upload that paid `payout` to `player` at `paidAt`.
    init(upload payout: UploadPayout, key: [UInt8], player: String, paidAt: Int64, dailyBudgetGold: Int64) {
        let decision = payout.decision
        let summary = decision.summary
        let paidNow = Dictionary(decision.payments.map { ($0.sessionID, $0) }, uniquingKeysWith: { first, _ in first })
        let sessions = decision.reports.map { report -> Session in
            let audited = report.session
            let verdict = audited.verdict
            return Session(
                session: audited.sessionID, gold: report.owedGold, totalPaid: paidNow[audited.sessionID]?.totalPaid ?? report.totalGold,
                status: verdict.status.rawValue, method: verdict.method.rawValue, creditedSeconds: verdict.creditedSeconds,
                upperSeconds: verdict.upperSeconds, recomputedGold: audited.recomputedGold,
                escrowGold: max(0, audited.recomputedGold - audited.payableGold), coveredGold: report.coveredGold,
                claimedGold: audited.claimedGold,
                goldPerHour: audited.goldPerHour, policy: audited.policyVersion, appliedMultipliers: report.appliedMultipliers,
                multipliers: audited.multipliers,
                pendingMultipliers: audited.pendingMultipliers, departureRecord: audited.departureSequence,
                returnRecord: audited.arrivalSequence, awayFrom: audited.certainlyAway?.lowerBound,
                awayTo: audited.certainlyAway?.upperBound, flags: verdict.flags.map(\.kind.rawValue),
                explanation: verdict.explanation)
        }
        self.init(
            id: Self.id(forKey: key), kind: .upload, player: player, paidAt: paidAt, gold: payout.paidGold, payableGold: payout.payableGold,
            withheldByBudget: payout.withheldByBudget, dailyBudgetGold: dailyBudgetGold, messages: payout.messages.map(Message.init),
            findings: decision.findings.map(Finding.init), sessions: sessions, redemption: nil,
            upload: Upload(
                journal: decision.journalID, outcome: decision.outcome.rawValue, records: summary.records,
                sessions: summary.sessions, creditedSeconds: summary.creditedSeconds, recomputedGold: summary.recomputedGold,
                claimedGold: summary.claimedGold, clean: payout.isClean))
    }
}

extension PaymentRecord.Message {
    init(_ message: PlayerMessage) {
        self.init(key: message.key, values: message.values, text: message.text)
    }
}

extension PaymentRecord.Finding {
    init(_ finding: AuditFinding) {
        self.init(kind: finding.kind.rawValue, session: finding.sessionID, record: finding.sequence, detail: finding.detail)
    }
}
