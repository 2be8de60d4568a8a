import PlaytimeGuard
import PlaytimeRewards

extension JournalPass {
    /// Recomputes the verdict and reward of one session and checks its claims against them.
    mutating func judge(_ timeline: SessionTimeline, claims: [ClaimRecord], claimSequences: [UInt64],
                        auditor: SessionAuditor) -> AuditedSession {
        let verdict = ElapsedVerdict(timeline: timeline, configuration: configuration.verdict)
        var findings: [AuditFinding] = []
        let journal = name
        func find(_ kind: AuditFinding.Kind, _ sequence: UInt64?, _ detail: String) {
            findings.append(AuditFinding(kind: kind, journal: journal, sessionID: timeline.sessionID, sequence: sequence, detail: detail))
        }
        for flag in verdict.suspiciousFlags {
            find(.suspiciousVerdict, timeline.arrivalSequence, "\(flag.kind.rawValue) by \(flag.amountNanoseconds / 1_000_000_000) s")
        }
        let policy = configuration.policy(version: timeline.policyVersion)
        if policy == nil, !timeline.policyVersion.isEmpty || !claims.isEmpty {
            find(.unknownPolicy, timeline.departureSequence, "departure names unknown policy '\(timeline.policyVersion)'; checked with '\(configuration.policy.version)'")
        }
        let calculator = calculator(for: policy ?? configuration.policy)
        // One-shot multipliers are the game's to grant (an ad watched); each counts once per session.
        var granted: [String] = []
        for claim in claims { for name in claim.multipliers where !granted.contains(name) { granted.append(name) } }
        let final = try? calculator?.calculate(verdict, of: timeline, requestedMultipliers: granted)
        let recomputed = (final?.paidNow ?? 0) &+ (final?.escrowed ?? 0)

        var claimedSoFar: Int64 = 0
        for (index, claim) in claims.enumerated() {
            let sequence = claimSequences[index]
            if claim.goldPerHour != timeline.goldPerHour || claim.policyVersion != timeline.policyVersion {
                find(.rateChanged, sequence, "claim used \(claim.goldPerHour) gold/h under '\(claim.policyVersion)', departure snapshot was \(timeline.goldPerHour) gold/h under '\(timeline.policyVersion)'")
            }
            if claim.creditedSeconds > verdict.creditedSeconds {
                find(.claimMismatch, sequence, "claims \(claim.creditedSeconds) s, the evidence proves \(verdict.creditedSeconds) s")
            }
            if claim.status == .verified, verdict.status != .verified {
                find(.claimMismatch, sequence, "claims verified proof, the evidence is \(verdict.status.rawValue)")
            }
            // The common case, a claim of exactly the final verdict, reuses the final breakdown.
            let sameAsFinal = claim.creditedSeconds == verdict.creditedSeconds && claim.status == verdict.status && claim.multipliers == granted
            let expected = sameAsFinal ? final : try? calculator?.calculate(RewardClaim(creditedSeconds: claim.creditedSeconds, status: claim.status,
                                                                                    goldPerHour: timeline.goldPerHour, requestedMultipliers: claim.multipliers))
            if let expected, expected.paidNow != claim.paidGold || expected.escrowed != claim.escrowedGold {
                find(.claimMismatch, sequence, "claimed \(claim.paidGold) paid + \(claim.escrowedGold) escrow, recomputed \(expected.paidNow) + \(expected.escrowed)")
            }
            let newlyPaid = max(0, claim.paidGold &- claimedSoFar)
            claimedSoFar = max(claimedSoFar, claim.paidGold)
            if newlyPaid > 0, let time = trustedArrivalTime(timeline) {
                let total = auditor.pay(newlyPaid, at: time)
                let limit = (policy ?? configuration.policy).dailyBudgetGold
                if total > limit {
                    find(.dailyBudgetExceeded, sequence, "\(total) gold paid in 24 h, budget \(limit)")
                }
            }
        }
        if claimedSoFar > recomputed {
            find(.claimMismatch, claimSequences.last, "claims paid \(claimedSoFar) gold in total, the evidence justifies \(recomputed)")
        }
        checkOverlap(timeline, auditor: auditor, find: find)
        return AuditedSession(journal: journal, sessionID: timeline.sessionID, verdict: verdict, recomputedGold: recomputed,
                              claimedGold: claims.isEmpty ? nil : claimedSoFar, findings: findings)
    }

    /// The calculator for `policy`, built on first use.
    private mutating func calculator(for policy: RewardPolicy) -> RewardCalculator? {
        if let cached = calculators[policy.version], cached.policy == policy { return cached }
        guard let made = try? RewardCalculator(policy: policy) else { return nil }
        calculators[policy.version] = made
        return made
    }

    /// Network time at the arrival (directly, or proven later in the same boot), if known.
    private func trustedArrivalTime(_ timeline: SessionTimeline) -> Int64? {
        if let network = timeline.arrival?.network { return network.unixNanoseconds }
        if let proof = timeline.laterProof, let arrival = timeline.arrival, let network = proof.network {
            return network.unixNanoseconds &- (proof.clock.bootNanoseconds &- arrival.clock.bootNanoseconds)
        }
        return nil
    }

    /// Sessions of one journal follow each other; sessions of two devices must not both be away at once.
    private mutating func checkOverlap(_ timeline: SessionTimeline, auditor: SessionAuditor,
                                       find: (AuditFinding.Kind, UInt64?, String) -> Void) {
        guard let departure = timeline.departure.network, let arrivalTime = trustedArrivalTime(timeline) else { return }
        let arrivalBound = timeline.arrival?.network?.errorBoundNanoseconds ?? (timeline.laterProof?.network?.errorBoundNanoseconds ?? 0)
        if let previous = lastArrivalNetwork, departure.latest < previous.earliest {
            find(.overlappingSessions, timeline.departureSequence, "departs before the previous session of this journal returned")
        }
        lastArrivalNetwork = NetworkTime(unixNanoseconds: arrivalTime, errorBoundNanoseconds: arrivalBound)
        // The certainly-away interval: after the latest possible departure, before the earliest possible arrival.
        let start = departure.latest
        let end = arrivalTime &- arrivalBound
        guard start < end, timeline.arrival != nil else { return }
        if let clash = auditor.placeInterval(start: start, end: end, journal: name, session: timeline.sessionID) {
            find(.overlappingSessions, timeline.departureSequence, "away at the same time as \(clash)")
        }
    }
}
