import Foundation
import PlaytimeGuard
import PlaytimeJournal

/// What one trial came to: its outcome, the error it ended with, or nothing yet.
enum TrialResult: Sendable {
    case outcome(TrialOutcome)
    case failure(String)
    case notRun
}

/// A run of consecutive trials of one scenario, with the seed of each drawn in advance.
struct SimulationBatch: Sendable {
    /// The scenario's position in the simulator's list.
    let scenarioIndex: Int
    let scenario: CheatScenario
    /// The trials, as indices into the scenario's trials.
    let trials: Range<Int>
    /// One seed per trial of `trials`, in order.
    let seeds: [UInt64]

    /// Plays every trial of the batch in `directory` (created when missing).
    func run(directory: String, key: JournalKey, calculator: RewardCalculator) async -> SimulationBatchResult {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var results: [TrialResult] = []
        results.reserveCapacity(trials.count)
        for (trial, seed) in zip(trials, seeds) {
            var world = TrialWorld(
                random: SimulationRandom(seed: seed), directory: directory, key: key,
                calculator: calculator, trial: trial)
            do {
                results.append(.outcome(try await world.play(scenario)))
            } catch {
                results.append(.failure("\(error)"))
            }
            world.cleanUp()
        }
        return SimulationBatchResult(scenarioIndex: scenarioIndex, trials: trials, results: results)
    }
}

/// What a batch returns: its results in trial order.
struct SimulationBatchResult: Sendable {
    let scenarioIndex: Int
    let trials: Range<Int>
    let results: [TrialResult]
}

/// Every trial of a simulation cut into batches. Each scenario's trial seeds come from one generator seeded
/// from the run's seed and the scenario's position, drawn in trial order, so a trial's seed does not depend
/// on how the work is shared out.
struct SimulationPlan {
    /// Trials per batch: small enough to keep every core busy to the end, large enough to cost little.
    static let batchSize = 25

    let trials: Int
    let batches: [SimulationBatch]

    init(seed: UInt64, trials: Int, scenarios: [CheatScenario]) {
        self.trials = trials
        var batches: [SimulationBatch] = []
        for (index, scenario) in scenarios.enumerated() {
            var generator = SimulationRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
            let seeds = (0..<trials).map { _ in generator.next() }
            for start in stride(from: 0, to: trials, by: Self.batchSize) {
                let range = start..<min(trials, start + Self.batchSize)
                batches.append(
                    SimulationBatch(
                        scenarioIndex: index, scenario: scenario, trials: range,
                        seeds: Array(seeds[range])))
            }
        }
        self.batches = batches
        self.scenarioCount = scenarios.count
    }

    private let scenarioCount: Int

    /// Every trial of the run.
    var totalTrials: Int { trials * scenarioCount }

    /// One `.notRun` per trial of each scenario, to be filled in by the batches.
    func emptyResults() -> [[TrialResult]] {
        Array(repeating: Array(repeating: .notRun, count: trials), count: scenarioCount)
    }
}
