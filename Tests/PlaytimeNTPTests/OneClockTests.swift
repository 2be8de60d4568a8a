import PlaytimeNTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// One clock through the client and its socket transport (docs/guarantees.md, "Time model"): the transport reports
/// T1 and T4 on the boot clock the client reads, so a client whose clock is not the system's still gets a fix of
/// true time from a real server on loopback.
@Suite("One clock through the NTP client and its socket transport")
struct OneClockTests {
    /// The system's clocks with the boot clock moved by `bootOffset` (a device whose boot began elsewhere in
    /// time; its boot time passes in real time, as a socket's waits need).
    struct OffsetClock: ClockSource {
        let bootOffset: Int64
        func read() -> ClockReading {
            let system = SystemClockSource().read()
            return ClockReading(
                wallNanoseconds: system.wallNanoseconds, bootNanoseconds: system.bootNanoseconds + bootOffset,
                bootID: system.bootID)
        }
        func sleep(nanoseconds: Int64) async { await SystemClockSource().sleep(nanoseconds: nanoseconds) }
    }

    /// The fix's network time at `clock`'s now, minus the wall clock then (an honest loopback server: about 0).
    static func error(of client: NTPClient, clock: OffsetClock, server: NTPServer) async -> Int64? {
        guard let fix = try? await client.query([server], timeoutNanoseconds: 2_000_000_000) else { return nil }
        let now = clock.read()
        guard let projected = fix.projectedNetworkTime(at: now) else { return nil }
        return projected.unixNanoseconds - now.wallNanoseconds
    }

    @Test("a client on a clock 3 h ahead of the system's boot clock gets true time from a loopback server")
    func transportReportsOnTheClientsClock() async throws {
        let fake = try FakeNTPServer(.honest())
        defer { fake.stop() }
        let server = try #require(NTPServer(parsing: fake.serverArgument))
        let clock = OffsetClock(bootOffset: 3 * 3_600_000_000_000)
        let error = try #require(await Self.error(of: NTPClient(clock: clock), clock: clock, server: server))
        #expect(abs(error) < 500_000_000, "the fix is \(error) ns off true time")

        // The control: a transport on the system's boot clock under the same client mixes two clocks, and its fix
        // is off by the offset (or refused).
        let mixed = await Self.error(of: NTPClient(transport: SocketNTPTransport(), clock: clock), clock: clock, server: server)
        #expect(mixed.map { abs($0) > 3_000_000_000_000 } ?? true, "mixing the clocks went unnoticed: \(String(describing: mixed))")
    }
}
