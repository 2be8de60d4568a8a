import Foundation
import PlaytimeGuard
import PlaytimeSimulation
import Testing

@Suite("Cheat simulator")
struct CheatSimulatorTests {
    @Test("seed 1, 200 trials: nothing overpaid, no honest case flagged, honest time credited ≥ 99 %")
    func seedOne() async throws {
        let report = await CheatSimulator(seed: 1, trials: 200).run()
        #expect(report.rows.count == CheatScenario.allCases.count)
        for row in report.rows {
            #expect(row.errors == 0, "\(row.scenario): \(row.errors) trials failed, first: \(row.firstError ?? "?")")
            #expect(row.overpaid == 0, "\(row.scenario) overpaid \(row.overpaid)")
            if row.kind == .honest {
                #expect(row.flaggedShare == 0, "\(row.scenario) flagged \(row.flaggedShare)")
                #expect(row.creditedShareOfTrueTime >= 0.99, "\(row.scenario) credited \(row.creditedShareOfTrueTime)")
            }
        }
        #expect(report.passed)
        // Every threat of the catalogue (docs/guarantees.md) is covered.
        #expect(Set(report.rows.compactMap(\.threat)) == Set(1...14))
    }

    @Test("the same seed gives the same report; the JSON form decodes back; the table names every scenario")
    func deterministicAndRendered() async throws {
        let scenarios: [CheatScenario] = [.wallForward, .rebootWhileAway, .tinyPeriods]
        let one = await CheatSimulator(seed: 7, trials: 10, scenarios: scenarios).run()
        let two = await CheatSimulator(seed: 7, trials: 10, scenarios: scenarios).run()
        #expect(one == two)
        let decoded = try JSONDecoder().decode(SimulationReport.self, from: Data(one.json().utf8))
        #expect(decoded == one)
        let table = one.render()
        for scenario in scenarios { #expect(table.contains(scenario.rawValue)) }
        #expect(table.contains("PASS"))
    }

    @Test("trials on one worker or on many give the same report, and progress counts every trial once")
    func concurrencyDoesNotChangeTheReport() async {
        // 60 trials: three batches per scenario, so batches of one scenario finish in any order.
        let scenarios: [CheatScenario] = [.forgedReboot, .honestOnline, .flakyNetworkReboot, .twoDevices]
        let simulator = CheatSimulator(seed: 11, trials: 60, scenarios: scenarios)
        let serial = await simulator.run(concurrency: 1)
        let counts = ProgressCounts()
        let parallel = await simulator.run(concurrency: 4) { done, total in counts.add(done: done, total: total) }
        #expect(parallel == serial)
        let seen = counts.values
        #expect(seen.last == ProgressCounts.Value(done: 240, total: 240))
        #expect(seen.map(\.done) == seen.map(\.done).sorted(), "progress went backwards: \(seen)")
        #expect(seen.count == 4 * 3, "one report per batch of 25 trials")
    }

    @Test("attacks are caught where they can be: clock and journal cheats are flagged")
    func attacksFlagged() async {
        let report = await CheatSimulator(seed: 3, trials: 20, scenarios: [.wallForward, .wallBack, .editJournal, .fakeNTPHijackReboot]).run()
        for row in report.rows { #expect(row.flaggedShare == 1, "\(row.scenario) flagged \(row.flaggedShare)") }
    }
}

/// Progress reports collected from the simulator's workers.
private final class ProgressCounts: @unchecked Sendable {
    struct Value: Equatable, CustomStringConvertible {
        var done: Int
        var total: Int
        var description: String { "\(done)/\(total)" }
    }
    private let lock = NSLock()
    private var collected: [Value] = []

    func add(done: Int, total: Int) { lock.withLock { collected.append(Value(done: done, total: total)) } }
    var values: [Value] { lock.withLock { collected } }
}
