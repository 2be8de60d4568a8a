import PlaytimeSystem

/// The device's clocks in a simulation, beside the true time only the simulation knows.
/// Wall = true time + the offset the player (or the OS) set; the boot clock counts sleep and restarts at reboot.
final class SimulatedClock: ClockSource {
    private struct State {
        var trueNanoseconds: Int64
        var wallOffset: Int64 = 0
        var boot: Int64
        var bootID: String
        var boots = 0
    }

    private let state: ThreadLock<State>

    init(trueNanoseconds: Int64, bootNanoseconds: Int64, bootID: String = "sim-boot-0") {
        state = ThreadLock(State(trueNanoseconds: trueNanoseconds, boot: bootNanoseconds, bootID: bootID))
    }

    func read() -> ClockReading {
        state.withLock { ClockReading(wallNanoseconds: $0.trueNanoseconds &+ $0.wallOffset, bootNanoseconds: $0.boot, bootID: $0.bootID) }
    }

    func sleep(nanoseconds: Int64) async { pass(nanoseconds) }

    /// True time now (what a trustworthy server clock reads).
    var trueNanoseconds: Int64 { state.withLock { $0.trueNanoseconds } }

    /// Real time passes (device awake or asleep: the boot clock counts both).
    func pass(_ nanoseconds: Int64) {
        state.withLock {
            $0.trueNanoseconds &+= max(0, nanoseconds)
            $0.boot &+= max(0, nanoseconds)
        }
    }

    /// The wall clock is set by `nanoseconds` (player cheat or NTP step); true time is unaffected.
    func shiftWall(_ nanoseconds: Int64) { state.withLock { $0.wallOffset &+= nanoseconds } }

    /// A forged reboot (a rooted device): a new boot id over a boot clock that keeps counting.
    func forgeReboot() {
        state.withLock {
            $0.boots += 1
            $0.bootID = "sim-boot-\($0.boots)"
        }
    }

    /// The device is off for `downtime`, then up for `uptime` in a new boot.
    func reboot(downtime: Int64, uptime: Int64) {
        state.withLock {
            $0.trueNanoseconds &+= max(0, downtime) &+ max(0, uptime)
            $0.boot = max(0, uptime)
            $0.boots += 1
            $0.bootID = "sim-boot-\($0.boots)"
        }
    }
}
