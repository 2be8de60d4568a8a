internal import PlaytimeJudging
internal import PlaytimeRewards
internal import PlaytimeSystem

/// What a departure's policy version resolves to: the policy (if known) and its calculator. A class, so that
/// reusing it for the next session of the same version copies no policy (a retain per string and array).
final class PolicyResolution {
    /// The version string as the departure names it.
    let version: String
    /// True when the auditor knows the policy of that version.
    let known: Bool
    /// The daily budget of the policy used (the named one, else the configured one).
    let dailyBudgetGold: Int64
    /// The calculator of the policy used, or `nil` when that policy is invalid.
    let calculator: RewardCalculator?

    init(version: String, known: Bool, dailyBudgetGold: Int64, calculator: RewardCalculator?) {
        self.version = version
        self.known = known
        self.dailyBudgetGold = dailyBudgetGold
        self.calculator = calculator
    }
}

extension JournalPass {
    /// Recomputes the verdict and reward of one session and checks its claims against them.
    mutating func judge(_ timeline: SessionTimeline, claims: Claims, auditor: SessionAuditor) -> AuditedSession {
        let verdict = ElapsedVerdict.judging(
            timeline, configuration: configuration.verdict,
            serverNowNanoseconds: configuration.serverNowNanoseconds, firstSeen: configuration.firstSeen)
        var findings: [AuditFinding] = []
        let journal = name
        let sessionID = timeline.sessionID
        if !verdict.flags.isEmpty {
            for flag in verdict.flags where flag.kind.isSuspicious {
                Self.find(
                    &findings, .suspiciousVerdict, journal, sessionID, timeline.arrivalSequence,
                    "\(flag.kind.rawValue) by \(flag.amountNanoseconds / 1_000_000_000) s")
            }
        }
        // A repeated id is named on the row of the departure that repeated it (an abandoned departure of the same
        // id has a row of its own, judged first).
        if !duplicateDepartures.isEmpty, let departureSequence = timeline.departureSequence, duplicateDepartures.remove(departureSequence) != nil {
            Self.find(&findings, .duplicateSession, journal, sessionID, departureSequence, "session id used before")
        }
        if timeline.goldPerHour < 0 {
            Self.find(
                &findings, .negativeRate, journal, sessionID, timeline.departureSequence,
                "departure snapshotted \(timeline.goldPerHour) gold/h; nothing is paid")
        }
        let resolution = resolvePolicy(version: timeline.policyVersion)
        if !resolution.known, !timeline.policyVersion.isEmpty || !claims.isEmpty {
            Self.find(
                &findings, .unknownPolicy, journal, sessionID, timeline.departureSequence,
                "departure names unknown policy '\(timeline.policyVersion)'; checked with '\(configuration.policy.version)'")
        }
        let rate = auditor.judgedRate(snapshot: timeline.goldPerHour)
        if rate < timeline.goldPerHour {
            Self.find(
                &findings, .rateAboveCeiling, journal, sessionID, timeline.departureSequence,
                "departure snapshotted \(timeline.goldPerHour) gold/h, above the ceiling of \(rate) gold/h; judged at \(rate) gold/h")
        }
        // One-shot multipliers are the game's to grant (an ad watched); each counts once per session.
        // First occurrence order, distinct by a set: linear in the names (docs/fleet.md, "Limits and cost").
        var granted: [String] = []
        var grantedNames = Set<String>()
        claims.forEach { _, claim in
            for name in claim.multipliers where grantedNames.insert(name).inserted { granted.append(name) }
        }
        // Names the game asked for that wait for the server's grant (claim version 2): not in the claims' gold,
        // paid by a server that granted them (docs/reward-policy.md, "Multipliers are the server's").
        var pending: [String] = []
        claims.forEach { _, claim in
            for name in claim.pendingMultipliers where grantedNames.insert(name).inserted { pending.append(name) }
        }
        let final = try? resolution.calculator?.payment(verdict, goldPerHour: rate, requestedMultipliers: granted)
        // A claim written before the later proof was made on the verdict without it (docs/journal-format.md §8).
        var beforeProof: ElapsedVerdict?
        if let proofSequence = timeline.laterProofSequence, claims.count > 0, claims[0].sequence < proofSequence {
            var withoutProof = timeline
            withoutProof.laterProof = nil
            withoutProof.laterProofSequence = nil
            beforeProof = ElapsedVerdict(
                timeline: withoutProof, configuration: configuration.verdict,
                serverNowNanoseconds: configuration.serverNowNanoseconds, firstSeen: configuration.firstSeen)
        }
        let recomputed = Saturating.add(final?.paidNow ?? 0, final?.escrowed ?? 0)

        var claimedSoFar: Int64 = 0
        var highestPaid: Int64?
        claims.forEach { sequence, claim in
            if claim.goldPerHour != timeline.goldPerHour || claim.policyVersion != timeline.policyVersion {
                Self.find(
                    &findings, .rateChanged, journal, sessionID, sequence,
                    "claim used \(claim.goldPerHour) gold/h under '\(claim.policyVersion)', departure snapshot was \(timeline.goldPerHour) gold/h under '\(timeline.policyVersion)'"
                )
            }
            let madeBeforeProof = beforeProof != nil && sequence < (timeline.laterProofSequence ?? 0)
            let judged = madeBeforeProof ? beforeProof ?? verdict : verdict
            if claim.creditedSeconds > judged.creditedSeconds {
                Self.find(
                    &findings, .claimMismatch, journal, sessionID, sequence,
                    "claims \(claim.creditedSeconds) s, the evidence proves \(judged.creditedSeconds) s")
            }
            if claim.status == .verified, judged.status != .verified {
                Self.find(
                    &findings, .claimMismatch, journal, sessionID, sequence,
                    "claims verified proof, the evidence is \(judged.status.rawValue)")
            }
            // The common case, a claim of exactly the final verdict, reuses the final breakdown.
            let sameAsJudged = claim.creditedSeconds == judged.creditedSeconds && claim.status == judged.status
            let expectedPaid: Int64?
            let expectedEscrow: Int64?
            if sameAsJudged, !madeBeforeProof, claim.multipliers == granted {
                expectedPaid = final?.paidNow
                expectedEscrow = final?.escrowed
            } else if sameAsJudged {
                let expected = try? resolution.calculator?.payment(judged, goldPerHour: rate, requestedMultipliers: claim.multipliers)
                expectedPaid = expected?.paidNow
                expectedEscrow = expected?.escrowed
            } else {
                let expected = try? resolution.calculator?.payment(
                    RewardClaim(
                        creditedSeconds: claim.creditedSeconds, status: claim.status,
                        goldPerHour: rate, requestedMultipliers: claim.multipliers))
                expectedPaid = expected?.paidNow
                expectedEscrow = expected?.escrowed
            }
            if let paid = expectedPaid, let escrow = expectedEscrow, paid != claim.paidGold || escrow != claim.escrowedGold {
                Self.find(
                    &findings, .claimMismatch, journal, sessionID, sequence,
                    "claimed \(claim.paidGold) paid + \(claim.escrowedGold) escrow, recomputed \(paid) + \(escrow)")
            }
            // Against the highest earlier claim only: a first claim has nothing to go down from (§8).
            if let highest = highestPaid, claim.paidGold < highest {
                Self.find(
                    &findings, .paidDecreased, journal, sessionID, sequence,
                    "cumulative paid went down from \(highest) to \(claim.paidGold) gold")
            }
            highestPaid = max(highestPaid ?? claim.paidGold, claim.paidGold)
            claimedSoFar = max(claimedSoFar, claim.paidGold)
        }
        // Every session's gold counts against the rolling budget, claimed or not.
        if let payment = paymentTime(timeline, verdict: verdict),
            let total = auditor.chargeBudget(
                recomputed: recomputed, claimed: claimedSoFar, at: payment.time, onBoot: payment.boot,
                limit: resolution.dailyBudgetGold)
        {
            Self.find(
                &findings, .dailyBudgetExceeded, journal, sessionID, claims.isEmpty ? timeline.arrivalSequence : claims[claims.count - 1].sequence,
                "\(total) gold in 24 h, budget \(resolution.dailyBudgetGold)")
        }
        if claimedSoFar > recomputed {
            Self.find(
                &findings, .claimMismatch, journal, sessionID, claims.isEmpty ? nil : claims[claims.count - 1].sequence,
                "claims paid \(claimedSoFar) gold in total, the evidence justifies \(recomputed)")
        }
        let away = placeAway(timeline, verdict: verdict)
        checkOverlap(timeline, away: away, auditor: auditor, findings: &findings)
        var audited = AuditedSession(
            journal: journal, sessionID: sessionID, verdict: verdict, recomputedGold: recomputed,
            payableGold: final?.paidNow ?? 0, claimedGold: claims.isEmpty ? nil : claimedSoFar, findings: findings,
            certainlyAway: away)
        audited.goldPerHour = rate
        audited.policyVersion = timeline.policyVersion
        audited.multipliers = granted
        audited.pendingMultipliers = pending
        audited.departureSequence = timeline.departureSequence
        audited.arrivalSequence = timeline.arrivalSequence
        audited.arrivalWallNanoseconds = timeline.arrival?.clock.wallNanoseconds
        if configuration.withholdsImpossibleEvidence {
            // Nothing an honest recorder cannot write is paid (docs/guarantees.md): this session's own findings,
            // and what the journal showed so far about it (SessionAuditor applies what comes later).
            _ = audited.withhold(for: findings + auditor.impossibleEvidence(about: sessionID))
        }
        return audited
    }

