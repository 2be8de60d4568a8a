import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// Everything one trial needs: randomness, a scratch directory, the key, the policy, the game server.
struct TrialWorld {
    var random: SimulationRandom
    let directory: String
    let key: JournalKey
    let calculator: RewardCalculator
    let trial: Int
    var server: SimulatedGameServer
    private(set) var paths: [String] = []

    init(random: SimulationRandom, directory: String, key: JournalKey, calculator: RewardCalculator, trial: Int) {
        self.random = random
        self.directory = directory
        self.key = key
        self.calculator = calculator
        self.trial = trial
        self.server = SimulatedGameServer(calculator: calculator)
    }

    /// A fresh device with an empty journal, launched (one fix when online) and ready to play.
    mutating func device(_ name: String = "a", startingAt trueStart: Int64? = nil) async throws(RecorderError) -> SimulatedDevice {
        let path = "\(directory)/trial-\(trial)-\(name).journal"
        try? FileSystem.removeFile(at: path)
        paths.append(path)
        let start = trueStart ?? (1_800_000_000 * TimeSpan.nanosecondsPerSecond + random.duration(seconds: 0...31_536_000))
        let device = try SimulatedDevice(path: path, key: key, trueNanoseconds: start, random: &random)
        try await device.app().appLaunched()
        return device
    }

    /// Deletes the journals this trial wrote.
    func cleanUp() {
        for path in paths { try? FileSystem.removeFile(at: path) }
    }

    /// A snapshotted earn rate, 100-5 000 gold per hour.
    mutating func rate() -> Int64 { random.int(in: 100...5_000) }

    /// An away duration of 2 min to 10 h.
    mutating func away() -> Int64 { random.duration(seconds: 120...36_000) }

    /// Hours of clock manipulation: 1-48 h.
    mutating func hours() -> Int64 { random.duration(seconds: 3_600...172_800) }

    /// Plays 30 s to 5 min with heartbeats, then goes to the background at `rate`; returns true time at departure.
    mutating func depart(_ device: SimulatedDevice, rate: Int64) throws(RecorderError) -> Int64 {
        try device.play(random.duration(seconds: 30...300), rate: rate)
        try device.app().enteredBackground(goldPerHour: rate, policyVersion: "sim")
        return device.clock.trueNanoseconds
    }

    /// Returns to the foreground (or, after a reboot or kill, launches); returns true time at arrival.
    func arrive(_ device: SimulatedDevice, launch: Bool = false) async throws(RecorderError) -> Int64 {
        if launch {
            try device.start()
            try await device.app().appLaunched()
        } else {
            try await device.app().enteredForeground()
        }
        return device.clock.trueNanoseconds
    }

    /// Reboots `device` during `away` nanoseconds: some time passes first, then the device is off, then up again.
    mutating func rebootDuring(_ device: SimulatedDevice, away: Int64) {
        let before = random.int(in: 0...away / 2)
        device.clock.pass(before)
        device.kill()
        let rest = away - before
        let uptime = min(rest, max(1_000_000_000, random.int(in: 0...rest)))
        device.clock.reboot(downtime: rest - uptime, uptime: uptime)
    }

    /// The game server reads `device`'s journal, `latency` after true now.
    mutating func upload(_ device: SimulatedDevice, as name: String = "a", latency: Int64? = nil, multipliers: [String] = ["ad"], trimOverlaps: Bool = false) {
        let delay = latency ?? random.duration(seconds: 0...5)
        server.ingest(
            device: name, path: device.path, key: key, now: device.clock.trueNanoseconds + delay,
            multipliers: multipliers, trimOverlaps: trimOverlaps)
    }

    /// The outcome of a trial whose honest counterpart is one claim per true period.
    func outcome(rate: Int64, periods: [Int64]) -> TrialOutcome {
        TrialOutcome(
            paid: server.paid, honest: HonestReference.gold(periods: periods, rate: rate, calculator: calculator),
            flagged: server.flagged, credited: server.creditedNanoseconds, trueAway: periods.reduce(0, +))
    }
}
