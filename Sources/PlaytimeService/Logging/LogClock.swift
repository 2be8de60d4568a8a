internal import Foundation
internal import PlaytimeSystem

/// The access log's `time`: now, UTC, RFC 3339 with milliseconds. The date and time of day are formatted once a
/// second and kept; each line adds only its milliseconds.
final class LogClock: Sendable {
    private let cached = ThreadLock<(second: Int, text: String)>((-1, ""))

    /// Now, as `2026-12-04T18:25:35.123Z`.
    func now() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = Int(now.tv_sec)
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let prefix = cached.withLock { cached -> String in
            if cached.second == second { return cached.text }
            var time = time_t(second)
            var parts = tm()
            gmtime_r(&time, &parts)
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
                parts.tm_min, parts.tm_sec)
            cached = (second, text)
            return text
        }
        let digits = String(milliseconds)
        return prefix + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
