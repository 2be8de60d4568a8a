extension RewardCurve {
    /// A standalone SVG document plotting gold against hours away.
    ///
    /// Contains a title, both axes with tick labels (hours and gold), axis
    /// titles and the curve as a `<polyline>`. Dimensions are clamped to 200...4000.
    package func svg(width: Int = 720, height: Int = 400) -> String {
        let w = min(max(width, 200), 4000)
        let h = min(max(height, 200), 4000)
        let left = 80
        let right = 24
        let top = 40
        let bottom = 56
        let plotWidth = w - left - right
        let plotHeight = h - top - bottom
        let end = max(1, maxSeconds)
        let ceiling = Self.niceCeiling(max(1, maxGold))

        func x(_ seconds: Int64) -> Int { left + Int(WideArithmetic.multiplyAddDivide(seconds, Int64(plotWidth), by: end)) }
        func y(_ gold: Int64) -> Int { top + plotHeight - Int(WideArithmetic.multiplyAddDivide(max(0, gold), Int64(plotHeight), by: ceiling)) }

        var out: [String] = []
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        out.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\" font-size=\"12\">")
        out.append("<title>\(Self.escape("Offline gold vs time away — policy \(policyVersion)"))</title>")
        out.append("<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"white\"/>")
        let heading = "Gold vs hours away (policy \(policyVersion), \(GoldFormatting.gold(goldPerHour)) gold/h\(multiplierSuffix))"
        out.append("<text x=\"\(w / 2)\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">\(Self.escape(heading))</text>")
        // Grid and ticks: y in 5 steps, x in whole hours (at most ~12 ticks).
        for step in 0...5 {
            // In 128 bits: a ceiling near Int64.max times the step would overflow 64.
            let gold = WideArithmetic.multiplyAddDivide(ceiling, Int64(step), by: 5)
            let py = y(gold)
            out.append("<line x1=\"\(left)\" y1=\"\(py)\" x2=\"\(left + plotWidth)\" y2=\"\(py)\" stroke=\"#e5e5e5\"/>")
            out.append("<text x=\"\(left - 8)\" y=\"\(py + 4)\" text-anchor=\"end\">\(GoldFormatting.gold(gold))</text>")
        }
        let hourStep = Self.hourStep(for: end)
        var tick: Int64 = 0
        while tick <= end {
            let px = x(tick)
            out.append("<line x1=\"\(px)\" y1=\"\(top + plotHeight)\" x2=\"\(px)\" y2=\"\(top + plotHeight + 5)\" stroke=\"black\"/>")
            out.append("<text x=\"\(px)\" y=\"\(top + plotHeight + 20)\" text-anchor=\"middle\">\(GoldFormatting.hours(tick))</text>")
            let next = tick.addingReportingOverflow(hourStep)
            if next.overflow { break }
            tick = next.partialValue
        }
        out.append("<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        out.append("<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        out.append("<text x=\"\(left + plotWidth / 2)\" y=\"\(h - 12)\" text-anchor=\"middle\">hours away</text>")
        out.append("<text x=\"18\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(top + plotHeight / 2))\">gold</text>")
        let coordinates = points.map { "\(x($0.seconds)),\(y($0.gold))" }.joined(separator: " ")
        out.append("<polyline fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" points=\"\(coordinates)\"/>")
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Rounds up to 1, 2 or 5 × 10ⁿ so axis labels are round numbers.
    static func niceCeiling(_ value: Int64) -> Int64 {
        var magnitude: Int64 = 1
        while true {
            for factor: Int64 in [1, 2, 5] {
                let (candidate, overflow) = magnitude.multipliedReportingOverflow(by: factor)
                if overflow { return value }
                if candidate >= value { return candidate }
            }
            let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return value }
            magnitude = next
        }
    }

    /// A tick spacing in seconds giving at most about 12 hour ticks.
    static func hourStep(for end: Int64) -> Int64 {
        for hours: Int64 in [1, 2, 3, 4, 6, 12, 24, 48, 168, 720, 8760] where end / (hours * 3600) <= 12 {
            return hours * 3600
        }
        return max(3600, end / 12)
    }

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
