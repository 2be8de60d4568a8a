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

    /// The first claim of a closed session.
    func firstPayment(_ timeline: SessionTimeline, multipliers: [String], awaitingProof: Bool) throws(EarningsError) -> AwayPayout {
        let verdict = ElapsedVerdict(timeline: timeline)
        let calculator = try calculator(for: timeline)
        let breakdown: RewardBreakdown
        do { breakdown = try calculator.calculate(verdict, of: timeline, requestedMultipliers: multipliers) } catch {
            throw .reward(error)
        }
        let applied = breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
        let claim = ClaimRecord(sessionID: timeline.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed, multipliers: applied,
                                goldPerHour: timeline.goldPerHour, policyVersion: timeline.policyVersion)
        try record(claim)
        return AwayPayout(sessionID: timeline.sessionID, goldNow: breakdown.paidNow, goldInEscrow: breakdown.escrowed,
                          explanation: verdict.explanation + " " + breakdown.payoutSentence, awaitingProof: awaitingProof, claim: claim,
                          verdict: verdict, breakdown: breakdown, timeline: timeline)
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
                payouts.append(try firstPayment(timeline, multipliers: [],
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
    /// when the proof justifies less than was already paid (nothing is taken back).
    func topUp(_ timeline: SessionTimeline, after previous: ClaimRecord) throws(EarningsError) -> AwayPayout? {
        let verdict = ElapsedVerdict(timeline: timeline)
        let calculator = try calculator(for: timeline)
        // The multipliers the earlier claim applied apply again (the same one-shot use, not a second one).
        let breakdown: RewardBreakdown
        do { breakdown = try calculator.calculate(verdict, of: timeline, requestedMultipliers: previous.multipliers) } catch {
            throw .reward(error)
        }
        let paidBefore = previous.paidGold
        guard breakdown.paidNow >= paidBefore else { return nil }
        let claim = ClaimRecord(sessionID: timeline.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed,
                                multipliers: breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name),
                                goldPerHour: timeline.goldPerHour, policyVersion: timeline.policyVersion)
        try record(claim)
        return AwayPayout(sessionID: timeline.sessionID, goldNow: breakdown.paidNow - paidBefore, goldInEscrow: breakdown.escrowed,
                          explanation: verdict.explanation + " " + breakdown.payoutSentence, awaitingProof: timeline.arrivalNeedsProof && timeline.laterProof == nil,
                          claim: claim, verdict: verdict, breakdown: breakdown, timeline: timeline)
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
