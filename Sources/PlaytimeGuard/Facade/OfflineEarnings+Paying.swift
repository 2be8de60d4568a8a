import PlaytimeRewards

/// Verdict → reward → claim, the way a server recomputes them (docs/journal-format.md §8).
extension OfflineEarnings {
    /// Judges the session `arrival` closed, pays it and records the claim.
    func pay(_ arrival: RecordedEvent, multipliers: [String]) throws(EarningsError) -> AwayPayout? {
        guard let timeline = arrival.timeline else { return nil }
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
                          explanation: verdict.explanation, awaitingProof: arrival.needsSettlement, claim: claim,
                          verdict: verdict, breakdown: breakdown, timeline: timeline)
    }

    /// Judges a settled session again (the journal's timeline, with its later proof) and pays what it adds to
    /// the latest claim; the new claim is cumulative. With nothing to add, the payout repeats the latest claim
    /// and pays 0; a session never claimed (the app died between its return and its claim) is paid in full.
    func topUp(_ timeline: SessionTimeline, after previous: ClaimRecord?) throws(EarningsError) -> AwayPayout? {
        guard timeline.arrival != nil else { return nil }
        let verdict = ElapsedVerdict(timeline: timeline)
        let calculator = try calculator(for: timeline)
        // The multipliers the earlier claim applied apply again (the same one-shot use, not a second one).
        let multipliers = previous?.multipliers ?? []
        let breakdown: RewardBreakdown
        do { breakdown = try calculator.calculate(verdict, of: timeline, requestedMultipliers: multipliers) } catch {
            throw .reward(error)
        }
        let paidBefore = previous?.paidGold ?? 0
        let extra = breakdown.paidNow - min(breakdown.paidNow, paidBefore)
        var claim = previous ?? ClaimRecord(sessionID: timeline.sessionID, creditedSeconds: 0, status: verdict.status, paidGold: 0,
                                            escrowedGold: 0, multipliers: [], goldPerHour: timeline.goldPerHour,
                                            policyVersion: timeline.policyVersion)
        if extra > 0 || previous == nil {
            claim = ClaimRecord(sessionID: timeline.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed,
                                multipliers: breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name),
                                goldPerHour: timeline.goldPerHour, policyVersion: timeline.policyVersion)
            try record(claim)
        }
        return AwayPayout(sessionID: timeline.sessionID, goldNow: extra, goldInEscrow: extra > 0 || previous == nil ? breakdown.escrowed : 0,
                          explanation: verdict.explanation, awaitingProof: timeline.arrivalNeedsProof && timeline.laterProof == nil,
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