    @inline(__always)
    private static func find(
        _ findings: inout [AuditFinding], _ kind: AuditFinding.Kind, _ journal: String, _ sessionID: String,
        _ sequence: UInt64?, _ detail: @autoclosure () -> String
    ) {
        findings.append(AuditFinding(kind: kind, journal: journal, sessionID: sessionID, sequence: sequence, detail: detail()))
    }

    /// The policy and calculator a departure's version resolves to; the configuration is fixed for the
    /// pass, so the last resolution is reused while the version repeats.
    private mutating func resolvePolicy(version: String) -> PolicyResolution {
        if let last = lastResolution, last.version == version { return last }
        let policy = configuration.policy(version: version)
        let used = policy ?? configuration.policy
        let resolution = PolicyResolution(
            version: version, known: policy != nil, dailyBudgetGold: used.dailyBudgetGold,
            calculator: calculator(for: used))
        lastResolution = resolution
        return resolution
    }

    /// The calculator for `policy`, built on first use.
    private mutating func calculator(for policy: RewardPolicy) -> RewardCalculator? {
        if let cached = calculators[policy.version], cached.policy == policy { return cached }
        guard let made = try? RewardCalculator(policy: policy) else { return nil }
        calculators[policy.version] = made
        return made
    }

    /// Network time at the arrival as the verdict may use it (its own, or the later proof's carried back along
    /// the boot clock), if known; never network time with a negative error bound or from the future (rule 0).
    private func trustedArrival(_ timeline: SessionTimeline) -> UsableNetworkInterval? {
        timeline.arrivalNetwork(judgedBy: networkJudge, driftPPM: configuration.verdict.driftPPM)
    }

