internal import PlaytimeRewards

/// Gold paid within a rolling window (24 h by default), on one timeline (network time, or one boot's clock).
struct BudgetWindow {
    private var entries: [(time: Int64, gold: Int64)] = []
    private var head = 0
    /// The window's total, wide enough never to wrap.
    private var sum = WideCount(0)
    /// The latest time added. A time earlier than it counts at it, so the window never moves back: a payment
    /// placed far in the future keeps every later payment in its window instead of clearing the past.
    private var latest = Int64.min
    let windowNanoseconds: Int64

    init(windowNanoseconds: Int64 = 86_400_000_000_000) { self.windowNanoseconds = windowNanoseconds }

    /// Adds `gold` (negative counts as 0) paid at `requested` and returns the total paid in the window ending
    /// at the later of `requested` and the latest time seen, clamped to `Int64.max`.
    mutating func add(_ gold: Int64, at requested: Int64) -> Int64 {
        let time = max(requested, latest)
        latest = time
        let (start, overflow) = time.subtractingReportingOverflow(windowNanoseconds)
        while !overflow, head < entries.count, entries[head].time <= start {
            sum = sum - WideCount(UInt64(entries[head].gold))
            head += 1
        }
        if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
        entries.append((time, max(0, gold)))
        sum = sum + WideCount(UInt64(max(0, gold)))
        return sum.clampedToInt64
    }
}
