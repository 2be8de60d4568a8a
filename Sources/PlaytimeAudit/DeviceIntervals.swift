/// Network-proven away intervals of the journals audited earlier in a run (other devices), for the
/// cross-device overlap check: sorted by start with a running maximum of the ends, so that finding an
/// interval that overlaps a new one is a binary search, not a scan of every earlier session
/// (docs/fleet.md, "Limits and cost").
struct DeviceIntervals {
    /// One session's network-proven away interval.
    struct Interval {
        /// Its start (Unix nanoseconds).
        var start: Int64
        /// Its end (exclusive).
        var end: Int64
        /// The journal, as named to the auditor.
        var journal: String
        /// The session.
        var session: String
    }

    /// By start (ties in the order added).
    private var sorted: [Interval] = []
    /// `latest[k]`: the position in `sorted[0...k]` of the interval that ends last (the first such).
    private var latest: [Int] = []

    init() {}

    /// Adds the intervals of one journal (once it is audited).
    mutating func add(_ intervals: [Interval]) {
        guard !intervals.isEmpty else { return }
        var merged: [Interval] = []
        merged.reserveCapacity(sorted.count + intervals.count)
        let incoming = intervals.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var old = 0
        var new = 0
        while old < sorted.count || new < incoming.count {
            if new == incoming.count || (old < sorted.count && sorted[old].start <= incoming[new].start) {
                merged.append(sorted[old])
                old += 1
            } else {
                merged.append(incoming[new])
                new += 1
            }
        }
        sorted = merged
        latest.removeAll(keepingCapacity: true)
        for index in sorted.indices {
            if let previous = latest.last, sorted[previous].end >= sorted[index].end {
                latest.append(previous)
            } else {
                latest.append(index)
            }
        }
    }

    /// An interval that overlaps `start..<end`, if any: of those starting before `end`, the one that ends last.
    func overlapping(start: Int64, end: Int64) -> Interval? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].start < end { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = sorted[latest[low - 1]]
        return candidate.end > start ? candidate : nil
    }
}
