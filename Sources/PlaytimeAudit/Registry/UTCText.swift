/// Server times in words for findings: `2026-12-02 08:15:00 UTC`, from Unix nanoseconds (proleptic Gregorian).
enum UTCText {
    /// The UTC date and time of `nanoseconds`, to the second.
    static func format(_ nanoseconds: Int64) -> String {
        let seconds = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds + 1) / 1_000_000_000 - 1
        let days = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
        let inDay = seconds - days * 86_400
        let (year, month, day) = civil(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) UTC"
    }

    /// A duration in words: `7200 s`, or `1.4 s` below ten seconds (tenths, rounded down).
    static func seconds(_ nanoseconds: Int64) -> String {
        let value = max(0, nanoseconds)
        guard value < 10_000_000_000 else { return "\(value / 1_000_000_000) s" }
        return "\(value / 1_000_000_000).\(value / 100_000_000 % 10) s"
    }

    /// Year, month and day of `days` since 1970-01-01, counting 400-year eras of 146 097 days.
    private static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
