import Foundation
import PlaytimeSimulation

/// One situation's figures in the `fairness` table, and the goals each meets.
struct FairnessRow {
    let name: String
    var count = 0
    /// Share of returns with a fix within the budget; nil for simulated network time.
    var fixShare: Double?
    /// False when the fix share is measured, not a goal (80 % loss).
    var fixIsGoal = true
    /// Slowest return check, real seconds.
    var slowest: Double?
    var flaggedShare: Double = 0
    var creditedShare: Double = 0
    /// The smallest share of its true time any one session was credited (network rows only).
    var worstCredited: Double?
    var paidShare: Double = 0
    var errors = 0
    var firstError: String?
    /// The suspicious flags raised, for the explanation of a missed goal.
    var flagKinds: [String] = []

    /// Real checks within the budget plus this much scheduling slack count as a fix in the budget.
    static let budgetNanoseconds: Int64 = 1_500_000_000
    static let slackNanoseconds: Int64 = 100_000_000

    init(name: String, errors: Int, firstError: String) {
        self.name = name
        self.count = errors
        self.errors = errors
        self.firstError = firstError
    }

    init(name: String, fixIsGoal: Bool, results: [Result<FairnessOutcome, FairnessTrialError>]) {
        self.name = name
        self.fixIsGoal = fixIsGoal
        count = results.count
        var fixes = 0
        var flagged = 0
        var credited = 0.0
        var truth = 0.0
        var paid = 0.0
        var honest = 0.0
        var slowest: Int64 = 0
        var kinds = Set<String>()
        var worst = Double.infinity
        for result in results {
            switch result {
            case .success(let outcome):
                if let check = outcome.returnCheck {
                    slowest = max(slowest, check.elapsedNanoseconds)
                    if check.fixed, check.elapsedNanoseconds <= Self.budgetNanoseconds + Self.slackNanoseconds { fixes += 1 }
                }
                if outcome.flagged { flagged += 1 }
                kinds.formUnion(outcome.flags)
                credited += Double(outcome.creditedNanoseconds)
                if outcome.trueAwayNanoseconds > 0 {
                    worst = min(worst, Double(outcome.creditedNanoseconds) / Double(outcome.trueAwayNanoseconds))
                }
                truth += Double(outcome.trueAwayNanoseconds)
                paid += Double(outcome.paid)
                honest += Double(outcome.honest)
            case .failure(let error):
                errors += 1
                if firstError == nil { firstError = error.description }
            }
        }
        fixShare = Double(fixes) / Double(max(1, count))
        self.slowest = Double(slowest) / 1e9
        flaggedShare = Double(flagged) / Double(max(1, count))
        creditedShare = truth > 0 ? credited / truth : 0
        paidShare = honest > 0 ? paid / honest : 0
        flagKinds = kinds.sorted()
        worstCredited = worst.isFinite ? worst : nil
    }

    init(simulated row: SimulationRow, name: String) {
        self.name = name
        count = row.trials
        flaggedShare = row.flaggedShare
        creditedShare = row.creditedShareOfTrueTime
        paidShare = row.goldHonest > 0 ? Double(row.goldPaid) / Double(row.goldHonest) : 0
        errors = row.errors
        firstError = row.firstError
    }

    var fixMet: Bool? { fixShare.map { $0 >= 0.95 } }
    var flagsMet: Bool { flaggedShare == 0 }
    var creditedMet: Bool { creditedShare >= 0.99 }

    /// Every goal that applies met, and no trial failed.
    var metGoals: Bool { errors == 0 && flagsMet && creditedMet && (!fixIsGoal || fixMet != false) }

    /// The table: a header, a rule, and one line per row.
    static func render(_ rows: [FairnessRow]) -> String {
        let header = ["situation", "n", "fix in 1.5 s", "≥ 95 %", "flagged", "0", "credited", "≥ 99 %", "worst one", "paid/honest", "slowest s"]
        var table = [header]
        for row in rows {
            let fixGoal: String
            switch (row.fixMet, row.fixIsGoal) {
            case (nil, _): fixGoal = "—"
            case (let met?, true): fixGoal = met ? "PASS" : "MISS"
            case (let met?, false): fixGoal = met ? "PASS*" : "MISS*"
            }
            var cells = [
                row.name, String(row.count), row.fixShare.map(percent) ?? "sim.", fixGoal,
                percent(row.flaggedShare), row.flagsMet ? "PASS" : "MISS",
                percent(row.creditedShare), row.creditedMet ? "PASS" : "MISS", row.worstCredited.map(percent) ?? "—",
                percent(row.paidShare), row.slowest.map { String(format: "%.2f", $0) } ?? "—",
            ]
            if row.errors > 0 { cells[0] += " (ERR \(row.errors): \(row.firstError ?? ""))" }
            table.append(cells)
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        var lines = table.map { cells in
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        for row in rows where !row.flagKinds.isEmpty {
            lines.append("  \(row.name): flags raised: \(row.flagKinds.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }
}

private func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
