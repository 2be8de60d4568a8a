/// Gold paid within a rolling window (24 h by default), on the network timeline.
struct BudgetWindow {
    private var entries: [(time: Int64, gold: Int64)] = []
    private var head = 0
    private var sum: Int64 = 0
    let windowNanoseconds: Int64

    init(windowNanoseconds: Int64 = 86_400_000_000_000) { self.windowNanoseconds = windowNanoseconds }

    /// Adds `gold` paid at `time` and returns the total paid in the window ending at `time`.
    mutating func add(_ gold: Int64, at time: Int64) -> Int64 {
        while head < entries.count, entries[head].time <= time &- windowNanoseconds {
            sum &-= entries[head].gold
            head += 1
        }
        if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
        entries.append((time, gold))
        sum = sum.addingReportingOverflow(gold).overflow ? Int64.max : sum + gold
        return sum
    }
}
