import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// The real recorder on a manual clock, then the journal through the server path.
@Suite("Recorder to verdict, end to end")
struct EndToEndVerdictTests {
    let s: Int64 = 1_000_000_000

    func timelines(_ fixture: RecorderFixture) throws -> [SessionTimeline] {
        var result: [SessionTimeline] = []
        let verification = try SessionJournal.read(path: fixture.journalPath, key: fixture.key) { result.append($0) }
        #expect(verification.isIntact)
        return result
    }

    @Test("wall clock forward a day while away: the verdict credits the boot clock and flags the jump")
    func wallForward() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try await recorder.appLaunched()
        try recorder.enteredBackground(goldPerHour: 600, policyVersion: "default-1")
        fixture.clock.advance(nanoseconds: 2 * 3_600 * s)
        fixture.clock.setWall(byAdding: 86_400 * s)
        fixture.network.wallMoved(by: 86_400 * s)
        try await recorder.enteredForeground()
        let sessions = try timelines(fixture)
        #expect(sessions.count == 1)
        let verdict = ElapsedVerdict(timeline: sessions[0])
        #expect(verdict.method == .bootClock)
        #expect(verdict.creditedSeconds == 2 * 3_600 - 1)
        #expect(verdict.has(.wallClockJumpedForward))
    }

    @Test("reboot while away with no network, settled later: provisional, then verified by the settlement")
    func rebootSettled() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        var recorder: SessionRecorder? = try fixture.recorder()
        try await recorder!.appLaunched()
        try recorder!.enteredBackground(goldPerHour: 600, policyVersion: "default-1")
        recorder = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 3_600 * s, uptimeNanoseconds: 600 * s)
        fixture.network.set(.unreachable)
        recorder = try fixture.recorder()
        let arrival = try await recorder!.appLaunched()
        #expect(arrival.needsSettlement)
        var provisional: [SessionTimeline] = []
        _ = try SessionJournal.read(path: fixture.journalPath, key: fixture.key) { provisional.append($0) }
        #expect(ElapsedVerdict(timeline: provisional[0]).status == .provisional)
        fixture.clock.advance(nanoseconds: 300 * s)
        fixture.network.set(.answer)
        let settled = try await recorder!.settlePending()
        #expect(settled.count == 1)
        let verdict = ElapsedVerdict(timeline: try timelines(fixture)[0])
        #expect(verdict.status == .verified)
        #expect(verdict.method == .network)
        #expect(verdict.creditedSeconds >= 4_199 && verdict.creditedSeconds <= 4_200)
    }
}