    /// When a session's gold counts against the rolling budget: network time at the return (its own, a later
    /// proof's, or a fix of the same boot carried along the boot clock), or else the return's boot clock, a
    /// timeline of its own (`boot` names it). Without a boot identity there is no timeline at all.
    private func paymentTime(_ timeline: SessionTimeline, verdict: ElapsedVerdict) -> (time: Int64, boot: String?)? {
        // A session judged by signed time is placed by its signed answer, which no device evidence can move.
        if verdict.method == .signedTime, let signed = timeline.arrivalSignedEarliestNanoseconds { return (signed, nil) }
        if let time = trustedArrival(timeline)?.unixNanoseconds { return (time, nil) }
        guard case .some(let arrival) = timeline.arrival, let boot = arrival.clock.bootID else { return nil }
        if let anchor = currentAnchor.flatMap({ $0.boot == boot ? ($0.unixNanoseconds, $0.bootNanoseconds) : nil }) ?? bootAnchors[boot] {
            return (
                (UnixInstant(nanoseconds: anchor.unixNanoseconds) + (arrival.clock.boot - BootInstant(nanoseconds: anchor.bootNanoseconds))).nanoseconds, nil
            )
        }
        return (arrival.clock.bootNanoseconds, boot)
    }

    /// Within one boot the boot clock orders sessions even without network time.
    private mutating func checkBootOverlap(_ timeline: SessionTimeline, findings: inout [AuditFinding]) {
        guard case .some(let arrival) = timeline.arrival else { return }
        if let previous = lastArrivalBoot, previous.id == timeline.departure.clock.bootID,
            timeline.departure.clock.bootNanoseconds < previous.nanoseconds
        {
            Self.find(
                &findings, .overlappingSessions, name, timeline.sessionID, timeline.departureSequence,
                "departs \(Self.gapMilliseconds(previous.nanoseconds, timeline.departure.clock.bootNanoseconds)) ms (boot clock) before the previous session of this journal returned"
            )
        }
        if let boot = arrival.clock.bootID { lastArrivalBoot = (boot, arrival.clock.bootNanoseconds) }
    }

