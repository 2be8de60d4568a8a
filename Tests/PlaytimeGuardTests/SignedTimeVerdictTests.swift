import PlaytimeGuard
import Testing

/// Rule S of docs/journal-format.md §10 on hand-built timelines (the signatures themselves are checked in
/// SignedTimeRecorderTests and the auditor's tests).
@Suite("Signed-time verdict (rule S)")
struct SignedTimeVerdictTests {
    let s = Readings.s, t0 = Readings.t0

    private func signed(_ departure: Evidence, _ arrival: Evidence, latest: Int64, earliest: Int64) -> SessionTimeline {
        var timeline = Readings.timeline(departure, arrival)
        timeline.departureSignedLatestNanoseconds = latest
        timeline.arrivalSignedEarliestNanoseconds = earliest
        return timeline
    }

    @Test("a reboot with lying NTP and a moved wall clock: the signed bound, verified, nothing more")
    func rebootWithLies() {
        // True away 5 h. The return's NTP and wall clock both read 5 h ahead; the boot changed.
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0),
            Readings.evidence(.foreground, wall: t0 + 36_000 * s, boot: 60 * s, bootID: "B", network: t0 + 36_000 * s),
            latest: t0 + 1 * s, earliest: t0 + 18_000 * s - 1 * s)
        let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: t0 + 18_001 * s)
        #expect(verdict.method == .signedTime)
        #expect(verdict.status == .verified)
        #expect(verdict.lowerNanoseconds == 17_998 * s)
        #expect(verdict.heldNanoseconds == 0)
        #expect(verdict.has(.reboot))
        #expect(verdict.has(.networkAheadOfServer))  // the return's NTP was not even looked at
    }

    @Test("a larger boot-clock figure is not added to the signed bound")
    func bootClockNotAdded() {
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 0),
            Readings.evidence(.foreground, wall: t0 + 30 * 86_400 * s, boot: 30 * 86_400 * s),
            latest: t0 + 1 * s, earliest: t0 + 3_601 * s)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.lowerNanoseconds == 3_600 * s)
        #expect(verdict.method == .signedTime)
        #expect(!verdict.isFlagged)
    }

    @Test("a boot clock showing less than the signatures prove is named, and the signed figure paid")
    func bootClockContradiction() {
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 0),
            Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 600 * s),
            latest: t0 + 1 * s, earliest: t0 + 7_201 * s)
        let verdict = ElapsedVerdict(timeline: timeline)
        #expect(verdict.has(.signedTimeContradictsBootClock))
        #expect(verdict.isFlagged)
        #expect(verdict.lowerNanoseconds == 7_200 * s)
    }

    @Test("an honest same-boot session with signed time at both ends is not flagged")
    func honestNotFlagged() {
        // Stamp 0.3 s after leaving (radius 1 s); the return answer 0.2 s after the return's clock reading.
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 0, network: t0),
            Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 3_600 * s, network: t0 + 3_600 * s),
            latest: t0 + 1_300_000_000, earliest: t0 + 3_600 * s - 800_000_000)
        let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: t0 + 3_700 * s)
        #expect(!verdict.isFlagged)
        #expect(verdict.creditedSeconds == 3_597)
    }

    @Test("network time after the stamp or before the answer contradicts signed time")
    func networkContradiction() {
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 0, network: t0 + 600 * s),
            Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 3_600 * s, network: t0 + 3_600 * s),
            latest: t0 + 1 * s, earliest: t0 + 3_599 * s)
        #expect(ElapsedVerdict(timeline: timeline).has(.signedTimeContradictsNetwork))
    }

    @Test("a signed answer later than the server's clock is not used")
    func aheadOfServer() {
        let timeline = signed(
            Readings.evidence(.background, wall: t0, boot: 0),
            Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 600 * s),
            latest: t0 + 1 * s, earliest: t0 + 86_400 * s)
        let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: t0 + 601 * s)
        #expect(verdict.has(.signedTimeAheadOfServer))
        #expect(verdict.method == .bootClock)
        #expect(verdict.creditedSeconds == 599)
    }

    @Test("one end signed is not enough; a recovered departure never uses a stamp")
    func bothEndsNeeded() {
        var timeline = Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 0),
            Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 600 * s))
        timeline.departureSignedLatestNanoseconds = t0
        #expect(ElapsedVerdict(timeline: timeline).method == .bootClock)
        var recovered = signed(
            Readings.evidence(.background, wall: t0, boot: 0, origin: "heartbeat"),
            Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 600 * s),
            latest: t0, earliest: t0 + 600 * s)
        #expect(ElapsedVerdict(timeline: recovered).method == .bootClock)
        recovered.departure.origin = "lifecycle"
        #expect(ElapsedVerdict(timeline: recovered).method == .signedTime)
    }

    @Test("requiring signed time makes every unsigned verdict provisional, and leaves signed ones verified")
    func required() {
        var configuration = VerdictConfiguration.standard
        configuration.requireSignedTime = true
        let unsigned = Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 0),
            Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 600 * s))
        let verdict = ElapsedVerdict(timeline: unsigned, configuration: configuration)
        #expect(verdict.status == .provisional)
        #expect(verdict.has(.signedTimeMissing))
        #expect(!verdict.isFlagged)
        let signedVerdict = ElapsedVerdict(
            timeline: signed(unsigned.departure, unsigned.arrival!, latest: t0 + 1 * s, earliest: t0 + 599 * s),
            configuration: configuration)
        #expect(signedVerdict.status == .verified)
        #expect(signedVerdict.lowerNanoseconds == 598 * s)
    }
}
