import Foundation
@_spi(Testing) import PlaytimeGuard
import Testing

/// Hand-built evidence for each verdict rule.
enum Readings {
    static let s: Int64 = 1_000_000_000
    static let t0: Int64 = 1_800_000_000 * s

    static func evidence(
        _ event: SessionEventKind, wall: Int64, boot: Int64, bootID: String? = "A", network: Int64? = nil,
        error: Int64 = 20_000_000, origin: String = "lifecycle", rate: Int64 = 600
    ) -> Evidence {
        Evidence(
            event: event, sessionID: "s", origin: origin, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
            network: network.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: error) }, connectivity: .unknown,
            goldPerHour: event == .background ? rate : 0, policyVersion: event == .background ? "p" : "")
    }

    static func timeline(_ departure: Evidence, _ arrival: Evidence?, proof: Evidence? = nil) -> SessionTimeline {
        SessionTimeline(sessionID: "s", departure: departure, arrival: arrival, laterProof: proof)
    }
}

@Suite("Verdict rules")
struct VerdictRuleTests {
    let s = Readings.s, t0 = Readings.t0

    @Test("same boot: credited = boot delta − 100 ppm, verified, by the boot clock")
    func sameBoot() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 1_000 * s),
                Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 4_600 * s)))
        #expect(verdict.method == .bootClock)
        #expect(verdict.status == .verified)
        #expect(verdict.lowerNanoseconds == 3_600 * s - 360_000_000)  // 100 ppm of 1 h = 0.36 s
        #expect(verdict.upperNanoseconds == 3_600 * s + 360_000_000)
        #expect(verdict.creditedSeconds == 3_599)
        #expect(verdict.flags.isEmpty)
    }

    @Test("the drift allowance is configurable")
    func driftConfigurable() {
        let timeline = Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 0), Readings.evidence(.foreground, wall: t0 + 1_000 * s, boot: 1_000 * s))
        #expect(ElapsedVerdict(timeline: timeline, configuration: VerdictConfiguration(driftPPM: 0)).lowerNanoseconds == 1_000 * s)
        #expect(ElapsedVerdict(timeline: timeline, configuration: VerdictConfiguration(driftPPM: 1_000)).lowerNanoseconds == 999 * s)
    }

    @Test("wall clock set forward while away: flagged, ignored, credit unchanged")
    func wallForward() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0),
                Readings.evidence(.foreground, wall: t0 + 600 * s + 86_400 * s, boot: 600 * s)))
        #expect(verdict.has(.wallClockJumpedForward))
        #expect(verdict.flags.first { $0.kind == .wallClockJumpedForward }?.amountNanoseconds == 86_400 * s)
        #expect(verdict.creditedSeconds == 599)
        #expect(verdict.status == .verified)
    }

    @Test("wall clock set back while away: jumped back and rolled back, credit unchanged")
    func wallBack() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0),
                Readings.evidence(.foreground, wall: t0 + 600 * s - 7_200 * s, boot: 600 * s)))
        #expect(verdict.has(.wallClockJumpedBack))
        #expect(verdict.has(.clockRolledBack))
        #expect(verdict.flags.first { $0.kind == .clockRolledBack }?.amountNanoseconds == 6_600 * s)
        #expect(verdict.creditedSeconds == 599)
    }

    @Test("NTP step corrections of 60 s either way are not flagged", arguments: [-60, -1, 1, 60])
    func ntpStep(step: Int64) {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0),
                Readings.evidence(.foreground, wall: t0 + 30 * s + step * s, boot: 30 * s)))
        #expect(verdict.flags.isEmpty)
    }

    @Test("boot clock going backwards within one boot is rejected with no credit")
    func bootBackwards() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 5_000 * s),
                Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 4_000 * s)))
        #expect(verdict.status == .rejected)
        #expect(verdict.creditedSeconds == 0)
        #expect(verdict.has(.bootClockWentBackwards))
    }

    @Test("same boot, network disagrees with the boot clock: flagged, the smaller figure credited")
    func networkDisagreement() {
        // A hijacked server claims 5 h passed; the boot clock says 1 h.
        let ahead = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0, network: t0),
                Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 3_600 * s, network: t0 + 18_000 * s)))
        #expect(ahead.has(.networkBootDisagreement))
        #expect(ahead.creditedSeconds == 3_599)
        // A server claiming only 10 minutes passed: the network figure is smaller and is credited.
        let behind = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0, network: t0),
                Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 3_600 * s, network: t0 + 600 * s)))
        #expect(behind.has(.networkBootDisagreement))
        #expect(behind.creditedSeconds == 599)
        // Agreement within the error bounds is not flagged.
        let agree = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0, network: t0),
                Readings.evidence(.foreground, wall: t0 + 3_600 * s, boot: 3_600 * s, network: t0 + 3_600 * s + 30_000_000)))
        #expect(agree.flags.isEmpty)
    }

    @Test("reboot with network at both ends: earliest arrival − latest departure, verified")
    func rebootNetwork() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0),
                Readings.evidence(.launch, wall: t0 + 7_200 * s, boot: 300 * s, bootID: "B", network: t0 + 7_200 * s)))
        #expect(verdict.method == .network)
        #expect(verdict.status == .verified)
        #expect(verdict.lowerNanoseconds == 7_200 * s - 40_000_000)
        #expect(verdict.upperNanoseconds == 7_200 * s + 40_000_000)
        #expect(verdict.has(.reboot))
        #expect(!verdict.isFlagged)
    }

    @Test("reboot with a later network proof projected back along the new boot clock")
    func rebootLaterProof() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0),
                Readings.evidence(.launch, wall: t0 + 7_200 * s, boot: 300 * s, bootID: "B"),
                proof: Readings.evidence(.settlement, wall: t0 + 10_800 * s, boot: 3_900 * s, bootID: "B", network: t0 + 10_800 * s)))
        #expect(verdict.method == .network)
        #expect(verdict.status == .verified)
        // 20 ms + 20 ms of fix error, plus 100 ppm of the 3 600 s projection (0.36 s).
        #expect(verdict.lowerNanoseconds == 7_200 * s - 400_000_000)
    }

    @Test("reboot without network proof: only the new boot's uptime, provisional")
    func rebootUptime() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0),
                Readings.evidence(.launch, wall: t0 + 99_999 * s, boot: 1_000 * s, bootID: "B")))
        #expect(verdict.method == .uptimeBound)
        #expect(verdict.status == .provisional)
        #expect(verdict.lowerNanoseconds == 1_000 * s - 100_000_000)
        #expect(verdict.upperNanoseconds == nil)
        #expect(verdict.has(.networkMissing))
        #expect(!verdict.isFlagged)  // a wall far ahead cannot be told from a long time away here
    }

    @Test("without boot identities the uptime proves nothing: credit 0, provisional")
    func noBootIdentity() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 100 * s, bootID: nil),
                Readings.evidence(.foreground, wall: t0 + 600 * s, boot: 700 * s, bootID: nil)))
        #expect(verdict.creditedSeconds == 0)
        #expect(verdict.status == .provisional)
        #expect(verdict.method == VerdictMethod.none)
    }

    @Test("network time ahead of the server's clock is not used (hijacked NTP after a reboot)")
    func aheadOfServer() {
        let timeline = Readings.timeline(
            Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0),
            Readings.evidence(.launch, wall: t0 + 7_200 * s, boot: 300 * s, bootID: "B", network: t0 + 7_200 * s + 86_400 * s))
        let device = ElapsedVerdict(timeline: timeline)
        #expect(device.creditedSeconds > 86_400)  // the device alone cannot tell
        let server = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: t0 + 7_200 * s + 3 * s)
        #expect(server.has(.networkAheadOfServer))
        #expect(server.method == .uptimeBound)
        #expect(server.creditedSeconds == 299)
    }

    @Test("a departure recovered from a heartbeat is not credited the heartbeat interval")
    func heartbeatDeparture() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0, origin: "heartbeat"),
                Readings.evidence(.launch, wall: t0 + 3_600 * s, boot: 3_600 * s)))
        #expect(verdict.has(.departureFromHeartbeat))
        #expect(verdict.lowerNanoseconds == 3_540 * s - 360_000_000)
        #expect(!verdict.isFlagged)
    }

    @Test("a session without a return credits nothing")
    func noArrival() {
        let verdict = ElapsedVerdict(timeline: Readings.timeline(Readings.evidence(.background, wall: t0, boot: 0), nil))
        #expect(verdict.creditedSeconds == 0)
        #expect(verdict.has(.evidenceMissing))
    }

    @Test("a negative error bound is not trusted")
    func negativeError() {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 9_000 * s, bootID: "A", network: t0, error: -3_600 * s),
                Readings.evidence(.launch, wall: t0 + 600 * s, boot: 300 * s, bootID: "B", network: t0 + 600 * s)))
        #expect(verdict.method == .uptimeBound)
        #expect(verdict.creditedSeconds == 299)
    }

    @Test("the explanation names the method, the figures and each flag; JSON carries it")
    func explanationAndJSON() throws {
        let verdict = ElapsedVerdict(
            timeline: Readings.timeline(
                Readings.evidence(.background, wall: t0, boot: 0),
                Readings.evidence(.foreground, wall: t0 + 600 * s + 86_400 * s, boot: 600 * s)))
        #expect(verdict.explanation.contains("boot clock"))
        #expect(verdict.explanation.contains("credited 599 s"))
        #expect(verdict.explanation.contains("ahead"))
        let data = try JSONEncoder().encode(verdict)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"explanation\""))
        #expect(try JSONDecoder().decode(ElapsedVerdict.self, from: data) == verdict)
    }
}
