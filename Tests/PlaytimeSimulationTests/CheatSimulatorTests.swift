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
        // Every threat of GUIDE §4 is covered.
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

    @Test("attacks are caught where they can be: clock and journal cheats are flagged")
    func attacksFlagged() async {
        let report = await CheatSimulator(seed: 3, trials: 20, scenarios: [.wallForward, .wallBack, .editJournal, .fakeNTPHijackReboot]).run()
        for row in report.rows { #expect(row.flaggedShare == 1, "\(row.scenario) flagged \(row.flaggedShare)") }
    }
}