    /// The session's certainly-away interval (``certainlyAway(_:verdict:)``), placed after the previous session's
    /// (docs/journal-format.md §10c): its start is at least the previous interval's end (journal order: it departed
    /// after that session returned) and, when both depart in one boot, at least the previous interval's start plus
    /// the boot clock between the two departures, less its drift allowance. Network time read at two fixes can
    /// differ by the NTP server's step, where journal order and the boot clock cannot (an honest offset change of a
    /// second or more used to make the intervals overlap and time conservation trim the second, issue 33). It only
    /// moves an interval later, never so that its credit would end more than the clock-step tolerance after the
    /// server's clock, and the interval still ends no later than that clock. A session released late is neither moved nor
    /// remembered (journal order already places it).
    private mutating func placeAway(_ timeline: SessionTimeline, verdict: ElapsedVerdict) -> Range<Int64>? {
        guard var away = certainlyAway(timeline, verdict: verdict) else { return nil }
        let inOrder = timeline.departureSequence.map { $0 >= lastOrderedDeparture } ?? true
        guard inOrder else { return away }
        let departure = timeline.departure.clock
        // A signedTime verdict's interval too: signed time is true time, but the previous session's interval may be
        // network time ahead of it (an honest NTP server 3 s fast before a signed session overlapped it by 3 s).
        if let previous = lastAway {
            // Journal order: it departed after the previous session returned.
            var floor = previous.end
            if let boot = previous.boot, boot == departure.bootID, departure.bootNanoseconds >= previous.departureBoot {
                // One boot: the boot clock between the two departures.
                let between = TimeSpan(nanoseconds: departure.bootNanoseconds) - TimeSpan(nanoseconds: previous.departureBoot)
                let along = UnixInstant(nanoseconds: previous.start) + (between - between.driftAllowance(ppm: configuration.verdict.driftPPM))
                floor = max(floor, along.nanoseconds)
            }
            // Never so late that the credit would end more than the clock-step tolerance after the server's clock:
            // an honest interval ends by then (its network time is at most a minute ahead), a boot clock shifted
            // forward between the sessions would push it past.
            let credit = TimeSpan(nanoseconds: verdict.lowerNanoseconds)
            let now = UnixInstant(nanoseconds: configuration.serverNowNanoseconds)
            let latest = now + TimeSpan(nanoseconds: max(0, configuration.verdict.clockStepToleranceNanoseconds)) - credit
            let start = min(UnixInstant(nanoseconds: floor), latest)
            if start.nanoseconds > away.lowerBound, start < now {
                away = start.nanoseconds..<min(start + credit, now).nanoseconds
            }
        }
        lastAway = (departure.bootID, departure.bootNanoseconds, away.lowerBound, away.upperBound)
        return away
    }

