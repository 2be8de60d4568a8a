import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeNTP
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting

/// How an honest player leaves in one trial of the `fairness` benchmark.
enum FairnessLeave: Sendable {
    /// Background, away, foreground (same boot).
    case away
    /// Killed in the foreground (no background record), away, relaunched: the departure is the last heartbeat.
    case kill
    /// Background, the device reboots while away, relaunched in the new boot.
    case reboot
}

/// What one honest session came to.
struct FairnessOutcome: Sendable {
    /// The return's check (nil when the recorder made none).
    var returnCheck: FairnessCheck?
    var flagged: Bool
    var flags: [String]
    var creditedNanoseconds: Int64
    var trueAwayNanoseconds: Int64
    /// Gold paid at the return (`paidNow`: a provisional claim's escrow is not counted).
    var paid: Int64
    /// Gold of the same true time away, verified.
    var honest: Int64
}

/// A trial failed to run (a recorder or journal error), never expected.
struct FairnessTrialError: Error, CustomStringConvertible {
    var description: String
}

/// One honest session through the real recorder (`SessionRecorder`, a real journal), with network time from
/// real exchanges through the loopback path (`LoopbackNetworkTime`) and clocks simulated by a `ManualClock`
/// (wall = true time: the player never touches the clock), judged by `ElapsedVerdict` (standard configuration,
/// server time = true time 1 s after the return) and paid by `RewardCalculator` (default policy, no multipliers).
struct FairnessTrial {
    let leave: FairnessLeave
    let phases: [[NTPServer]]
    let seed: UInt64
    let directory: String
    let key: JournalKey
    let calculator: RewardCalculator

    func run() async throws -> FairnessOutcome {
        var random = SplitMix64(seed: seed)
        let trialDirectory = directory + "/trial-\(seed)"
        try FileManager.default.createDirectory(atPath: trialDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: trialDirectory) }
        let path = trialDirectory + "/journal"
        let second: Int64 = 1_000_000_000
        let clock = ManualClock(
            wallNanoseconds: (1_800_000_000 + random.int(in: 0...31_536_000)) * second,
            bootNanoseconds: random.int(in: 60...864_000) * second, bootID: "fair-boot-0")
        let network = LoopbackNetworkTime(phases: phases, clock: clock)
        let probe = ScriptedConnectivityProbe()
        func open() throws -> SessionRecorder {
            try SessionRecorder(
                journalPath: path, key: key, clock: clock, networkTime: network,
                connectivity: ConnectivityMonitor(probe: probe, clock: clock))
        }
        // The game starts (the departure's network time is this launch's fix, projected) and is played a while.
        var recorder: SessionRecorder? = try open()
        try await recorder?.appLaunched()
        let rate = random.int(in: 100...5_000)
        var played = random.int(in: 30...300) * second
        while played > 0 {
            let step = min(played, 60 * second)
            clock.advance(nanoseconds: step)
            played -= step
            try recorder?.heartbeat(goldPerHour: rate, policyVersion: "fair")
        }
        let away = random.int(in: 120...36_000) * second
        let departed: Int64
        switch leave {
        case .away:
            try recorder?.enteredBackground(goldPerHour: rate, policyVersion: "fair")
            departed = clock.read().wallNanoseconds
            clock.advance(nanoseconds: away)
            try await recorder?.enteredForeground()
        case .kill:
            clock.advance(nanoseconds: random.int(in: 0...60) * second)
            departed = clock.read().wallNanoseconds
            recorder = nil
            clock.advance(nanoseconds: away)
            recorder = try open()
            try await recorder?.appLaunched()
        case .reboot:
            try recorder?.enteredBackground(goldPerHour: rate, policyVersion: "fair")
            departed = clock.read().wallNanoseconds
            let before = random.int(in: 0...away / 2)
            clock.advance(nanoseconds: before)
            recorder = nil
            let rest = away - before
            let uptime = min(rest, max(second, random.int(in: 0...rest)))
            clock.reboot(newBootID: "fair-boot-1", downtimeNanoseconds: rest - uptime, uptimeNanoseconds: uptime)
            recorder = try open()
            try await recorder?.appLaunched()
        }
        let arrived = clock.read().wallNanoseconds
        recorder = nil
        return try judge(
            path: path, rate: rate, trueAway: arrived - departed, serverNow: arrived + second,
            returnCheck: network.checks.dropFirst().first)
    }

    /// The game server's view: the journal read back, the closed session judged and paid.
    private func judge(path: String, rate: Int64, trueAway: Int64, serverNow: Int64, returnCheck: FairnessCheck?) throws -> FairnessOutcome {
        var timelines: [SessionTimeline] = []
        let verification = try SessionJournal.read(path: path, key: key) { timelines.append($0) }
        guard verification.isIntact, let timeline = timelines.last(where: { $0.arrival != nil }) else {
            throw FairnessTrialError(description: "no closed session in an intact journal")
        }
        let verdict = ElapsedVerdict(timeline: timeline, configuration: .standard, serverNowNanoseconds: serverNow)
        let paid = try calculator.calculate(verdict, of: timeline)
        let honest = try calculator.calculate(creditedSeconds: TimeSpan.floorSeconds(trueAway), status: .verified, goldPerHour: rate)
        return FairnessOutcome(
            returnCheck: returnCheck, flagged: verdict.isFlagged,
            flags: verdict.flags.filter { $0.kind.isSuspicious }.map { "\($0.kind)" },
            creditedNanoseconds: verdict.lowerNanoseconds, trueAwayNanoseconds: trueAway,
            paid: paid.paidNow, honest: honest.paidNow)
    }
}

/// The trials' away times, rates and start instants from a seeded generator (PropertyTesting's SplitMix64):
/// a trial replays from its seed.
extension SplitMix64 {
    /// Uniform in `range` (non-negative bounds).
    mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int64(span == 0 ? next() : next() % span)
    }
}
