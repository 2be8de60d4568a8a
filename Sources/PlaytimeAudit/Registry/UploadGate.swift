internal import PlaytimeCrypto
package import PlaytimeJournal
package import PlaytimeJudging
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
    /// The key the server's anchors are verified with; `nil` verifies none (every session is then unanchored
    /// unless the journal was enrolled).
    package let anchorKey: AnchorKey?
    /// The server time the journal was enrolled at (an enrolled journal's id says it, docs/anchors.md): no
    /// record of it is older. `nil` for a journal the server did not enroll.
    package let enrolledAt: Int64?
    /// For a journal the server enrolled (its key derived from the server secret and the id): the server time of its
    /// enrollment, which the journal's id carries. Record 1 of every upload must then be that enrollment's anchor — issued
    /// by this server at that time for this journal and the uploading account, naming head 0 — or the upload is refused
    /// whole and nothing is recorded (`enrollment-anchor-missing`, docs/anchors.md §2). `nil`: not enrolled.
    package let enrollmentAnchorAt: Int64?

    /// Creates a gate.
    package init(
        key: JournalKey, configuration: AuditConfiguration, registry: any DeviceRegistry,
        accounts: (any AccountIntervalStore)? = nil, decisions: (any ServerDecisions)? = nil,
        anchorKey: AnchorKey? = nil, enrolledAt: Int64? = nil, enrollmentAnchorAt: Int64? = nil
    ) {
        self.key = key
        self.anchorKey = anchorKey
        self.enrolledAt = enrolledAt
        self.enrollmentAnchorAt = enrollmentAnchorAt
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
        let size: Int64
        do throws(SystemError) { size = try file.size() } catch { throw .unreadable(error.message) }
        guard size <= Int64(configuration.limits.bytesPerUpload) else { throw .overLimit(.bytes(limit: configuration.limits.bytesPerUpload)) }
        let journalID = try Self.journalID(file: file, key: key)
        try Self.rewind(file)
        return try judge(source: file, journalID: journalID, now: now, account: account)
    }

    /// Judges an upload held in memory (the bytes a server received) as ``accept(file:now:account:)`` judges a
    /// file: the same checks, read once, without writing it anywhere.
    package func accept(bytes: [UInt8], now: Int64, account: String? = nil) throws(UploadError) -> UploadDecision {
        guard bytes.count <= configuration.limits.bytesPerUpload else { throw .overLimit(.bytes(limit: configuration.limits.bytesPerUpload)) }
        let journalID = try Self.journalID(header: Array(bytes.prefix(1024)), key: key)
        let result = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<UploadDecision, UploadError> in
            Result { () throws(UploadError) in try judge(source: JournalBytes(buffer), journalID: journalID, now: now, account: account) }
        }
        return try result.get()
    }

    /// The judgement of an upload whose header named `journalID`, its records streamed from `source`.
    private func judge<Source: JournalRecordSource & ~Copyable>(
        source: borrowing Source, journalID: String, now: Int64,
        account: String?
    ) throws(UploadError) -> UploadDecision {
        let limits = configuration.limits
        // The registry knows a journal by its id and its key's id together: a journal written by someone else
        // under another key with the same id (anyone can read an id in an anchor) never takes its place. A
        // record kept under the id alone (before this rule) still counts, so nothing accepted is paid again.
        let journalKey = journalID + key.keyIDHex
        var keyed: DeviceRecord?
        var previous: DeviceRecord?
        do throws(RegistryError) {
            keyed = try registry.record(journalID: journalKey)
            previous = keyed
            if previous == nil { previous = try registry.record(journalID: journalID) }
        } catch {
            throw .registry(error)
        }
        // Under a key the server shares between journals (not enrolled), anyone with a copy can upload a journal: the
        // account that uploads it first does not take it from the others. Another account's upload is judged and paid
        // as that account's own journal, under a record of its own, and says so (docs/anchors.md §2). Its records are
        // judged as of when the server first saw them, whoever sent them.
        let owned = previous
        var registryKey = journalKey
        var paymentScope = journalID
        var firstAccount: String?
        if enrollmentAnchorAt == nil, let account, let holder = owned?.account, !AccountIntervals.same(holder, account) {
            firstAccount = holder
            let digest = Self.accountDigest(account)
            registryKey = journalKey + digest
            paymentScope = journalID + digest
            do { keyed = try registry.record(journalID: registryKey) } catch { throw .registry(error) }
            previous = keyed
        }
        let sightings = previous?.firstSeen ?? owned?.firstSeen ?? FirstSeenTimes()

        // One reading: the chain is verified and judged together, and the MAC of the record at the accepted
        // head is taken on the way. A rollback or fork found at the end discards the judgement.
        var judging = configuration
        judging.serverNowNanoseconds = now
        judging.withholdsImpossibleEvidence = true
        judging.firstSeen = sightings
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
        var anchors = AnchorCollector(key: anchorKey, journalID: journalID, account: account ?? "")
        do {
            try auditor.audit(
                source: source, name: journalID, key: key,
                observe: { view in
                    if view.sequence == head { macAtHead = view.macBytes }
                    anchors.observe(view)
                }, onSession: { sessions.append($0) })
        } catch {
            throw .unreadable(String(describing: error))
        }
        guard let verification = auditor.verification else { throw .unreadable("the upload was not read") }
        if verification.recordCount > UInt64(max(0, limits.records)) { throw .overLimit(.records(limit: limits.records)) }
        if let refusal = auditor.refusal { throw .overLimit(refusal) }
        if let owner = anchors.otherAccount {
            // The server issued this journal's anchors to another player: it is theirs, and nothing of it is
            // paid here, nor recorded (docs/anchors.md).
            return UploadDecision(
                outcome: .rejected, journalID: journalID, summary: AuditSummary(), payments: [],
                findings: [
                    AuditFinding(
                        kind: .anchorRejected, journal: journalID, sequence: owner,
                        detail: "the server enrolled or anchored this journal for another player; nothing is paid")
                ],
                record: previous)
        }
        if let enrolled = enrollmentAnchorAt {
            // An enrolled journal begins with its enrollment anchor, which names its account: a journal written with a
            // copy of the key under the same id but without it never takes the enrolled journal's place (docs/anchors.md §2).
            let first = anchors.anchors.first
            guard let first, first.recordSequence == 1, first.headSequence == 0, first.serverNanoseconds == enrolled else {
                let detail =
                    verification.recordCount == 0
                    ? "the upload holds no record, so not the journal's enrollment anchor"
                    : "record 1 is not this journal's enrollment anchor for this account (issued by this server at \(UTCText.format(enrolled)), naming record 0)"
                return UploadDecision(
                    outcome: .rejected, journalID: journalID, summary: AuditSummary(), payments: [],
                    findings: [
                        AuditFinding(
                            kind: .enrollmentAnchorMissing, journal: journalID, sequence: 1,
                            detail: detail + "; nothing is paid or recorded")
                    ],
                    record: previous)
            }
        }
        if let previous {
            if verification.recordCount < previous.headSequence {
                return Self.refusal(
                    .uploadRollback, journalID, previous,
                    "the upload ends at record \(verification.recordCount), before record \(previous.headSequence) accepted earlier")
            }
            guard let mac = macAtHead, constantTimeEquals(mac, previous.headMAC) else {
                return Self.refusal(
                    .uploadFork, journalID, previous,
                    "record \(previous.headSequence) differs from the one accepted earlier: the journal was rewritten")
            }
        }
        var summary = auditor.finish()
        if accounts != nil, account != nil {
            // Placed on the server's own clock, the journal's credit is bounded by what that clock saw pass
            // (docs/anchors.md): the span the device's clocks suggest is a weaker bound, which an honest journal
            // (offline play, then a reboot proven by network time) can exceed. It is not reported here.
            summary.findings.removeAll { $0.kind == .creditedExceedsSpan }
        }
        var findings = anchors.findings
        if let firstAccount, let account {
            let disputed = sessions.filter { (owned?.paidGold[$0.sessionID] ?? 0) > 0 }
            findings.append(
                AuditFinding(
                    kind: .uploadedByAnotherAccount, journal: journalID,
                    detail:
                        "this journal was first uploaded for another account (digest \(Self.accountDigest(firstAccount))), "
                        + "which was paid \(disputed.count) of its session(s) in this upload; it is judged and paid here as "
                        + "account \(Self.accountDigest(account))'s own, within that account's bound"))
        }

        var paid = previous?.paidGold ?? [:]
        var payments: [SessionPayment] = []
        var calculators: [String: RewardCalculator] = [:]
        var totals: [Int64] = []
        totals.reserveCapacity(sessions.count)
        let placer = SessionPlacer(anchors: anchors.anchors, enrolledAt: enrolledAt, now: now)
        var sessionTerms: [Terms] = []
        for session in sessions {
            var total = session.payableGold
            let retired = Self.retiredLabel(session, placer: placer, configuration: configuration)
            if let retired {
                findings.append(
                    AuditFinding(
                        kind: .retiredPolicy, journal: journalID, sessionID: session.sessionID,
                        sequence: session.departureSequence, detail: retired))
            }
            var terms = Terms(policy: configuration.policy(version: session.policyVersion) ?? configuration.policy, multipliers: session.multipliers)
            // A session worth nothing without its pending multipliers can be worth gold with them (floored gold:
            // 0.5 → 0, but × 2 → 1), so it is priced again; a withheld one never is.
            if total > 0 || retired != nil || (!session.pendingMultipliers.isEmpty && !session.isWithheld) {
                (total, terms) = try Self.repriced(
                    session, account: account, decisions: decisions, underServerPolicy: retired != nil,
                    configuration: configuration, calculators: &calculators)
            }
            totals.append(total)
            sessionTerms.append(terms)
        }
        var notConserved: [Int: String] = [:]
        var reports: [SessionReport] = []
        let priced = totals
        if let accounts, let account {
            try Self.conserve(
                sessions, terms: sessionTerms, totals: &totals, notConserved: &notConserved, placer: placer,
                account: account, journalID: journalID, accounts: accounts, configuration: configuration)
        }
        // Session ids are printable ASCII (the decoder refuses others, docs/journal-format.md §7), so equal ids
        // are equal bytes.
        for (index, session) in sessions.enumerated() {
            let total = totals[index]
            if let detail = notConserved[index] {
                findings.append(
                    AuditFinding(
                        kind: .timeNotConserved, journal: journalID, sessionID: session.sessionID,
                        sequence: session.arrivalSequence, detail: detail))
            }
            let before = paid[session.sessionID] ?? 0
            let owed = total - before
            let returnedNow = (session.arrivalSequence ?? 0) > (previous?.headSequence ?? 0)
            if owed > 0 || returnedNow, reports.count < UploadDecision.maximumReports {
                reports.append(
                    SessionReport(
                        session: session, totalGold: total, owedGold: max(0, owed), coveredGold: max(0, priced[index] - total),
                        appliedMultipliers: sessionTerms[index].multipliers))
            }
            guard owed > 0 else { continue }
            paid[session.sessionID] = total
            payments.append(SessionPayment(sessionID: session.sessionID, gold: owed, totalPaid: total))
        }
        let nothingNew = previous.map { verification.recordCount == $0.headSequence } ?? false
        if nothingNew {
            findings.append(
                AuditFinding(
                    kind: .uploadReplay, journal: journalID, sequence: verification.recordCount,
                    detail: "the upload ends at the head accepted earlier; nothing new is paid"))
        }
        var seen = sightings
        seen.append(sequence: verification.recordCount, atNanoseconds: now)
        let record = DeviceRecord(
            headSequence: verification.recordCount, headMAC: verification.headMAC,
            paidGold: paid, firstSeen: seen, account: account ?? previous?.account)
        if nothingNew && payments.isEmpty {
            return UploadDecision(
                outcome: .replayed, journalID: journalID, summary: summary, payments: [],
                findings: findings + summary.findings, record: previous, paymentScope: paymentScope)
        }
        guard verification.recordCount > 0 else {
            return UploadDecision(
                outcome: .accepted, journalID: journalID, summary: summary, payments: [], findings: summary.findings, record: previous,
                paymentScope: paymentScope)
        }
        let replaced: Bool
        do { replaced = try registry.replace(journalID: registryKey, expected: keyed, with: record) } catch { throw .registry(error) }
        guard replaced else { throw .concurrentUpload }
        var decision = UploadDecision(
            outcome: nothingNew ? .replayed : .accepted, journalID: journalID, summary: summary, payments: payments,
            findings: findings + summary.findings, record: record, paymentScope: paymentScope)
        decision.reports = reports
        return decision
    }

    /// 16 hex digits naming an account without spelling it (the first 8 bytes of SHA-256 of its UTF-8 bytes after
    /// `playtime-account` and a 0 byte): a registry key part, and how a finding names an account for support.
    package static func accountDigest(_ account: String) -> String {
        Hex.encode(Array(SHA256.hash(Array("playtime-account".utf8) + [0] + Array(account.utf8)).prefix(8)))
    }

    /// Places every session with gold on the account's line of server time (docs/anchors.md, "Conservation"),
    /// the best-proven first, in one call of the store, and cuts each session's gold to the share of its time
    /// that fits; `notConserved` gets, by session index, what did not fit, in words.
    private static func conserve(
        _ sessions: [AuditedSession], terms: [Terms], totals: inout [Int64], notConserved: inout [Int: String],
        placer: SessionPlacer, account: String, journalID: String,
        accounts: any AccountIntervalStore, configuration: AuditConfiguration
    ) throws(UploadError) {
        let tolerance = max(0, configuration.verdict.clockStepToleranceNanoseconds)
        // What each session asks for (its credited time, at most the cap of the policy that pays it, the server's
        // when its label is retired) and its window of server time.
        var asks: [(index: Int, nanoseconds: Int64, window: Range<Int64>?)] = []
        for (index, session) in sessions.enumerated() where totals[index] > 0 {
            let cap = terms[index].policy.cap(for: session.verdict.status).multipliedReportingOverflow(by: 1_000_000_000)
            let nanoseconds = min(max(0, session.verdict.lowerNanoseconds), cap.overflow ? .max : cap.partialValue)
            guard nanoseconds > 0 else { continue }
            asks.append((index, nanoseconds, placer.window(departure: session.departureSequence, arrival: session.arrivalSequence)))
        }
        // The journal's lead: how far, up to the clock-step tolerance, its network time provably runs ahead of the
        // server's clock — a certainly-away interval ending after its window (after the server saw the return) by
        // that much. Every certainly-away interval of the upload may lie that much earlier (docs/anchors.md §3):
        // back-to-back sessions of a journal whose honest NTP is ahead of the server, uploaded at once, are then
        // placed one after the other instead of the last one moved onto the one before it (issue 33). Without a
        // lead (network time not ahead) nothing changes.
        var lead: Int64 = 0
        for ask in asks {
            guard let window = ask.window, let away = sessions[ask.index].certainlyAway else { continue }
            let end = Saturating.add(away.lowerBound, ask.nanoseconds)
            if end > window.upperBound { lead = max(lead, min(tolerance, Saturating.subtract(end, window.upperBound))) }
        }
        var requests: [(index: Int, gold: Int64, placement: Placement)] = []
        for (index, nanoseconds, found) in asks {
            let session = sessions[index]
            let policy = terms[index].policy
            let placement: Placement
            if var window = found {
                // Network or signed time names the interval itself: the session is placed there and nowhere else —
                // moved by up to the clock-step tolerance into the window first, as honest network time a minute
                // off the server's clock at the enrollment or the upload would otherwise lose that minute — or as
                // much earlier as the journal's lead.
                var preferred: Range<Int64>
                if let away = session.certainlyAway {
                    // Its start and the time asked for (the auditor cut the interval at the time of judging).
                    let (end, overflow) = away.lowerBound.addingReportingOverflow(nanoseconds)
                    let stated = away.lowerBound..<(overflow ? Int64.max : end)
                    let led = Saturating.subtract(stated.lowerBound, lead)..<Saturating.subtract(stated.upperBound, lead)
                    let exact = Self.shifted(led, into: window, by: tolerance)
                    let low = max(window.lowerBound, min(exact.lowerBound, led.lowerBound))
                    let high = min(window.upperBound, max(exact.upperBound, stated.upperBound))
                    window = low < high ? low..<high : low..<low
                    preferred = exact
                } else {
                    preferred = Self.preferred(endingAt: session.arrivalWallNanoseconds, nanoseconds, in: window)
                }
                placement = Placement(sessionID: session.sessionID, window: window, preferred: preferred, nanoseconds: nanoseconds)
            } else {
                let pool = policy.provisionalCapSeconds.multipliedReportingOverflow(by: 1_000_000_000)
                placement = .unanchored(sessionID: session.sessionID, nanoseconds: nanoseconds, capNanoseconds: pool.overflow ? .max : pool.partialValue)
            }
            requests.append((index, totals[index], placement))
        }
        guard !requests.isEmpty else { return }
        // The best-proven first: what does not fit is taken from the least-proven.
        requests.sort { (Self.proofRank(sessions[$0.index].verdict), $0.index) < (Self.proofRank(sessions[$1.index].verdict), $1.index) }
        let trimmed: [(gold: Int64, held: Int64)]
        do {
            trimmed = try accounts.placeAndTrim(requests.map { ($0.gold, $0.placement) }, account: account, journalID: journalID)
        } catch {
            throw .registry(error)
        }
        for (position, request) in requests.enumerated() {
            var (gold, held) = trimmed[position]
            let wanted = request.placement.nanoseconds
            if held < wanted {
                // The reward for the time placed, exactly (the proportional cut is the fallback: never more). A deficit
                // under one second is the clocks' granularity, not time paid twice (the verdict credits whole seconds,
                // and an honest neighbour's placement can reach a few milliseconds in): it costs no gold
                // (docs/anchors.md, "Conservation").
                let paidFor = wanted - held < 1_000_000_000 ? wanted : held
                gold = max(gold, min(request.gold, Self.gold(for: paidFor, of: sessions[request.index], terms: terms[request.index]) ?? gold))
            }
            totals[request.index] = gold
            guard held < wanted, gold < request.gold else { continue }
            let window = request.placement.window
            let place =
                window.lowerBound < 0
                ? "sessions no server anchor places share one provisional allowance per account (\(UTCText.seconds(SegmentSet.length(window))))"
                : "between \(UTCText.format(window.lowerBound)) and \(UTCText.format(window.upperBound)) the server's clock saw \(UTCText.seconds(SegmentSet.length(window))) pass"
            notConserved[request.index] =
                place
                + "; \(UTCText.seconds(wanted - held)) of this session's \(UTCText.seconds(wanted)) are already credited to other sessions or tickets of this account and are not paid (\(request.gold - gold) gold)"
        }
    }

    /// The gold `session` is worth for `held` nanoseconds of its credited time, under the policy it was judged
    /// with, at its rate and with its multipliers; `nil` when that cannot be computed.
    private static func gold(for held: Int64, of session: AuditedSession, terms: Terms) -> Int64? {
        let claim = RewardClaim(
            creditedSeconds: held / 1_000_000_000, status: session.verdict.status,
            goldPerHour: max(0, session.goldPerHour), requestedMultipliers: terms.multipliers)
        return try? RewardCalculator(policy: terms.policy).calculate(claim).paidNow
    }

    /// The policy and multipliers a session is paid with, after the server's decisions.
    struct Terms {
        var policy: RewardPolicy
        var multipliers: [String]
    }

    /// `interval` moved by at most `tolerance` so that it starts no earlier and ends no later than `window`
    /// (as far as that tolerance goes; its length is kept).
    private static func shifted(_ interval: Range<Int64>, into window: Range<Int64>, by tolerance: Int64) -> Range<Int64> {
        var move: Int64 = 0
        if interval.lowerBound < window.lowerBound {
            move = min(
                tolerance,
                window.lowerBound.subtractingReportingOverflow(interval.lowerBound).overflow
                    ? tolerance
                    : window.lowerBound - interval.lowerBound)
        } else if interval.upperBound > window.upperBound {
            move = -min(
                tolerance,
                interval.upperBound.subtractingReportingOverflow(window.upperBound).overflow
                    ? tolerance
                    : interval.upperBound - window.upperBound)
        }
        let (low, lowOverflow) = interval.lowerBound.addingReportingOverflow(move)
        let (high, highOverflow) = interval.upperBound.addingReportingOverflow(move)
        return lowOverflow || highOverflow ? interval : low..<high
    }

    /// Where a session without network or signed time most likely lies: the `nanoseconds` before its return's
    /// wall clock, moved inside `window` (a wrong wall clock only changes where its time is looked for first).
    private static func preferred(endingAt wall: Int64?, _ nanoseconds: Int64, in window: Range<Int64>) -> Range<Int64> {
        let upper = min(max(wall ?? window.upperBound, window.lowerBound), window.upperBound)
        let (start, overflow) = upper.subtractingReportingOverflow(nanoseconds)
        let lower = overflow ? window.lowerBound : max(window.lowerBound, start)
        return lower..<upper
    }

    /// 0 for signed time, 1 network, 2 boot clock, 3 uptime (verified), 4 for anything provisional.
    private static func proofRank(_ verdict: ElapsedVerdict) -> Int {
        guard verdict.status == .verified else { return 4 }
        switch verdict.method {
        case .signedTime: return 0
        case .network: return 1
        case .bootClock: return 2
        case .uptimeBound, .none: return 3
        }
    }

    /// Why the retained policy `session`'s departure names cannot pay it, in words, or `nil` when it can: the
    /// server decides the policy (docs/anchors.md). A label selects a retained version only for a session the
    /// server's anchors place before that version's retirement; one that nothing places gets the server's.
    private static func retiredLabel(_ session: AuditedSession, placer: SessionPlacer, configuration: AuditConfiguration) -> String? {
        let label = session.policyVersion
        guard label != configuration.policy.version, configuration.retainedPolicies[label] != nil else { return nil }
        guard placer.window(departure: session.departureSequence, arrival: session.arrivalSequence) != nil else {
            return "the departure names the retained policy '\(label)', but no server anchor places it before that policy's retirement; "
                + "paid under '\(configuration.policy.version)'"
        }
        // The label stands only when the server's clock proves the departure came before the retirement: an
        // anchor naming a head at or after the departure, issued before it.
        let latest = placer.latestDeparture(session.departureSequence)
        guard let retiredAt = configuration.policyRetirements[label], latest >= retiredAt else { return nil }
        return "the departure names policy '\(label)', retired at \(UTCText.format(retiredAt)); nothing proves it departed before "
            + "(the server's anchors place it as late as \(UTCText.format(latest))); paid under '\(configuration.policy.version)'"
    }

    /// What `session` is worth under the server's decisions: only the multipliers the server granted — of those
    /// the game's claims applied, and of those they left pending, which the server pays when it granted them —
    /// (its rate is already the account's ceiling at most: the auditor judged it so) and, when its label is
    /// retired, the server's policy instead of the one its departure names.
    private static func repriced(
        _ session: AuditedSession, account: String?, decisions: (any ServerDecisions)?, underServerPolicy: Bool,
        configuration: AuditConfiguration,
        calculators: inout [String: RewardCalculator]
    ) throws(UploadError) -> (Int64, Terms) {
        guard !session.isWithheld else { return (0, Terms(policy: configuration.policy, multipliers: [])) }
        var multipliers = session.multipliers
        if let decisions, let account {
            let granted: Set<String>
            do { granted = try decisions.grantedMultipliers(account: account, sessionID: session.sessionID) } catch {
                throw .registry(error)
            }
            multipliers = (session.multipliers + session.pendingMultipliers).filter { granted.contains($0) }
        }
        // A pending multiplier the server granted raises the session above what the game was paid.
        let raised = multipliers.contains { !session.multipliers.contains($0) }
        let policy = underServerPolicy ? configuration.policy : configuration.policy(version: session.policyVersion) ?? configuration.policy
        let terms = Terms(policy: policy, multipliers: multipliers)
        guard underServerPolicy || multipliers != session.multipliers else { return (session.payableGold, terms) }
        let calculator: RewardCalculator
        if let known = calculators[policy.version] {
            calculator = known
        } else {
            guard let made = try? RewardCalculator(policy: policy) else { return (0, terms) }
            calculators[policy.version] = made
            calculator = made
        }
        let breakdown = try? calculator.calculate(session.verdict, goldPerHour: max(0, session.goldPerHour), requestedMultipliers: multipliers)
        let gold = breakdown?.paidNow ?? 0
        return (underServerPolicy || raised ? gold : min(session.payableGold, gold), terms)
    }

    private static func refusal(_ kind: AuditFinding.Kind, _ journalID: String, _ record: DeviceRecord, _ detail: String) -> UploadDecision {
        UploadDecision(
            outcome: .rejected, journalID: journalID, summary: AuditSummary(), payments: [],
            findings: [AuditFinding(kind: kind, journal: journalID, sequence: record.headSequence, detail: detail)], record: record)
    }

    /// The journal id in the upload's header, after verifying the header under `key`.
    private static func journalID(file: borrowing OpenFile, key: JournalKey) throws(UploadError) -> String {
        try rewind(file)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 1)
        defer { buffer.deallocate() }
        let count: Int
        do throws(SystemError) { count = try file.read(into: buffer) } catch { throw .unreadable(error.message) }
        return try journalID(header: Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])), key: key)
    }

    /// The journal id in `head` (an upload's first bytes, its header line among them), after verifying the header
    /// under `key`.
    private static func journalID(header head: [UInt8], key: JournalKey) throws(UploadError) -> String {
        guard let newline = head.firstIndex(of: 0x0a) else { throw .notAJournal("no header line") }
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
