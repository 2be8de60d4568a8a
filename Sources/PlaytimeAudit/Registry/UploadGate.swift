internal import PlaytimeCrypto
package import PlaytimeGuard
internal import PlaytimeJournal
package import PlaytimeSystem

/// Accepts uploads of device journals the way a game server must: on its own clock, only when an upload
/// extends what it accepted before from that journal (rollback, fork and replay are refused), and paying each
/// session only what its evidence proves beyond what was already paid for it.
///
/// The caller applies the player's rolling daily budget to ``UploadDecision/payments`` (the server's ledger,
/// on the server's clock: the upload time orders what the device's clocks cannot, across boots and devices).
package struct UploadGate: Sendable {
    /// The key journals are verified under.
    package let key: JournalKey
    /// The policy and verdict settings; its `serverNowNanoseconds` is replaced by each upload's time.
    package let configuration: AuditConfiguration
    /// Where each journal's accepted head and paid gold are kept.
    package let registry: any DeviceRegistry
    /// Where each account's paid away intervals are kept, so that its devices are not paid twice for the same
    /// hours; `nil` when the server has one journal per account.
    package let accounts: (any AccountIntervalStore)?
    /// The server's own rate and multiplier decisions for an account; `nil` pays a journal's snapshots.
    package let decisions: (any ServerDecisions)?

    /// Creates a gate.
    package init(key: JournalKey, configuration: AuditConfiguration, registry: any DeviceRegistry,
                accounts: (any AccountIntervalStore)? = nil, decisions: (any ServerDecisions)? = nil) {
        self.key = key
        self.configuration = configuration
        self.registry = registry
        self.accounts = accounts
        self.decisions = decisions
    }

    /// Judges the upload in `file` (positioned anywhere; it is read from the start) at the server's clock `now`.
    /// With an `account` (and an ``accounts`` store), a session's gold is reduced in proportion to the part of
    /// its network-proven time away that another journal of the account was already paid for (never more
    /// than the exact recomputation: the reward is concave in time).
    /// An upload beyond the configuration's ``InputLimits`` throws ``UploadError/overLimit(_:)``: its bytes are
    /// checked before anything is read, the rest while it is read. It is read once: verified and judged
    /// together (docs/fleet.md, "Limits and cost").
    package func accept(file: borrowing OpenFile, now: Int64, account: String? = nil) throws(UploadError) -> UploadDecision {
        let limits = configuration.limits
        let size: Int64
        do throws(SystemError) { size = try file.size() } catch { throw .unreadable(error.message) }
        guard size <= Int64(limits.bytesPerUpload) else { throw .overLimit(.bytes(limit: limits.bytesPerUpload)) }
        let journalID = try Self.journalID(file: file, key: key)
        let previous: DeviceRecord?
        do { previous = try registry.record(journalID: journalID) } catch { throw .registry(error) }

        // One reading: the chain is verified and judged together, and the MAC of the record at the accepted
        // head is taken on the way. A rollback or fork found at the end discards the judgement.
        var judging = configuration
        judging.serverNowNanoseconds = now
        judging.withholdsImpossibleEvidence = true
        judging.firstSeen = previous?.firstSeen ?? FirstSeenTimes()
        // The account's own rate is the ceiling the sessions are judged at: one rule, the auditor's (a snapshot
        // above it is judged at it and named `rate-above-ceiling`).
        if let decisions, let account {
            let cap: Int64?
            do { cap = try decisions.maximumGoldPerHour(account: account) } catch { throw .registry(error) }
            if let cap { judging.maximumGoldPerHour = min(judging.maximumGoldPerHour ?? .max, cap) }
        }
        let auditor = SessionAuditor(key: key, configuration: judging, crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        var macAtHead: [UInt8]?
        let head = previous?.headSequence
        try Self.rewind(file)
        do {
            try auditor.audit(file: file, name: journalID, observe: { view in
                if view.sequence == head { macAtHead = view.macBytes }
            }, onSession: { sessions.append($0) })
        } catch {
            throw .unreadable(String(describing: error))
        }
        guard let verification = auditor.verification else { throw .unreadable("the upload was not read") }
        if verification.recordCount > UInt64(max(0, limits.records)) { throw .overLimit(.records(limit: limits.records)) }
        if let refusal = auditor.refusal { throw .overLimit(refusal) }
        if let previous {
            if verification.recordCount < previous.headSequence {
                return Self.refusal(.uploadRollback, journalID, previous,
                                    "the upload ends at record \(verification.recordCount), before record \(previous.headSequence) accepted earlier")
            }
            guard let mac = macAtHead, constantTimeEquals(mac, previous.headMAC) else {
                return Self.refusal(.uploadFork, journalID, previous,
                                    "record \(previous.headSequence) differs from the one accepted earlier: the journal was rewritten")
            }
        }
        let summary = auditor.finish()

        var paid = previous?.paidGold ?? [:]
        var payments: [SessionPayment] = []
        var findings: [AuditFinding] = []
        var calculators: [String: RewardCalculator] = [:]
        var totals: [Int64] = []
        totals.reserveCapacity(sessions.count)
        for session in sessions {
            var total = session.payableGold
            if let decisions, let account, total > 0 {
                total = try Self.withinDecisions(session, account: account, decisions: decisions,
                                                 configuration: configuration, calculators: &calculators)
            }
            totals.append(total)
        }
        var overlaps = [Int64](repeating: 0, count: sessions.count)
        if let accounts, let account {
            // Every session of the upload in one call: one write of the account's intervals per upload
            // (docs/fleet.md, "Limits and cost").
            let recorded = sessions.indices.filter { totals[$0] > 0 && sessions[$0].certainlyAway != nil }
            let trimmed: [(gold: Int64, overlap: Int64)]
            do {
                trimmed = try accounts.recordAndTrim(recorded.map { (totals[$0], AccountInterval(sessionID: sessions[$0].sessionID,
                                                                                                   away: sessions[$0].certainlyAway ?? 0..<0)) },
                                                     account: account, journalID: journalID)
            } catch {
                throw .registry(error)
            }
            for (position, index) in recorded.enumerated() {
                totals[index] = trimmed[position].gold
                overlaps[index] = trimmed[position].overlap
            }
        }
        // Session ids are printable ASCII (the decoder refuses others, docs/journal-format.md §7), so equal ids
        // are equal bytes.
        for (index, session) in sessions.enumerated() {
            let total = totals[index]
            if overlaps[index] > 0 {
                findings.append(AuditFinding(kind: .overlappingSessions, journal: journalID, sessionID: session.sessionID,
                                             detail: "another device of this account was paid for \(overlaps[index] / 1_000_000_000) s of this time away"))
            }
            let before = paid[session.sessionID] ?? 0
            let owed = total - before
            guard owed > 0 else { continue }
            paid[session.sessionID] = total
            payments.append(SessionPayment(sessionID: session.sessionID, gold: owed, totalPaid: total))
        }
        let nothingNew = previous.map { verification.recordCount == $0.headSequence } ?? false
        if nothingNew {
            findings.append(AuditFinding(kind: .uploadReplay, journal: journalID, sequence: verification.recordCount,
                                         detail: "the upload ends at the head accepted earlier; nothing new is paid"))
        }
        var seen = previous?.firstSeen ?? FirstSeenTimes()
        seen.append(sequence: verification.recordCount, atNanoseconds: now)
        let record = DeviceRecord(headSequence: verification.recordCount, headMAC: verification.headMAC,
                                  paidGold: paid, firstSeen: seen)
        if nothingNew && payments.isEmpty {
            return UploadDecision(outcome: .replayed, journalID: journalID, summary: summary, payments: [],
                                  findings: findings + summary.findings, record: previous)
        }
        guard verification.recordCount > 0 else {
            return UploadDecision(outcome: .accepted, journalID: journalID, summary: summary, payments: [], findings: summary.findings, record: previous)
        }
        let replaced: Bool
        do { replaced = try registry.replace(journalID: journalID, expected: previous, with: record) } catch { throw .registry(error) }
        guard replaced else { throw .concurrentUpload }
        return UploadDecision(outcome: nothingNew ? .replayed : .accepted, journalID: journalID, summary: summary, payments: payments,
                              findings: findings + summary.findings, record: record)
    }

    /// What `session` is worth with only the multipliers the server granted (its rate is already the account's
    /// ceiling at most: the auditor judged it so).
    private static func withinDecisions(_ session: AuditedSession, account: String, decisions: any ServerDecisions,
                                        configuration: AuditConfiguration,
                                        calculators: inout [String: RewardCalculator]) throws(UploadError) -> Int64 {
        let granted: Set<String>
        do { granted = try decisions.grantedMultipliers(account: account, sessionID: session.sessionID) } catch {
            throw .registry(error)
        }
        let rate = session.goldPerHour
        let multipliers = session.multipliers.filter { granted.contains($0) }
        guard multipliers != session.multipliers else { return session.payableGold }
        let policy = configuration.policy(version: session.policyVersion) ?? configuration.policy
        let calculator: RewardCalculator
        if let known = calculators[policy.version] {
            calculator = known
        } else {
            guard let made = try? RewardCalculator(policy: policy) else { return 0 }
            calculators[policy.version] = made
            calculator = made
        }
        let breakdown = try? calculator.calculate(session.verdict, goldPerHour: max(0, rate), requestedMultipliers: multipliers)
        return min(session.payableGold, breakdown?.paidNow ?? 0)
    }

    private static func refusal(_ kind: AuditFinding.Kind, _ journalID: String, _ record: DeviceRecord, _ detail: String) -> UploadDecision {
        UploadDecision(outcome: .rejected, journalID: journalID, summary: AuditSummary(), payments: [],
                       findings: [AuditFinding(kind: kind, journal: journalID, sequence: record.headSequence, detail: detail)], record: record)
    }

    /// The journal id in the upload's header, after verifying the header under `key`.
    private static func journalID(file: borrowing OpenFile, key: JournalKey) throws(UploadError) -> String {
        try rewind(file)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 1)
        defer { buffer.deallocate() }
        let count: Int
        do throws(SystemError) { count = try file.read(into: buffer) } catch { throw .unreadable(error.message) }
        let head = Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        guard let newline = head[0..<count].firstIndex(of: 0x0a) else { throw .notAJournal("no header line") }
        let verification = JournalReader.verify(bytes: Array(head[0...newline]), key: key)
        guard let header = verification.header else {
            throw .notAJournal(verification.failure.map { $0.reason.rawValue } ?? "no header")
        }
        return Hex.encode(header.journalID)
    }

    private static func rewind(_ file: borrowing OpenFile) throws(UploadError) {
        do throws(SystemError) { try file.seek(to: 0) } catch { throw .unreadable(error.message) }
    }
}
