import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// Runs the whole threat catalogue (docs/guarantees.md, threat catalogue) and the honest catalogue through the real recorder, journal,
/// verdict, calculator and ledger, and compares the gold paid with what honest play of the same true
/// time away earns.
///
/// Each trial writes small journals to a scratch directory (`/dev/shm` when present) and deletes them.
/// Time is simulated: nothing sleeps. The same seed gives the same report.
package struct CheatSimulator: Sendable {
    /// The seed every trial's randomness derives from.
    package var seed: UInt64
    /// Trials per scenario.
    package var trials: Int
    /// The reward policy paid under.
    package var policy: RewardPolicy
    /// The scenarios run, in order.
    package var scenarios: [CheatScenario]
    /// Where journals are written; `nil` picks `/dev/shm` or the temporary directory.
    package var directory: String?

    /// Creates a simulator for every scenario under `policy`.
    package init(
        seed: UInt64, trials: Int, policy: RewardPolicy = .default, scenarios: [CheatScenario] = CheatScenario.allCases,
        directory: String? = nil
    ) {
        self.seed = seed
        self.trials = max(1, trials)
        self.policy = policy
        self.scenarios = scenarios
        self.directory = directory
    }

    /// The key every simulated journal uses (a fixed test key: simulations prove nothing about secrecy).
    static let key: JournalKey? = try? JournalKey(bytes: (0..<32).map { UInt8(0xA0 ^ $0) })

    /// Runs every scenario and returns the report. An invalid policy yields rows whose every trial is an error.
    ///
    /// Trials run on `concurrency` workers (default: every active core). The report does not depend on it:
    /// each trial's seed is drawn in trial order before any runs, and the rows sum the outcomes in trial order.
    /// `progress`, when given, is told after each batch how many of all the trials are done.
    package func run(concurrency: Int? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async
        -> SimulationReport
    {
        let scratch = Self.scratchDirectory(directory, seed: seed)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        guard let calculator = try? RewardCalculator(policy: policy), let key = Self.key else {
            return SimulationReport(seed: seed, trials: trials, rows: scenarios.map { failedRow($0) })
        }
        let plan = SimulationPlan(seed: seed, trials: trials, scenarios: scenarios)
        let workers = max(1, concurrency ?? ProcessInfo.processInfo.activeProcessorCount)
        var results = plan.emptyResults()
        var done = 0
        await withTaskGroup(of: SimulationBatchResult.self) { group in
            var pending = plan.batches.makeIterator()
            func start(_ batch: SimulationBatch) {
                let scenarioDirectory = scratch + "/scenario-\(batch.scenarioIndex)"
                group.addTask {
                    await batch.run(directory: scenarioDirectory, key: key, calculator: calculator)
                }
            }
            for _ in 0..<workers {
                guard let batch = pending.next() else { break }
                start(batch)
            }
            for await finished in group {
                results[finished.scenarioIndex].replaceSubrange(finished.trials, with: finished.results)
                done += finished.results.count
                progress?(done, plan.totalTrials)
                if let batch = pending.next() { start(batch) }
            }
        }
        let rows = scenarios.enumerated().map { index, scenario in row(scenario, results: results[index]) }
        return SimulationReport(seed: seed, trials: trials, rows: rows)
    }

    /// The row of a scenario from its trials' results, summed in trial order.
    private func row(_ scenario: CheatScenario, results: [TrialResult]) -> SimulationRow {
        var paid: Int64 = 0
        var honest: Int64 = 0
        var overpaid: Int64 = 0
        var flagged = 0
        var errors = 0
        var firstError: String?
        var credited: Double = 0
        var truth: Double = 0
        for (trial, result) in results.enumerated() {
            switch result {
            case .outcome(let outcome):
                paid += outcome.paid
                honest += outcome.honest
                overpaid += max(0, outcome.paid - outcome.honest)
                if outcome.flagged { flagged += 1 }
                credited += Double(outcome.credited)
                truth += Double(outcome.trueAway)
            case .failure(let description):
                errors += 1
                if firstError == nil { firstError = "trial \(trial): \(description)" }
            case .notRun:
                errors += 1
                if firstError == nil { firstError = "trial \(trial): not run" }
            }
        }
        return SimulationRow(
            scenario: scenario.rawValue, kind: scenario.kind, threat: scenario.threat, trials: trials, goldPaid: paid,
            goldHonest: honest, overpaid: overpaid, flaggedShare: Double(flagged) / Double(trials),
            creditedShareOfTrueTime: truth > 0 ? credited / truth : 0, errors: errors, firstError: firstError,
            summary: scenario.summary)
    }

    /// The row of a scenario that could not run at all (an invalid policy): every trial an error.
    private func failedRow(_ scenario: CheatScenario) -> SimulationRow {
        SimulationRow(
            scenario: scenario.rawValue, kind: scenario.kind, threat: scenario.threat, trials: trials, goldPaid: 0,
            goldHonest: 0, overpaid: 0, flaggedShare: 0, creditedShareOfTrueTime: 0, errors: trials, summary: scenario.summary)
    }

    private static func scratchDirectory(_ requested: String?, seed: UInt64) -> String {
        let base = requested ?? (FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        var random = SystemRandomNumberGenerator()
        let path = base + "/playtime-sim-\(seed)-\(String(random.next() as UInt64, radix: 16))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension TrialWorld {
    /// Runs one trial of `scenario`.
    mutating func play(_ scenario: CheatScenario) async throws(RecorderError) -> TrialOutcome {
        switch scenario {
        case .wallForward: return try await wallShift(direction: 1)
        case .wallBack: return try await wallShift(direction: -1)
        case .forwardClaimBack: return try await forwardClaimBack()
        case .timezoneCheat: return try await perceivedOffset(hoursRange: 1...14)
        case .rebootThenClockOnline: return try await rebootThenClock(online: true)
        case .rebootThenClockOffline: return try await rebootThenClock(online: false)
        case .forgedReboot: return try await forgedReboot(hideWithWall: false)
        case .forgedRebootWall: return try await forgedReboot(hideWithWall: true)
        case .airplaneMode: return try await airplaneMode()
        case .fakeNTPMinority: return try await fakeNTPMinority()
        case .fakeNTPHijack: return try await fakeNTPHijack(reboot: false)
        case .fakeNTPHijackReboot: return try await fakeNTPHijack(reboot: true)
        case .fakeNTPHijackReboot30Years: return try await fakeNTPHijackThirtyYears()
        case .spooferBehind: return try await spooferBehind()
        case .editJournal: return try await editJournal()
        case .rollbackJournal: return try await rollbackJournal()
        case .spliceJournal: return try await spliceJournal()
        case .killApp: return try await killApp()
        case .rateUpgrade: return try await rateUpgrade()
        case .multiplierReuse: return try await multiplierReuse()
        case .twoDevices: return try await twoDevices()
        case .claimReplay: return try await claimReplay()
        case .tinyPeriods: return try await tinyPeriods()
        case .offlineFarming: return try await offlineFarming()
        case .honestOnline: return try await honestAway()
        case .travelTimezones: return try await perceivedOffset(hoursRange: 1...14)
        case .daylightSaving: return try await perceivedOffset(hoursRange: 1...1)
        case .deviceSleep: return try await honestAway()
        case .ntpStepCorrection: return try await ntpStep()
        case .rebootWhileAway: return try await rebootWhileAway()
        case .flakyNetwork: return try await flakyNetwork()
        case .flakyNetworkReboot: return try await flakyNetworkReboot()
        case .offlineSameBoot: return try await offlineSameBoot()
        }
    }
}