    /// Where on the network timeline the verdict's credit lies, for the account's two-device check and the upload
    /// gate's placement: from the latest the departure can have been (its signed stamp for a `signedTime` verdict,
    /// else its own network time, usable and not later than the server's clock) for exactly the credited lower
    /// bound — moved back, never before the earliest the departure can have been, when that would end after the
    /// latest the return can have been (the credit lies inside the session: a boot-clock credit from a departure
    /// whose network time is uncertain by a second would otherwise reach a second into the next session, and an
    /// honest player lose that second; found by the agreement property, issue 18) — never past the server's clock.
    /// `nil` without such a departure time or without credit.
    private func certainlyAway(_ timeline: SessionTimeline, verdict: ElapsedVerdict) -> Range<Int64>? {
        guard verdict.lowerNanoseconds > 0 else { return nil }
        let credit = TimeSpan(nanoseconds: verdict.lowerNanoseconds)
        var start: UnixInstant
        if verdict.method == .signedTime, let latest = timeline.departureSignedLatestNanoseconds {
            // Signed time places the credit itself, from the stamp's latest time: no device evidence moves it.
            start = UnixInstant(nanoseconds: latest)
        } else {
            guard let departure = timeline.departureNetwork(judgedBy: networkJudge), departure.latest < Int64.max else { return nil }
            start = UnixInstant(nanoseconds: departure.latest)
            if let arrival = trustedArrival(timeline) {
                let overrun = (start + credit) - UnixInstant(nanoseconds: arrival.latest)
                if overrun > .zero { start = max(UnixInstant(nanoseconds: departure.earliest), start - overrun) }
            }
        }
        let now = UnixInstant(nanoseconds: configuration.serverNowNanoseconds)
        guard start < now else { return nil }
        let end = min(start + credit, now)
        return start < end ? start.nanoseconds..<end.nanoseconds : nil
    }

    /// Sessions of one journal follow each other; sessions of two devices must not both be away at once.
    /// `away` is the session's certainly-away interval (``certainlyAway(_:verdict:)``), the one the upload gate
    /// places for an account too.
    private mutating func checkOverlap(
        _ timeline: SessionTimeline, away: Range<Int64>?, auditor: SessionAuditor,
        findings: inout [AuditFinding]
    ) {
        // Journal order already proves that a session which waited for proof ended before later ones began.
        let inOrder = timeline.departureSequence.map { $0 >= lastOrderedDeparture } ?? true
        if let departure = timeline.departureSequence, inOrder { lastOrderedDeparture = departure }
        if inOrder { checkBootOverlap(timeline, findings: &findings) }
        // The instants compared are the ones the verdict may use (rule 0): a departure's latest network time
        // against the previous return's earliest, own or proven later, so a spoofer's answer from the future
        // at one return never makes the next honest departure look early.
        guard let departure = timeline.departureNetwork(judgedBy: networkJudge), let arrival = trustedArrival(timeline) else { return }
        if inOrder {
            // Within the clock-step tolerance, as every comparison of honest network time: two fixes, of one boot
            // or of two, can differ by an NTP server's step (an honest offset 5 s lower at the next departure was
            // named an overlap and withheld, issue 33).
            let tolerance = TimeSpan(nanoseconds: max(0, configuration.verdict.clockStepToleranceNanoseconds))
            if let previous = lastArrivalNetwork,
                UnixInstant(nanoseconds: departure.latest) + tolerance < UnixInstant(nanoseconds: previous.earliest)
            {
                Self.find(
                    &findings, .overlappingSessions, name, timeline.sessionID, timeline.departureSequence,
                    "departs before the previous session of this journal returned")
            }
            lastArrivalNetwork = arrival
        }
        guard let away else { return }
        if let clash = auditor.placeInterval(start: away.lowerBound, end: away.upperBound, journal: name, session: timeline.sessionID) {
            Self.find(&findings, .overlappingSessions, name, timeline.sessionID, timeline.departureSequence, "away at the same time as \(clash)")
        }
    }
}
