import PlaytimeGuard
import PlaytimeJournal

/// One simulated phone: its clocks, its network, and the real recorder writing a real journal.
/// A kill or a reboot drops the recorder; the next launch reopens the journal, as a new process would.
final class SimulatedDevice {
    let clock: SimulatedClock
    let network: SimulatedNetworkTimeSource
    let probe: ScriptedConnectivityProbe
    let path: String
    let key: JournalKey
    private(set) var recorder: SessionRecorder?

    init(path: String, key: JournalKey, trueNanoseconds: Int64, random: inout SimulationRandom) throws(RecorderError) {
        clock = SimulatedClock(trueNanoseconds: trueNanoseconds, bootNanoseconds: random.duration(seconds: 60...864_000))
        network = SimulatedNetworkTimeSource(clock: clock, mode: Self.honest(&random))
        probe = ScriptedConnectivityProbe()
        self.path = path
        self.key = key
        try start()
    }

    /// Honest servers with a random error within a random bound of 5–80 ms.
    static func honest(_ random: inout SimulationRandom) -> SimulatedNetworkTimeSource.Mode {
        let bound = random.int(in: 5_000_000...80_000_000)
        return .honest(bias: random.int(in: -bound / 2...bound / 2), bound: bound)
    }

    /// Starts the app process (opening the journal).
    func start() throws(RecorderError) {
        recorder = nil
        _ = try app()
    }

    /// Kills the app process: no callback, the journal stays as it is.
    func kill() { recorder = nil }

    /// Airplane mode on or off.
    func setOnline(_ online: Bool) {
        probe.set(online ? Connectivity(state: .unknown, reason: "interfaces-up") : Connectivity(state: .offline, reason: "no-interface"))
    }

    /// The running recorder (starting the app if it is not running).
    func app() throws(RecorderError) -> SessionRecorder {
        if let recorder { return recorder }
        let monitor = ConnectivityMonitor(probe: probe, clock: clock)
        let started = try SessionRecorder(journalPath: path, key: key, clock: clock, networkTime: network, connectivity: monitor)
        recorder = started
        return started
    }

    /// Plays in the foreground for `nanoseconds`, heartbeating every `interval` at `rate`.
    func play(_ nanoseconds: Int64, rate: Int64, interval: Int64 = 60_000_000_000) throws(RecorderError) {
        var left = max(0, nanoseconds)
        while left > 0 {
            let step = min(left, interval)
            clock.pass(step)
            left -= step
            try app().heartbeat(goldPerHour: rate, policyVersion: "sim")
        }
    }
}
