import PlaytimeGuard
import PlaytimeRewards
import Testing

/// Network time a minute off (an imperfect public server, or one that stepped) is tolerated as a wall clock
/// that stepped is: one tolerance, `VerdictConfiguration.clockStepToleranceNanoseconds` (issue 20;
/// docs/journal-format.md §10, rules 2 and 3a). With the tolerance at 0 the rules are the ones before it.
@Suite("Verdict rules: clock-step tolerance for network time")
struct ClockStepToleranceTests {
    static let s = Readings.s, t0 = Readings.t0
    static let hour: Int64 = 3_600 * s
    static let strict = VerdictConfiguration(clockStepToleranceNanoseconds: 0)
    static let tolerance = VerdictConfiguration.standard.clockStepToleranceNanoseconds

    /// A same-boot session of two hours whose network time is `departureOffset` off at the departure and
    /// `arrivalOffset` off at the return (positive: fast); clocks otherwise honest.
    static func sameBoot(departureOffset: Int64, arrivalOffset: Int64, away: Int64 = 2 * hour) -> SessionTimeline {
        Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 500 * s, network: t0 + departureOffset),
            Readings.evidence(.foreground, wall: t0 + away, boot: 500 * s + away, network: t0 + away + arrivalOffset))
    }

    /// The same across a reboot 10 s after the departure (the new boot's uptime is nearly the whole time away).
    static func acrossReboot(departureOffset: Int64, arrivalOffset: Int64, away: Int64 = 2 * hour) -> SessionTimeline {
        Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 50 * hour, bootID: "A", network: t0 + departureOffset),
            Readings.evidence(.launch, wall: t0 + away, boot: away - 10 * s, bootID: "B", network: t0 + away + arrivalOffset))
    }

    @Test("the tolerance is the wall clock's: one field, 120 s by default")
    func oneField() {
        #expect(Self.tolerance == 120 * Self.s)
        // A wall clock stepped by the tolerance is not flagged; one step more is: the same figure as below.
        let wall = Readings.timeline(
            Readings.evidence(.background, wall: Self.t0, boot: 0),
            Readings.evidence(.foreground, wall: Self.t0 + Self.hour + Self.tolerance + Self.s, boot: Self.hour))
        #expect(ElapsedVerdict(timeline: wall).has(.wallClockJumpedForward))
        let narrower = VerdictConfiguration(clockStepToleranceNanoseconds: 10 * Self.s)
        let network = Self.sameBoot(departureOffset: 30 * Self.s, arrivalOffset: 0)
        #expect(!ElapsedVerdict(timeline: network).isFlagged)
        #expect(ElapsedVerdict(timeline: network, configuration: narrower).has(.networkBootDisagreement))
    }

    @Test(
        "same boot, network 60 s fast or slow at the departure or the return: verified, unflagged, the boot clock's figure",
        arguments: [(60, 0), (-60, 0), (0, 60), (0, -60), (60, -60), (-60, 60)])
    func sameBootWithin(departure: Int64, arrival: Int64) throws {
        let timeline = Self.sameBoot(departureOffset: departure * Self.s, arrivalOffset: arrival * Self.s)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(!verdict.isFlagged, "\(verdict.flags)")
        #expect(verdict.flags.isEmpty)
        #expect(verdict.status == .verified)
        #expect(verdict.method == .bootClock)
        #expect(verdict.heldNanoseconds == 0)
        #expect(verdict.creditedSeconds == 7_199, "2 h less 100 ppm (0.72 s): never more than the boot clock proves")
        #expect(!timeline.arrivalNeedsProof)
        let breakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline)
        #expect(breakdown.escrowed == 0)
        #expect(breakdown.paidNow == 7_199 / 12)
        // Before the tolerance (the same rules with 0): flagged, and network time short of the boot clock
        // (departure fast or return slow) was credited, provisionally, 99.17 %: the report.
        let before = ElapsedVerdict(timeline: timeline, configuration: Self.strict)
        #expect(before.has(.networkBootDisagreement))
        if arrival - departure < 0 {
            #expect(before.status == .provisional)
            #expect(before.creditedSeconds == 7_200 - Int64(abs(arrival - departure)) - 1)
        } else {
            #expect(before.status == .verified)
        }
    }

    @Test("same boot, one second beyond the tolerance: the rules before it, unchanged", arguments: [1, -1])
    func sameBootBeyond(sign: Int64) {
        let offset = sign * (Self.tolerance + Self.s + 40_000_000)  // the errors (2 × 20 ms) and drift fit in the extra second
        // Network short of the boot clock (departure fast): flagged, the network's figure, the rest held.
        let short = Self.sameBoot(departureOffset: max(0, offset), arrivalOffset: min(0, offset))
        let verdict = ElapsedVerdict(timeline: short)
        #expect(verdict.has(.networkBootDisagreement))
        #expect(verdict == ElapsedVerdict(timeline: short, configuration: Self.strict))
        #expect(verdict.status == .provisional)
        #expect(verdict.creditedSeconds == 7_200 - 122)
        #expect(verdict.heldSeconds >= 121)
        #expect(short.arrivalNeedsProof)
        // Network ahead of the boot clock (departure slow): flagged, the boot clock's figure, verified.
        let long = Self.sameBoot(departureOffset: -abs(offset), arrivalOffset: 0)
        let ahead = ElapsedVerdict(timeline: long)
        #expect(ahead.has(.networkBootDisagreement))
        #expect(ahead == ElapsedVerdict(timeline: long, configuration: Self.strict))
        #expect(ahead.status == .verified && ahead.creditedSeconds == 7_199)
    }

    @Test("same boot: the tolerance never pays a boot clock shifted forward beyond what it proves")
    func shiftedBootClock() {
        // A rooted device adds 100 s to its boot clock; network honest. Within the tolerance the boot clock's
        // figure is credited: exactly what the same device earns by blocking NTP at one end (rule 2 needs
        // network time at both ends), and no more than 100 s beyond the truth.
        let shifted = Readings.timeline(
            Readings.evidence(.background, wall: Self.t0, boot: 0, network: Self.t0),
            Readings.evidence(
                .foreground, wall: Self.t0 + Self.hour, boot: Self.hour + 100 * Self.s,
                network: Self.t0 + Self.hour))
        let offline = Readings.timeline(
            Readings.evidence(.background, wall: Self.t0, boot: 0),
            Readings.evidence(
                .foreground, wall: Self.t0 + Self.hour, boot: Self.hour + 100 * Self.s,
                network: Self.t0 + Self.hour))
        let verdict = ElapsedVerdict(timeline: shifted)
        #expect(verdict.lowerNanoseconds == ElapsedVerdict(timeline: offline).lowerNanoseconds)
        #expect(verdict.creditedSeconds <= 3_600 + 100)
        // Shifted by hours it is caught as before: the network's figure only.
        let far = Readings.timeline(
            Readings.evidence(.background, wall: Self.t0, boot: 0, network: Self.t0),
            Readings.evidence(.foreground, wall: Self.t0 + Self.hour, boot: 5 * Self.hour, network: Self.t0 + Self.hour))
        let caught = ElapsedVerdict(timeline: far)
        #expect(caught.has(.networkBootDisagreement) && caught.status == .provisional && caught.creditedSeconds <= 3_600)
    }

    @Test("same boot: a later fix a minute off settles a spoofed return (rule 2c uses the same tolerance)")
    func settlingFixWithinTolerance() {
        // The departure's server was 60 s fast; the return was spoofed 5 h behind; the later fix is honest.
        let departure = Readings.evidence(.background, wall: Self.t0, boot: 0, network: Self.t0 + 60 * Self.s)
        let arrival = Readings.evidence(.foreground, wall: Self.t0 + 6 * Self.hour, boot: 6 * Self.hour, network: Self.t0 + Self.hour)
        let fix = Readings.evidence(.settlement, wall: Self.t0 + 7 * Self.hour, boot: 7 * Self.hour, network: Self.t0 + 7 * Self.hour)
        let timeline = Readings.timeline(departure, arrival, proof: fix)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.laterProofAgreesWithBootClock))
        #expect(verdict.status == .verified)
        #expect(verdict.creditedSeconds == 6 * 3_600 - 3)
        #expect(ElapsedVerdict(timeline: timeline, configuration: Self.strict).status == .provisional)
    }

    @Test(
        "signed time at both ends: network time a minute off is not named a contradiction; beyond the tolerance it is",
        arguments: [(60, false), (-60, false), (10 + 120 + 2, true)])
    func signedTime(departureOffset: Int64, named: Bool) {
        var timeline = Self.sameBoot(departureOffset: departureOffset * Self.s, arrivalOffset: 0, away: Self.hour)
        timeline.departureSignedLatestNanoseconds = Self.t0 + Self.s
        timeline.arrivalSignedEarliestNanoseconds = Self.t0 + Self.hour - Self.s
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.method == .signedTime && verdict.status == .verified)
        #expect(verdict.creditedSeconds == 3_598, "the signed bound, whatever network time says")
        #expect(verdict.has(.signedTimeContradictsNetwork) == named, "\(verdict.flags)")
        #expect(verdict.isFlagged == named)
        // Before the tolerance 60 s fast was named (beyond the signed-time slack of 10 s).
        #expect(ElapsedVerdict(timeline: timeline, configuration: Self.strict).has(.signedTimeContradictsNetwork) == (departureOffset > 10))
    }

    @Test(
        "across a reboot, network 60 s off at either end: verified, unflagged, the network's figure as before",
        arguments: [(60, 0), (-60, 0), (0, 60), (0, -60)])
    func acrossRebootWithin(departure: Int64, arrival: Int64) {
        let timeline = Self.acrossReboot(departureOffset: departure * Self.s, arrivalOffset: arrival * Self.s)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(!verdict.isFlagged, "\(verdict.flags)")
        #expect(verdict.status == .verified)
        #expect(verdict.method == .network)
        // The credit is what network time proves, unchanged by the tolerance (never the uptime's figure).
        let before = ElapsedVerdict(timeline: timeline, configuration: Self.strict)
        #expect(verdict.lowerNanoseconds == before.lowerNanoseconds)
        #expect(verdict.creditedSeconds == 7_200 + arrival - departure - 1)
        // Before the tolerance a departure server 60 s fast (or a return 60 s slow) was flagged: the new
        // boot's uptime (2 h − 10 s) exceeded what network time allowed.
        #expect(before.has(.networkBootDisagreement) == (arrival - departure < -10))
    }

    @Test(
        "across a reboot 30 s after leaving, the departure's earliest time E from a server 60 s fast: an honest reboot, verified; beyond the tolerance a forged one"
    )
    func earliestTimeFromFastServer() {
        // The departure has no network time; E (§10b) comes from an earlier fix that was a minute fast. The new boot
        // began 30 s after the departure; the return's network time is honest.
        let uptime = 2 * Self.hour - 30 * Self.s
        let departure = Readings.evidence(.background, wall: Self.t0, boot: 50 * Self.hour, bootID: "A")
        let arrival = Readings.evidence(.launch, wall: Self.t0 + 2 * Self.hour, boot: uptime, bootID: "B", network: Self.t0 + 2 * Self.hour)
        var timeline = Readings.timeline(departure, arrival)
        timeline.departureNotBeforeNanoseconds = Self.t0 + 60 * Self.s
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(!verdict.isFlagged, "\(verdict.flags)")
        #expect(verdict.has(.bootStartAfterDeparture))
        #expect(verdict.status == .verified && verdict.method == .uptimeBound)
        #expect(verdict.creditedSeconds == 7_169, "the new boot's uptime less drift, never more")
        // Before the tolerance: named a forged reboot and withheld.
        let before = ElapsedVerdict(timeline: timeline, configuration: Self.strict)
        #expect(before.has(.bootStartedBeforeDeparture) && before.creditedSeconds == 0)
        // E more than the tolerance after the new boot's start: a forged reboot, as before.
        timeline.departureNotBeforeNanoseconds = Self.t0 + 30 * Self.s + Self.tolerance + 2 * Self.s
        let forged = ElapsedVerdict(timeline: timeline)
        #expect(forged.has(.bootStartedBeforeDeparture))
        #expect(forged.status == .provisional && forged.creditedSeconds == 0)
    }

    @Test("across a reboot, beyond the tolerance: flagged as before")
    func acrossRebootBeyond() {
        let offset = Self.tolerance + 10 * Self.s + Self.s + 40_000_000
        let timeline = Self.acrossReboot(departureOffset: offset, arrivalOffset: 0)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.networkBootDisagreement))
        #expect(verdict.lowerNanoseconds == ElapsedVerdict(timeline: timeline, configuration: Self.strict).lowerNanoseconds)
        #expect(verdict.status == .verified)
    }
}
