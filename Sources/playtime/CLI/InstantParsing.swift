/// Parses an instant given on the command line into Unix nanoseconds (UTC; no time zone database is used).
///
/// Accepts RFC 3339 date-times, `2026-12-01T06:00:00Z`, `2026-12-01T06:00:00.25+01:00` (`T` or a space,
/// `Z` or `±HH:MM`, a fraction of up to nine digits; a leap second `:60` counts as the next second), or
/// Unix seconds, `1796104800` or `1796104800.5`. Anything else, or an instant outside the
/// years 1970–2262 (the range of Unix nanoseconds in 64 bits), is a usage error.
func parseInstant(_ text: String, option: String) throws(UsageError) -> Int64 {
    let failure = UsageError(description: "\(option) takes an RFC 3339 time such as 2026-12-01T06:00:00Z or Unix seconds, not '\(text)'")
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 64 else { throw failure }
    let nanoseconds: Int64?
    if bytes.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) {
        nanoseconds = unixSeconds(bytes)
    } else {
        nanoseconds = rfc3339(bytes)
    }
    guard let nanoseconds, nanoseconds >= 0 else { throw failure }
    return nanoseconds
}

/// `SECONDS[.FRACTION]` as nanoseconds, `nil` when malformed or too large.
private func unixSeconds(_ bytes: [UInt8]) -> Int64? {
    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = digitsValue(parts[0]), !parts[0].isEmpty else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
        guard let value = fractionNanoseconds(parts[1]) else { return nil }
        fraction = value
    }
    return combine(seconds: whole, nanoseconds: fraction)
}

/// An RFC 3339 `date-time` as Unix nanoseconds, `nil` when malformed or out of range.
private func rfc3339(_ bytes: [UInt8]) -> Int64? {
    // YYYY-MM-DDTHH:MM:SS is 19 bytes, then an optional fraction, then Z or ±HH:MM.
    guard bytes.count >= 20,
        let year = number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
        let month = number(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"),
        let day = number(bytes, 8, 2),
        [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
        let hour = number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"),
        let minute = number(bytes, 14, 2), bytes[16] == UInt8(ascii: ":"),
        let second = number(bytes, 17, 2)
    else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
        hour <= 23, minute <= 59, second <= 60
    else { return nil }
    var index = 19
    var fraction: Int64 = 0
    if bytes[index] == UInt8(ascii: ".") {
        let start = index + 1
        index = start
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard let value = fractionNanoseconds(bytes[start..<index]) else { return nil }
        fraction = value
    }
    guard index < bytes.count else { return nil }
    var offsetSeconds: Int64 = 0
    switch bytes[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
        guard index + 1 == bytes.count else { return nil }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard index + 6 == bytes.count, let offsetHour = number(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
            let offsetMinute = number(bytes, index + 4, 2), offsetHour <= 23, offsetMinute <= 59
        else { return nil }
        offsetSeconds = (offsetHour * 3_600 + offsetMinute * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    default:
        return nil
    }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    // Local time minus the offset is UTC.
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
    return combine(seconds: seconds, nanoseconds: fraction)
}

/// `seconds × 10⁹ + nanoseconds`, `nil` on overflow.
private func combine(seconds: Int64, nanoseconds: Int64) -> Int64? {
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, overflow2) = scaled.addingReportingOverflow(nanoseconds)
    return overflow || overflow2 ? nil : sum
}

/// Up to nine fraction digits as nanoseconds (at least one digit); more digits are refused.
private func fractionNanoseconds(_ digits: ArraySlice<UInt8>) -> Int64? {
    guard !digits.isEmpty, digits.count <= 9, let value = digitsValue(digits) else { return nil }
    var scale: Int64 = 1
    for _ in digits.count..<9 { scale *= 10 }
    return value * scale
}

/// A run of ASCII digits (at most 18, so it fits), `nil` otherwise; the empty run is 0.
private func digitsValue(_ digits: ArraySlice<UInt8>) -> Int64? {
    guard digits.count <= 18, digits.allSatisfy(isDigit) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
}

/// Exactly `count` digits at `start`.
private func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int64? {
    guard start + count <= bytes.count else { return nil }
    let slice = bytes[start..<start + count]
    return slice.allSatisfy(isDigit) ? digitsValue(slice) : nil
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days from 1970-01-01 to the civil date (proleptic Gregorian), the inverse of `TimeFormatting.utc`.
private func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}
