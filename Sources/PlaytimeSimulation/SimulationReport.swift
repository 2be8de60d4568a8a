import Foundation
import PlaytimeGuard

/// The simulator's result: one row per scenario.
package struct SimulationReport: Sendable, Hashable, Codable {
    /// The seed the run started from.
    package var seed: UInt64
    /// Trials per scenario.
    package var trials: Int
    /// One row per scenario, attacks first.
    package var rows: [SimulationRow]

    /// Creates a report.
    package init(seed: UInt64, trials: Int, rows: [SimulationRow]) {
        self.seed = seed
        self.trials = trials
        self.rows = rows
    }

    /// True when no attack overpaid, no honest case was flagged or under-credited, and no trial failed.
    package var passed: Bool { rows.allSatisfy(\.passed) }

    /// A fixed-width text table with a verdict line.
    package func render() -> String {
        let header = ["scenario", "kind", "trials", "gold paid", "gold honest", "overpaid", "flagged", "credited", "ok"]
        var table = [header]
        for row in rows {
            table.append([
                row.scenario, row.kind.rawValue, String(row.trials), String(row.goldPaid), String(row.goldHonest),
                String(row.overpaid), Self.percent(row.flaggedShare), Self.percent(row.creditedShareOfTrueTime),
                row.passed ? "yes" : (row.errors > 0 ? "ERR \(row.errors)" : "NO"),
            ])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        var lines = table.map { cells in
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 || index == 1 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        let overpaid = rows.reduce(Int64(0)) { $0 + $1.overpaid }
        let flaggedHonest = rows.filter { $0.kind == .honest && $0.flaggedShare > 0 }.count
        lines.append("")
        lines.append(
            "seed \(seed), \(trials) trials per scenario: overpaid \(overpaid) gold, honest rows flagged \(flaggedHonest): "
                + (passed ? "PASS" : "FAIL"))
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON with sorted keys.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.2f%%", share * 100)
    }
}
