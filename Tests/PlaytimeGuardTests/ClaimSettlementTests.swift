import PlaytimeGuard
import Testing

@Suite("Claims and settlement")
struct ClaimSettlementTests {
    let s = Readings.s, t0 = Readings.t0
    let calculator = try! RewardCalculator(policy: .default)

    @Test("a claim uses the departure's rate snapshot and the verdict's status")
    func claimUsesSnapshot() throws {
        let timeline = Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 0, rate: 600),
            Readings.evidence(.foreground, wall: t0 + 3 * 3_600 * s, boot: 3 * 3_600 * s + 2 * s))
        let breakdown = try calculator.calculate(ElapsedVerdict(timeline: timeline), of: timeline)
        #expect(breakdown.goldPerHour == 600)
        #expect(breakdown.status == .verified)
        #expect(breakdown.paidNow == 750)  // (2 h × 600 + 1 h × 300) × 50 %
    }

    @Test("provisional after a reboot, verified by later proof: extra payable = verified gold − already paid, via escrow")
    func provisionalThenVerified() throws {
        let departure = Readings.evidence(.background, wall: t0, boot: 50_000 * s, bootID: "A", network: t0, rate: 600)
        let arrival = Readings.evidence(.launch, wall: t0 + 3 * 3_600 * s, boot: 3_600 * s, bootID: "B")
        let provisionalTimeline = Readings.timeline(departure, arrival)
        let provisional = ElapsedVerdict(timeline: provisionalTimeline)
        #expect(provisional.status == .provisional)
        let first = try calculator.calculate(provisional, of: provisionalTimeline, requestedMultipliers: ["ad"])
        var ledger = RewardLedger(policy: calculator.policy)
        let receipt = ledger.record(first, at: 1_800_010_800)
        #expect(receipt.granted == first.paidNow)
        #expect(receipt.escrow?.gold == first.escrowed)

        let proof = Readings.evidence(.settlement, wall: t0 + 4 * 3_600 * s, boot: 2 * 3_600 * s, bootID: "B", network: t0 + 4 * 3_600 * s)
        let provenTimeline = Readings.timeline(departure, arrival, proof: proof)
        let verified = ElapsedVerdict(timeline: provenTimeline)
        #expect(verified.status == .verified && verified.method == .network)
        let settlement = try ledger.settle(
            provisional: first, escrowEntryID: receipt.escrow?.id, alreadyPaid: receipt.granted,
            verified: verified, of: provenTimeline, calculator: calculator, at: 1_800_014_400)
        let expected = try calculator.calculate(verified, of: provenTimeline, requestedMultipliers: ["ad"]).paidNow
        #expect(settlement.verifiedGold == expected)
        #expect(settlement.extraPayable == expected - receipt.granted)
        #expect(settlement.granted == settlement.extraPayable)
        #expect(ledger.escrow.isEmpty)
        // The ad was applied once, in the provisional claim, and the settlement recomputes it, not reuses it.
        #expect(settlement.breakdown.appliedMultiplierPercents == [200])
    }

    @Test("a settlement with a verdict that is still provisional pays nothing more")
    func notYetVerified() throws {
        let departure = Readings.evidence(.background, wall: t0, boot: 50_000 * s, bootID: "A", network: t0)
        let timeline = Readings.timeline(departure, Readings.evidence(.launch, wall: t0 + 7_200 * s, boot: 3_600 * s, bootID: "B"))
        let verdict = ElapsedVerdict(timeline: timeline)
        let first = try calculator.calculate(verdict, of: timeline)
        var ledger = RewardLedger(policy: calculator.policy)
        let receipt = ledger.record(first, at: 100)
        let settlement = try ledger.settle(
            provisional: first, escrowEntryID: receipt.escrow?.id, alreadyPaid: receipt.granted,
            verified: verdict, of: timeline, calculator: calculator, at: 200)
        #expect(settlement.granted == 0 && settlement.extraPayable == 0)
    }
}
