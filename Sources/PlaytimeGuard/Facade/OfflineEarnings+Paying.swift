internal import PlaytimeRewards

/// Verdict → reward → claim, the way a server recomputes them (docs/journal-format.md §8).
extension OfflineEarnings {
    /// Judges the session `arrival` closed, pays it and records the claim — unless a settlement already paid
    /// it (``payTopUps()`` pays a return without a claim; it ran between this return's record and now).
    func pay(_ arrival: RecordedEvent, multipliers: [String]) throws(EarningsError) -> AwayPayout? {
        guard let timeline = arrival.timeline else { return nil }
        return try settling.withLock { paidBySettlement throws(EarningsError) -> AwayPayout? in
            guard !paidBySettlement.contains(timeline.sessionID) else { return nil }
            return try firstPayment(timeline, multipliers: multipliers, awaitingProof: arrival.needsSettlement)
        }
    }

    /// The first claim of a closed session. The multipliers the game asked for wait for the server's grant: the
    /// claim records them as pending and pays without them (docs/reward-policy.md, "Multipliers are the server's").
    func firstPayment(_ timeline: SessionTimeline, multipliers: [String], awaitingProof: Bool) throws(EarningsError) -> AwayPayout {
        let priced = try price(timeline, applied: [], pending: multipliers)
        return try record(priced, of: timeline, paidBefore: 0, awaitingProof: awaitingProof, isSettlement: false)
    }

    /// Pays every candidate of the journal (``JournalReadBack``); the caller holds the settlement lock and
    /// passes the set of sessions settlements paid without a claim before (this process's returns check it).
    /// A return that was never claimed is paid as a first payment without multipliers; one whose policy this
    /// game no longer retains is left unpaid (as its return was) instead of failing every settlement.
    func payTopUps(paidBySettlement: inout Set<String>) throws(EarningsError) -> [AwayPayout] {
        let readBack: JournalReadBack
        do { readBack = try JournalReadBack.read(path: journalPath, key: journalKey, skipping: paidBySettlement) } catch {
            throw .journal(error)
        }
        var payouts: [AwayPayout] = []
        for candidate in readBack.candidates {
            guard let previous = candidate.previous else {
                guard calculators[candidate.timeline.policyVersion] != nil else { continue }
                let timeline = candidate.timeline
                payouts.append(
                    try firstPayment(
                        timeline, multipliers: [],
                        awaitingProof: timeline.arrivalNeedsProof && timeline.laterProof == nil))
                paidBySettlement.insert(timeline.sessionID)
                continue
            }
            if let payout = try topUp(candidate.timeline, after: previous) { payouts.append(payout) }
        }
        return payouts
    }

    /// Judges a settled session again (the journal's timeline, with its later proof) and pays what it adds to
    /// the latest claim; the new claim is cumulative and carries the new verdict's figures. `nil`, and no claim,
    /// when the proof justifies less than was already paid (nothing is taken back). The multipliers the earlier
    /// claim applied apply again (the same one-shot use, not a second one); its pending ones stay pending.
    func topUp(_ timeline: SessionTimeline, after previous: ClaimRecord) throws(EarningsError) -> AwayPayout? {
        let priced = try price(timeline, applied: previous.multipliers, pending: previous.pendingMultipliers)
        guard priced.breakdown.paidNow >= previous.paidGold else { return nil }
        return try record(
            priced, of: timeline, paidBefore: previous.paidGold,
            awaitingProof: timeline.arrivalNeedsProof && timeline.laterProof == nil, isSettlement: true)
    }

    /// The verdict of `timeline` and its reward: `applied` multipliers pay (those an earlier claim applied, in a
    /// journal written before multipliers waited for grants), `pending` ones are priced but not paid.
    private func price(
        _ timeline: SessionTimeline, applied: [String],
        pending: [String]
    ) throws(EarningsError) -> (verdict: ElapsedVerdict, breakdown: RewardBreakdown, pending: PendingMultipliers) {
        let verdict = ElapsedVerdict(timeline: timeline)
        let calculator = try calculator(for: timeline)
        do {
            let breakdown = try calculator.calculate(verdict, of: timeline, requestedMultipliers: applied)
            let pending = try PendingMultipliers(requested: pending, base: breakdown) { names throws(RewardCalculationError) in
                try calculator.calculate(verdict, of: timeline, requestedMultipliers: applied + names)
            }
            return (verdict, breakdown, pending)
        } catch {
            throw .reward(error)
        }
    }

    /// Records the cumulative claim of a priced session and answers what it pays beyond `paidBefore`.
    private func record(
        _ priced: (verdict: ElapsedVerdict, breakdown: RewardBreakdown, pending: PendingMultipliers), of timeline: SessionTimeline,
        paidBefore: Int64, awaitingProof: Bool, isSettlement: Bool
    ) throws(EarningsError) -> AwayPayout {
        let (verdict, breakdown, pending) = priced
        let claim = ClaimRecord(
            sessionID: timeline.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
            paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed,
            multipliers: breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name),
            pendingMultipliers: pending.names, goldPerHour: timeline.goldPerHour, policyVersion: timeline.policyVersion)
        try record(claim)
        return AwayPayout(
            sessionID: timeline.sessionID, goldNow: breakdown.paidNow - paidBefore, goldInEscrow: breakdown.escrowed,
            explanation: verdict.explanation + " " + breakdown.payoutSentence + pending.sentence, awaitingProof: awaitingProof,
            claim: claim, verdict: verdict, breakdown: breakdown, timeline: timeline, pending: pending,
            settlesEarlierPayment: isSettlement)
    }

    /// The calculator of the policy the departure snapshotted.
    private func calculator(for timeline: SessionTimeline) throws(EarningsError) -> RewardCalculator {
        guard let calculator = calculators[timeline.policyVersion] else {
            throw .unknownPolicy(sessionID: timeline.sessionID, version: timeline.policyVersion)
        }
        return calculator
    }

    private func record(_ claim: ClaimRecord) throws(EarningsError) {
        do { try recorder.recordClaim(claim) } catch { throw .recorder(error) }
    }
}
