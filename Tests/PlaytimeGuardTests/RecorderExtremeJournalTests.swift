import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

@Suite("Recorder on journals no honest recorder writes")
struct RecorderExtremeJournalTests {
    /// Writes one heartbeat in the fixture clock's boot, at `bootNanoseconds`, carrying `network`.
    func seed(_ fixture: RecorderFixture, bootNanoseconds: Int64, network: NetworkTime) throws {
        let reading = fixture.clock.read()
        var builder = try JournalBuilder(path: fixture.journalPath, key: fixture.key)
        try builder.append(
            Evidence(
                event: .heartbeat, sessionID: "",
                clock: ClockReading(
                    wallNanoseconds: reading.wallNanoseconds,
                    bootNanoseconds: bootNanoseconds, bootID: reading.bootID),
                network: network, connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: 600))
        try builder.close()
    }

    @Test(
        "A network reading that cannot be aged (extreme boot, boot after now, bad error bound) is dropped, never trapped on",
        arguments: [
            (Int64.min, Int64(1_000_000)), (Int64.max, Int64(1_000_000)), (Int64(1_000_001_000_000), Int64(1_000_000)),
            (Int64(999_000_000_000), Int64(-1)), (Int64(999_000_000_000), Int64.max), (Int64(999_000_000_000), Int64.max - 50_000),
        ])
    func dropped(boot: Int64, errorBound: Int64) async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let wall = fixture.clock.read().wallNanoseconds
        try seed(fixture, bootNanoseconds: boot, network: NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: errorBound))
        let recorder = try fixture.recorder()
        let heartbeat = try recorder.heartbeat(goldPerHour: 600, policyVersion: "v")
        #expect(heartbeat.evidence.network == nil, "boot \(boot), error \(errorBound): \(String(describing: heartbeat.evidence.network))")
        let departure = try recorder.enteredBackground(goldPerHour: 600, policyVersion: "v")
        #expect(departure.evidence.network == nil)
    }

    @Test("Network time near the end of the Int64 range is dropped rather than wrapped when carried forward")
    func timeOverflow() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let boot = fixture.clock.read().bootNanoseconds
        try seed(fixture, bootNanoseconds: boot - 1_000_000_000, network: NetworkTime(unixNanoseconds: .max - 10, errorBoundNanoseconds: 1_000))
        let heartbeat = try fixture.recorder().heartbeat(goldPerHour: 600, policyVersion: "v")
        #expect(heartbeat.evidence.network == nil)
    }

    @Test("A sane reading is still aged: carried along the boot clock, its error grown by the drift allowance")
    func saneReadingAged() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let reading = fixture.clock.read()
        try seed(
            fixture, bootNanoseconds: reading.bootNanoseconds - 10_000_000_000,
            network: NetworkTime(unixNanoseconds: reading.wallNanoseconds - 10_000_000_000, errorBoundNanoseconds: 2_000_000))
        let network = try #require(try fixture.recorder().heartbeat(goldPerHour: 600, policyVersion: "v").evidence.network)
        #expect(network.unixNanoseconds == reading.wallNanoseconds)
        #expect(network.errorBoundNanoseconds == 2_000_000 + 10_000 * 100)
    }
}
