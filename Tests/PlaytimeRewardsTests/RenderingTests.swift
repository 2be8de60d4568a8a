import Foundation
import PlaytimeRewards
import Testing

@Suite("Rendering")
struct RenderingTests {
    @Test("the breakdown text shows tiers, multipliers, the (provisional) cap, budget and rounding")
    func breakdownText() throws {
        let b = try Defaults.calculator.calculate(
            creditedSeconds: 10 * 3600, status: .provisional, goldPerHour: 600,
            requestedMultipliers: ["ad", "vip"])
        let text = b.renderedText
        for needle in [
            "policy default-1", "status provisional", "10h (36000 s)", "1h (reached", "600 gold/h",
            "0s – 2h", "2h – ∞", "100%", "50%", "ad ×2", "applied", "vip ?", "not defined",
            "total earned       : 600 gold", "paid now           : 300 gold",
            "escrowed           : 300 gold (payable when proof arrives)",
            "6 000 gold per rolling 24 h", "floored once",
        ] {
            #expect(text.contains(needle), "missing \(needle) in\n\(text)")
        }
    }

    @Test("the terminal plot has labelled axes and a rising then flat curve")
    func terminalPlot() throws {
        let curve = try RewardCurve(calculator: Defaults.calculator, samples: 101)
        #expect(curve.points.first?.gold == 0)
        #expect(curve.maxGold == 1500)
        #expect(curve.maxSeconds == 10 * 3600)
        let plot = curve.terminalPlot(width: 50, height: 10)
        let lines = plot.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + 10 + 2)
        #expect(lines[1].hasPrefix("1 500 ┤"))
        #expect(lines[10].hasPrefix("    0 ┤"))
        #expect(plot.contains("0h") && plot.contains("5h") && plot.contains("10h") && plot.contains("hours away"))
        #expect(lines[1].hasSuffix("•"))  // the plateau after the cap sits on the top row
        let ascii = curve.terminalPlot(width: 50, height: 10, unicode: false)
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("the SVG is a standalone document with axes, labels and a polyline")
    func svg() throws {
        var policy = RewardPolicy.default
        policy.version = "v<1>&\"x\""
        let curve = try RewardCurve(calculator: try RewardCalculator(policy: policy), multipliers: ["ad"], samples: 41)
        let svg = curve.svg(width: 640, height: 360)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<polyline"))
        #expect(svg.contains(">hours away</text>") && svg.contains(">gold</text>"))
        #expect(svg.contains(">8h</text>") && svg.contains(">3 000</text>"))
        #expect(svg.contains("v&lt;1&gt;&amp;&quot;x&quot;"))
        #expect(!svg.contains("v<1>"))
        let polyline = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        let pairs = polyline.split(separator: "\"")[7].split(separator: " ")
        #expect(pairs.count == 41)
        // Every tag that opens is closed or self-closing (a cheap well-formedness check).
        #expect(svg.components(separatedBy: "<text").count == svg.components(separatedBy: "</text>").count)
    }
}
