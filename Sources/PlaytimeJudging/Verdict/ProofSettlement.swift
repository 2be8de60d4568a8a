/// What happened when a provisional session was later proven.
package struct ProofSettlement: Sendable, Equatable, Codable {
    /// Gold the verified claim is worth (its `paidNow`, with the same multipliers the provisional claim applied).
    package var verifiedGold: Int64
    /// Gold already paid for the provisional claim.
    package var alreadyPaid: Int64
    /// `max(0, verifiedGold − alreadyPaid)`: what the proof makes payable.
    package var extraPayable: Int64
    /// Gold granted now (escrow settled plus any top-up), limited by the daily budget.
    package var granted: Int64
    /// Payable gold the daily budget held back (it stays in the escrow entry when there is one).
    package var withheldByBudget: Int64
    /// The verified breakdown.
    package var breakdown: RewardBreakdown

    /// Creates a settlement record.
    package init(verifiedGold: Int64, alreadyPaid: Int64, extraPayable: Int64, granted: Int64, withheldByBudget: Int64, breakdown: RewardBreakdown) {
        self.verifiedGold = verifiedGold
        self.alreadyPaid = alreadyPaid
        self.extraPayable = extraPayable
        self.granted = granted
        self.withheldByBudget = withheldByBudget
        self.breakdown = breakdown
    }
}

extension RewardLedger {
    /// Settles a provisional claim whose session is now verified: pays `verified gold − already paid`,
    /// first from the claim's escrow entry, then as a top-up grant, all under the daily budget.
    ///
    /// When the proof shows less than the escrow holds, only the extra payable is granted and the entry is
    /// left to expire (never settle it afterwards). A verdict that is not verified pays nothing more.
    package mutating func settle(
        provisional: RewardBreakdown, escrowEntryID: UInt64?, alreadyPaid: Int64,
        verified verdict: ElapsedVerdict, of timeline: SessionTimeline,
        calculator: RewardCalculator, at time: Int64
    ) throws(RewardCalculationError) -> ProofSettlement {
        // A multiplier the provisional claim could not use (nothing was credited yet) was not consumed: it applies now, once.
        let applied = provisional.multipliers.filter { $0.outcome == .applied || $0.outcome == .nothingToMultiply }.map(\.name)
        let breakdown = try calculator.calculate(verdict, of: timeline, requestedMultipliers: applied)
        let verifiedGold = verdict.status == .verified ? breakdown.paidNow : 0
        let paidSoFar = max(0, alreadyPaid)
        let extra = max(0, verifiedGold - min(verifiedGold, paidSoFar))
        var granted: Int64 = 0
        var withheld: Int64 = 0
        var remaining = extra
        if let id = escrowEntryID, let entry = escrow.first(where: { $0.id == id }), entry.gold <= remaining, remaining > 0 {
            do {
                let settlement = try settle(id: id, at: time)
                granted += settlement.paid
                withheld += settlement.stillEscrowed
                remaining -= entry.gold
            } catch {
                // Unknown or expired entry: nothing to settle; the top-up below still applies.
            }
        }
        if remaining > 0 {
            let topUp = grant(remaining, at: time)
            granted += topUp
            withheld += remaining - topUp
        }
        return ProofSettlement(
            verifiedGold: verifiedGold, alreadyPaid: paidSoFar, extraPayable: extra,
            granted: granted, withheldByBudget: withheld, breakdown: breakdown)
    }
}
