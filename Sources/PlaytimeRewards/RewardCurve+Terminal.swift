extension RewardCurve {
    /// A terminal plot of gold against hours away.
    ///
    /// The y axis is labelled in gold (0, half, max), the x axis in hours (start,
    /// middle, end). `unicode: false` uses ASCII only.
    /// - Parameters:
    ///   - width: plot columns, clamped to 10...400.
    ///   - height: plot rows, clamped to 4...100.
    package func terminalPlot(width: Int = 60, height: Int = 12, unicode: Bool = true) -> String {
        let columns = min(max(width, 10), 400)
        let rows = min(max(height, 4), 100)
        let top = max(1, maxGold)
        let end = maxSeconds
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        let mark: Character = unicode ? "•" : "*"
        for column in 0..<columns {
            let seconds = WideArithmetic.multiplyAddDivide(end, Int64(column), by: Int64(columns - 1))
            let gold = gold(nearest: seconds)
            // row 0 is the top; round to the nearest row.
            let level = Int(WideArithmetic.multiplyAddDivide(max(0, gold), Int64(rows - 1), plus: top / 2, by: top))
            grid[rows - 1 - min(level, rows - 1)][column] = mark
        }
        let labels = (0..<rows).map { row -> String in
            if row == 0 { return GoldFormatting.gold(top) }
            if row == rows - 1 { return "0" }
            if row == (rows - 1) / 2, rows > 4 { return GoldFormatting.gold(top - WideArithmetic.multiplyAddDivide(top, Int64(row), by: Int64(rows - 1))) }
            return ""
        }
        let labelWidth = labels.map(\.count).max() ?? 1
        let vertical = unicode ? "┤" : "|"
        let corner = unicode ? "└" : "+"
        let horizontal = unicode ? "─" : "-"
        var lines = ["gold (\(policyVersion), \(GoldFormatting.gold(goldPerHour)) gold/h\(multiplierSuffix))"]
        for row in 0..<rows {
            let label = labels[row]
            let padded = String(repeating: " ", count: labelWidth - label.count) + label
            lines.append("\(padded) \(vertical)\(String(grid[row]))")
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + corner + String(repeating: horizontal, count: columns))
        let left = GoldFormatting.hours(0)
        let middle = GoldFormatting.hours(end / 2)
        let right = GoldFormatting.hours(end)
        var axis = Array(repeating: Character(" "), count: columns + 1)
        place(left, at: 0, in: &axis)
        place(middle, at: columns / 2 - middle.count / 2, in: &axis)
        place(right, at: columns + 1 - right.count, in: &axis)
        lines.append(String(repeating: " ", count: labelWidth + 1) + String(axis) + "  hours away")
        return lines.joined(separator: "\n")
    }

    var multiplierSuffix: String {
        multipliers.isEmpty ? "" : ", " + multipliers.joined(separator: "+")
    }

    private func place(_ text: String, at start: Int, in line: inout [Character]) {
        for (offset, character) in text.enumerated() {
            let index = start + offset
            if index >= 0, index < line.count { line[index] = character }
        }
    }
}
