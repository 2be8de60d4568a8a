import PlaytimeRewards
import Testing

@Suite("Reward curve at extreme rates")
struct CurveOverflowTests {
    @Test(
        "Rates near Int64.max plot and draw without overflow; the top label is the largest gold",
        arguments: [Int64.max, Int64.max - 1, Int64.max / 2 + 1, 1 << 62, 9_223_372_036_854_775])
    func extremeRate(rate: Int64) throws {
        let calculator = try RewardCalculator(policy: .default)
        for multipliers in [[], ["ad"]] {
            let curve = try RewardCurve(calculator: calculator, goldPerHour: rate, multipliers: multipliers)
            #expect(curve.maxGold > 0)
            #expect(curve.points.allSatisfy { $0.gold >= 0 })
            let plot = curve.terminalPlot()
            #expect(plot.contains("hours away"))
            // The top row is labelled with the largest gold, the middle one with a smaller positive amount.
            let rows = plot.split(separator: "\n")
            #expect(rows[1].filter(\.isNumber) == String(curve.maxGold))
            #expect(!rows[1].hasPrefix("-") && !rows[6].contains("-"))
            for height in [4, 5, 12, 100] { _ = curve.terminalPlot(width: 400, height: height) }
            let svg = curve.svg()
            #expect(svg.hasPrefix("<?xml"))
            #expect(svg.contains("<polyline"))
            // Every y tick label lies on the axis: the five steps of a ceiling near Int64.max are exact.
            #expect(svg.components(separatedBy: "text-anchor=\"end\"").count == 7)
        }
    }
}
