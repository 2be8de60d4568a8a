import PlaytimeGuard
import PlaytimeRewards
import Testing

/// The verdict rules added so that a game server pays only what it can prove (issue: the server pays only
/// what it can prove): same-boot spoofing is delayed, not erased; forged reboots are named and bounded.
@Suite("Verdict rules: server truth")
struct ServerTruthVerdictTests {
    let s = Readings.s, t0 = Readings.t0
    static let hour: Int64 = 3_600 * Readings.s

    @Test("same boot, an NTP spoofer 5 h behind at the return: flagged, the smaller figure provisionally, never verified")
    func spooferBehindIsProvisional() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0),
                Readings.evidence(.foreground, wall: t0 + 6 * Self.hour, boot: 100 * s + 6 * Self.hour, network: t0 + 1 * Self.hour)))
        #expect(verdict.has(.networkBootDisagreement))
        #expect(verdict.status == .provisional)
        #expect(verdict.creditedSeconds <= 3_600)
        #expect(verdict.creditedSeconds >= 3_599)
        #expect(verdict.heldSeconds >= 5 * 3_600 - 2)
    }

    @Test("a spoofer 5 h behind on a 2 h return: nothing proven now, the boot clock's figure waits in escrow")
    func spooferShortfallInEscrow() throws {
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0)
        let arrival = Readings.evidence(.foreground, wall: t0 + 2 * Self.hour, boot: 100 * s + 2 * Self.hour, network: t0 - 3 * Self.hour)
        let timeline = Readings.timeline(departure, arrival)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.status == .provisional && verdict.creditedSeconds == 0)
        let breakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline)
        // While unproven only the provisional cap (1 h, 300 gold at 600 gold/h and 50 %) is worth gold, all in escrow.
        #expect(breakdown.paidNow == 0)
        #expect(breakdown.escrowed == 300)
        #expect(breakdown.paidNow + breakdown.escrowed + breakdown.forfeited == breakdown.totalGold)
        // A boot clock shifted forward with honest network time: paid now only what the network proves.
        let shimmed = Readings.evidence(.foreground, wall: t0 + 5 * s, boot: 100 * s + 5 * Self.hour, network: t0 + 90 * s)
        let cheat = Readings.timeline(departure, shimmed)
        let cheatBreakdown = try RewardCalculator(policy: .default).calculate(ElapsedVerdict(timeline: cheat), of: cheat)
        let honest = try RewardCalculator(policy: .default).calculate(creditedSeconds: 89, status: .verified, goldPerHour: 600)
        #expect(cheatBreakdown.paidNow <= honest.paidNow)
    }

    @Test("same boot, the spoofer's shortfall is released when a later fix agrees with the boot clock")
    func laterFixReleasesShortfall() {
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0)
        let arrival = Readings.evidence(.foreground, wall: t0 + 6 * Self.hour, boot: 100 * s + 6 * Self.hour, network: t0 + 1 * Self.hour)
        let honestFix = Readings.evidence(.settlement, wall: t0 + 7 * Self.hour, boot: 100 * s + 7 * Self.hour, network: t0 + 7 * Self.hour)
        let timeline = Readings.timeline(departure, arrival, proof: honestFix)
        #expect(timeline.arrivalNeedsProof)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.laterProofAgreesWithBootClock))
        #expect(verdict.status == .verified)
        #expect(verdict.creditedSeconds == 6 * 3_600 - 3)  // boot delta less 100 ppm (2.16 s), floored
        // A later fix that sides with the lying return keeps the smaller figure, provisionally.
        let spoofedFix = Readings.evidence(.settlement, wall: t0 + 7 * Self.hour, boot: 100 * s + 7 * Self.hour, network: t0 + 2 * Self.hour)
        let still = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: spoofedFix))
        #expect(still.status == .provisional)
        #expect(still.creditedSeconds <= 3_600)
    }

    @Test("same boot, a boot clock shifted forward (network honest): the network's smaller figure, never more")
    func bootClockShimIsNotPaid() {
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0)
        let arrival = Readings.evidence(.foreground, wall: t0 + 5 * s, boot: 100 * s + 5 * Self.hour, network: t0 + 5 * s)
        // Later fixes keep agreeing with the network, not with the shifted boot clock.
        let later = Readings.evidence(.settlement, wall: t0 + 65 * s, boot: 100 * s + 5 * Self.hour + 60 * s, network: t0 + 65 * s)
        for proof in [nil, later] {
            let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: proof))
            #expect(verdict.creditedSeconds <= 5)
            #expect(verdict.status == .provisional)
        }
    }

    @Test("across a reboot, a new boot that began before the departure is named (forged reboot) and stays provisional")
    func forgedRebootNamed() {
        // Earlier records prove the departure happened no earlier than t0 + 30 days; the boot clock kept counting.
        let up = 30 * 24 * Self.hour
        let departure = Readings.evidence(.background, wall: t0, boot: up, bootID: "A")
        let arrival = Readings.evidence(.launch, wall: t0 + 5 * s, boot: up + 5 * s, bootID: "B", network: t0 + 5 * s)
        var timeline = Readings.timeline(departure, arrival)
        timeline.departureNotBeforeNanoseconds = t0 - 60 * s
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.bootStartedBeforeDeparture))
        #expect(verdict.status == .provisional)
        // Whatever the uptime, unproven time is worth at most the provisional cap: 300 gold on the default policy.
        let breakdown = try? RewardCalculator(policy: .default).calculate(verdict, of: timeline)
        #expect((breakdown?.paidNow ?? .max) + (breakdown?.escrowed ?? .max) <= 300)
    }

    @Test("across a reboot, an honest new boot (began after the proven departure time) is verified at its uptime")
    func honestRebootVerified() {
        let departure = Readings.evidence(.background, wall: t0, boot: 50 * Self.hour, bootID: "A")
        let arrival = Readings.evidence(.launch, wall: t0 + 2 * Self.hour, boot: Self.hour, bootID: "B", network: t0 + 2 * Self.hour)
        var timeline = Readings.timeline(departure, arrival)
        timeline.departureNotBeforeNanoseconds = t0 - 60 * s
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.bootStartAfterDeparture))
        #expect(!verdict.flags.contains { $0.kind.isSuspicious })
        #expect(verdict.status == .verified)
        #expect(verdict.method == .uptimeBound)
        #expect(verdict.creditedSeconds == 3_599)
        // Without a proven earliest departure time nothing can be verified: provisional, as before.
        timeline.departureNotBeforeNanoseconds = nil
        #expect(ElapsedVerdict(timeline: timeline).status == .provisional)
    }

    @Test("a forged reboot without network at the return: withheld when the wall clock gives it away, else at most 300 gold")
    func forgedRebootOffline() throws {
        let up = 30 * 24 * Self.hour
        let away = 5 * s
        let serverNow = t0 + away + 2 * s
        let departure = Readings.evidence(.background, wall: t0, boot: up, bootID: "A")
        func judge(departWall: Int64, returnWall: Int64) throws -> (ElapsedVerdict, RewardBreakdown) {
            var left = departure
            left.clock.wallNanoseconds = departWall
            let arrival = Readings.evidence(.launch, wall: returnWall, boot: up + away, bootID: "B")
            let timeline = Readings.timeline(left, arrival)
            let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: serverNow)
            return (verdict, try RewardCalculator(policy: .default).calculate(verdict, of: timeline))
        }
        // Wall honest: it advanced 5 s while the "new boot" claims 30 days of uptime.
        let (honestWall, honestWallGold) = try judge(departWall: t0, returnWall: t0 + away)
        #expect(honestWall.has(.wallClockJumpedBack) && honestWall.creditedSeconds == 0 && honestWallGold.totalGold == 0)
        // Wall moved forward to hide that: ahead of the server's clock.
        let (ahead, aheadGold) = try judge(departWall: t0, returnWall: t0 + up)
        #expect(ahead.has(.wallAheadOfServer) && aheadGold.totalGold == 0)
        // Wall moved back before leaving and restored at return, no network ever: nothing contradicts the uptime,
        // and the provisional cap bounds it (docs/guarantees.md, "what no journal can prove").
        let (hidden, hiddenGold) = try judge(departWall: t0 - up, returnWall: t0 + away)
        #expect(!hidden.flags.contains { $0.kind.isSuspicious })
        #expect(hiddenGold.paidNow + hiddenGold.escrowed <= 300)
        // With an earlier fix in the journal the moved-back departure wall is caught too.
        var left = departure
        left.clock.wallNanoseconds = t0 - up
        var timeline = Readings.timeline(left, Readings.evidence(.launch, wall: t0 + away, boot: up + away, bootID: "B"))
        timeline.departureNotBeforeNanoseconds = t0 - 600 * s
        let caught = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: serverNow)
        #expect(caught.has(.wallBehindProvenTime) && caught.creditedSeconds == 0)
    }

    @Test("the assembler carries earlier fixes across honest reboots to a departure without network time")
    func assemblerCarriesEarliestTime() {
        var assembler = SessionAssembler()
        var released: [SessionTimeline] = []
        // Boot A: a fix at t0 (boot 10 h). Boot B begins later; 2 h into it the player leaves offline.
        var fix = Readings.evidence(.heartbeat, wall: t0, boot: 10 * Self.hour, bootID: "A", network: t0, error: 0)
        fix.sessionID = ""
        released += assembler.add(sequence: 1, evidence: fix)
        var departure = Readings.evidence(.background, wall: t0 + 3 * Self.hour, boot: 2 * Self.hour, bootID: "B")
        departure.sessionID = "s"
        released += assembler.add(sequence: 2, evidence: departure)
        let arrival = Readings.evidence(.launch, wall: t0 + 5 * Self.hour, boot: Self.hour, bootID: "C", network: t0 + 5 * Self.hour)
        released += assembler.add(sequence: 3, evidence: arrival)
        released += assembler.finish()
        let timeline = released.first { $0.sessionID == "s" }
        // Boot B began after t0, so the departure was at least its 2 h of uptime (less 100 ppm) after t0.
        let drift = 2 * Self.hour / 10_000
        #expect(timeline?.departureNotBeforeNanoseconds == t0 + 2 * Self.hour - drift)
        #expect(timeline.map { ElapsedVerdict(timeline: $0).status } == .verified)
    }
}
