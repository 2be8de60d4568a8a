import Foundation
package import PlaytimeJournal
package import PlaytimeJudging
internal import PlaytimeRewards
package import PlaytimeSystem

/// Audits journals as a game server would: verifies each chain while streaming it (constant memory),
/// recomputes every verdict and reward, compares them with what the game claimed, and checks the
/// invariants that span sessions and devices.
///
/// Feed journals one by one with `audit(file:name:onSession:)`, then call `finish()`.
package final class SessionAuditor {
    /// What the audit checks against.
    package let configuration: AuditConfiguration
    private let key: JournalKey
    private var summary = AuditSummary()
    private var sessionIDs = SessionIDSet()
    private var budget = BudgetWindow()
    /// Rolling budgets on the boot clock of boots without any network time, by boot id.
    private var bootBudgets: [String: BudgetWindow] = [:]
    private var creditedNanoseconds: Int64 = 0
    private var spanNanoseconds: Int64 = 0
    /// Network-proven away intervals of earlier journals (other devices), for the overlap check.
    private var otherDevices = DeviceIntervals()
    private var thisDevice: [DeviceIntervals.Interval] = []

    /// True when intervals are kept for the cross-device overlap check (only needed with several journals;
    /// a single journal is audited in memory that does not grow with its length).
    package let crossDeviceChecks: Bool

    /// The limit the journal of the latest ``audit(file:name:onSession:)`` went beyond, if any (it also
    /// has a `limit-exceeded` finding); the upload gate refuses such an upload.
    package private(set) var refusal: LimitExceeded?
    /// The chain verification of the latest ``audit(file:name:observe:onSession:)``.
    package private(set) var verification: JournalVerification?

    /// The never-honest findings of the journal being audited, when sessions are withheld for them
    /// (``AuditConfiguration/withholdsImpossibleEvidence``).
    private var impossible = ImpossibleEvidenceLog()

    /// True when a second thread judges records while this one verifies the chain (on machines with more
    /// than one core); results and their order are the same either way.
    package let judgesConcurrently: Bool

    /// Creates an auditor for journals under `key`. Pass `crossDeviceChecks: false` when auditing one journal.
    package init(
        key: JournalKey, configuration: AuditConfiguration, crossDeviceChecks: Bool = true,
        judgesConcurrently: Bool = ProcessInfo.processInfo.activeProcessorCount > 1
    ) {
        self.key = key
        self.configuration = configuration
        self.crossDeviceChecks = crossDeviceChecks
        self.judgesConcurrently = judgesConcurrently
    }

    /// Streams one journal (a file or standard input), calling `onSession` for each audited session.
    /// `key` verifies this journal instead of the auditor's (a server's derived journal keys, docs/anchors.md).
    /// Returns the findings of this journal; a chain failure stops the reading there (records before it
    /// are still audited).
    /// `observe` sees every verified record first, on the reading thread (the upload gate takes the MAC at
    /// the head it accepted earlier from it, so that an upload is read once).
    @discardableResult
    package func audit(
        file: borrowing OpenFile, name: String, key journalKey: JournalKey? = nil, observe: (JournalRecordView) -> Void = { _ in },
        onSession: (AuditedSession) -> Void
    ) throws(JournalError) -> [AuditFinding] {
        try audit(source: file, name: name, key: journalKey ?? key, observe: observe, onSession: onSession)
    }

    /// The audit of one journal, its verified records streamed from `source` (a file, or an upload's bytes in memory:
    /// ``JournalBytes``).
    package func audit<Source: JournalRecordSource & ~Copyable>(
        source: borrowing Source, name: String, key: JournalKey,
        observe: (JournalRecordView) -> Void,
        onSession: (AuditedSession) -> Void
    ) throws(JournalError) -> [AuditFinding] {
        let findingsBefore = summary.findings.count
        // Withholding: sessions are held until the whole journal is read, since what withholds one may come later.
        let withholding = configuration.withholdsImpossibleEvidence
        impossible = ImpossibleEvidenceLog()
        var held: [AuditedSession] = []
        let (verification, pass) =
            judgesConcurrently
            ? try streamConcurrently(source: source, name: name, key: key, observe: observe) { withholding ? held.append($0) : onSession($0) }
            : try streamSequentially(source: source, name: name, key: key, observe: observe) { withholding ? held.append($0) : onSession($0) }
        refusal = pass.refusal
        self.verification = verification
        if let failure = verification.failure {
            // How far it verifies: the records before the bad line are judged (and paid by a server) as any journal cut
            // there would be; nothing after it is read (docs/audit-json.md, `chain-broken`).
            record(
                AuditFinding(
                    kind: .chainBroken, journal: name, sequence: UInt64(failure.line),
                    detail: "\(failure.reason.rawValue) at line \(failure.line) (byte \(failure.byteOffset)); the journal verifies "
                        + "through record \(verification.recordCount) (\(verification.verifiedByteCount) bytes), which is judged"))
        }
        if withholding {
            // Findings recorded after a session was judged (a later malformed record, a boot clock going back
            // later in the journal) withhold it too: payable gold is final only here.
            for index in held.indices {
                if let added = held[index].withhold(for: impossible.reasons(for: held[index].sessionID)) { record(added) }
                onSession(held[index])
            }
        }
        summary.journals += 1
        summary.records += verification.recordCount
        summary.bytes += verification.verifiedByteCount
        spanNanoseconds =
            spanNanoseconds.addingReportingOverflow(pass.span.provableSpanNanoseconds).overflow
            ? Int64.max : spanNanoseconds + pass.span.provableSpanNanoseconds
        otherDevices.add(thisDevice)
        thisDevice.removeAll()
        return Array(summary.findings[findingsBefore...])
    }

    private func streamSequentially<Source: JournalRecordSource & ~Copyable>(
        source: borrowing Source, name: String, key: JournalKey, observe: (JournalRecordView) -> Void,
        onSession: (consuming AuditedSession) -> Void
    ) throws(JournalError) -> (JournalVerification, JournalPass) {
        var pass = JournalPass(name: name, configuration: configuration)
        let verification = try source.streamRecords(key: key) { view in
            observe(view)
            pass.consume(view, auditor: self, onSession: onSession)
        }
        pass.finish(auditor: self, onSession: onSession)
        return (verification, pass)
    }

    /// This thread verifies the chain and copies verified records into batches; a worker judges them.
    private func streamConcurrently<Source: JournalRecordSource & ~Copyable>(
        source: borrowing Source, name: String, key: JournalKey, observe: (JournalRecordView) -> Void,
        onSession: (consuming AuditedSession) -> Void
    ) throws(JournalError) -> (JournalVerification, JournalPass) {
        let worker = JudgingWorker(pass: JournalPass(name: name, configuration: configuration), auditor: self)
        worker.start()
        let batchBytes = 1 << 19
        var batch = RecordBatch(capacity: batchBytes + 4096)
        let verification: JournalVerification
        do {
            verification = try source.streamRecords(key: key) { view in
                observe(view)
                batch.append(view)
                guard batch.byteCount >= batchBytes else { return }
                worker.submit(batch)
                batch = RecordBatch(capacity: batchBytes + 4096)
                for session in worker.drain() { onSession(session) }
            }
        } catch {
            worker.endOfInput()
            worker.join()
            throw error
        }
        if !batch.isEmpty { worker.submit(batch) }
        worker.endOfInput()
        worker.join()
        for session in worker.drain() { onSession(session) }
        return (verification, worker.pass)
    }

    /// Runs the checks that need every journal, and returns the totals.
    package func finish() -> AuditSummary {
        // Saturating: a span at Int64.max (a segment asserting an enormous reboot credit, §13.4) proves everything.
        if creditedNanoseconds > Saturating.add(spanNanoseconds, max(0, configuration.spanToleranceNanoseconds)) {
            record(
                AuditFinding(
                    kind: .creditedExceedsSpan, journal: "*",
                    detail: "credited \(creditedNanoseconds / 1_000_000_000) s but the journals prove at most \(spanNanoseconds / 1_000_000_000) s"))
        }
        return summary
    }

    // MARK: - Called by a pass

    func record(_ finding: AuditFinding) {
        summary.findings.append(finding)
        if configuration.withholdsImpossibleEvidence { impossible.note(finding) }
    }

    /// The never-honest findings recorded so far that withhold the session `id` of the journal being audited
    /// (empty unless ``AuditConfiguration/withholdsImpossibleEvidence``).
    func impossibleEvidence(about id: String) -> [AuditFinding] {
        impossible.reasons(for: id)
    }

    /// Registers a session id; false when it was seen before.
    func registerSession(_ id: String) -> Bool { sessionIDs.insert(id) }

    /// Adds gold paid at a network time (`boot` nil) or on the boot clock of `boot`; returns the rolling 24 h
    /// total of that timeline.
    func pay(_ gold: Int64, at time: Int64, onBoot boot: String?) -> Int64 {
        guard let boot else { return budget.add(gold, at: time) }
        return bootBudgets[boot, default: BudgetWindow()].add(gold, at: time)
    }

    // MARK: - The two payment rules every session is judged by (docs/audit-json.md)

    /// The earn rate a session is judged at: the rate its departure snapshotted, at most the configured ceiling
    /// (``AuditConfiguration/maximumGoldPerHour``). A negative snapshot stays negative (nothing is paid).
    func judgedRate(snapshot: Int64) -> Int64 {
        guard let ceiling = configuration.maximumGoldPerHour else { return snapshot }
        return min(snapshot, max(0, ceiling))
    }

    /// Counts the gold of one session — the gold its evidence justifies, or more when its claims paid more —
    /// against the rolling 24 h budget of its timeline, claimed or not. Returns the window's total when it
    /// passes `limit`, else `nil`. A session worth nothing adds nothing and is never named.
    func chargeBudget(recomputed: Int64, claimed: Int64, at time: Int64, onBoot boot: String?, limit: Int64) -> Int64? {
        let gold = max(recomputed, claimed, 0)
        guard gold > 0 else { return nil }
        let total = pay(gold, at: time, onBoot: boot)
        return total > limit ? total : nil
    }

    /// Records a network-proven away interval; returns the session it overlaps on another device, if any.
    func placeInterval(start: Int64, end: Int64, journal: String, session: String) -> String? {
        let clash = otherDevices.overlapping(start: start, end: end)
        if crossDeviceChecks { thisDevice.append(DeviceIntervals.Interval(start: start, end: end, journal: journal, session: session)) }
        return clash.map { "\($0.journal) session \($0.session)" }
    }

    /// Adds an audited session to the totals.
    func account(_ session: AuditedSession) {
        summary.sessions += 1
        summary.creditedSeconds = Saturating.add(summary.creditedSeconds, max(0, session.verdict.creditedSeconds))
        creditedNanoseconds = Saturating.add(creditedNanoseconds, max(0, session.verdict.lowerNanoseconds))
        summary.recomputedGold = Saturating.add(summary.recomputedGold, max(0, session.recomputedGold))
        summary.claimedGold = Saturating.add(summary.claimedGold, max(0, session.claimedGold ?? 0))
        if !session.findings.isEmpty { summary.findings += session.findings }
    }
}
