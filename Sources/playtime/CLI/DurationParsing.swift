/// Parses durations such as `90`, `90s`, `45m`, `2h`, `1h30m`, `7d` into whole seconds.
func parseDuration(_ text: String, option: String) throws(UsageError) -> Int64 {
    let failure = UsageError(description: "\(option) takes a duration such as 90s, 45m, 2h, 1h30m or 7d, not '\(text)'")
    if let plain = Int64(text), plain >= 0 { return plain }
    var total: Int64 = 0
    var number: Int64?
    var sawUnit = false
    for character in text {
        if let digit = character.wholeNumberValue, character.isASCII {
            let (times, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { throw failure }
            number = sum
            continue
        }
        let unit: Int64
        switch character {
        case "s": unit = 1
        case "m": unit = 60
        case "h": unit = 3_600
        case "d": unit = 86_400
        default: throw failure
        }
        guard let value = number else { throw failure }
        let (scaled, o1) = value.multipliedReportingOverflow(by: unit)
        let (sum, o2) = total.addingReportingOverflow(scaled)
        guard !o1, !o2 else { throw failure }
        total = sum
        number = nil
        sawUnit = true
    }
    guard sawUnit, number == nil else { throw failure }
    return total
}
