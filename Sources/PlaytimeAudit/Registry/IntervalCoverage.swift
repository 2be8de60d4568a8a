/// The union of a set of intervals, merged once, that answers "how much of this range does it cover" in
/// `O(log n)`: the account check measures each session of an upload against the other journals' intervals
/// without rescanning them (docs/fleet.md, "Limits and cost").
struct Coverage {
    /// Disjoint, non-empty pieces in increasing order.
    private var starts: [Int64] = []
    private var ends: [Int64] = []
    /// `prefix[k]`: the total length of pieces `0..<k`. Disjoint pieces inside the Int64 range sum to less
    /// than 2⁶⁴, so UInt64 holds it exactly.
    private var prefix: [UInt64] = [0]

    /// Merges `ranges` (any order, empty ones ignored).
    init(_ ranges: [Range<Int64>]) {
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = ends.last, range.lowerBound <= last {
                ends[ends.count - 1] = max(last, range.upperBound)
            } else {
                starts.append(range.lowerBound)
                ends.append(range.upperBound)
            }
        }
        prefix.reserveCapacity(starts.count + 1)
        var total: UInt64 = 0
        for index in starts.indices {
            total &+= Self.length(starts[index], ends[index])
            prefix.append(total)
        }
    }

    /// The length of the union inside `range`, clamped to Int64.max.
    func length(within range: Range<Int64>) -> Int64 {
        guard !range.isEmpty, !starts.isEmpty else { return 0 }
        // Pieces first..<last meet the range: the first whose end is past its start, up to the first that
        // starts at or after its end.
        let first = Self.partition(ends) { $0 <= range.lowerBound }
        let last = Self.partition(starts) { $0 < range.upperBound }
        guard first < last else { return 0 }
        var covered = prefix[last] &- prefix[first]
        if starts[first] < range.lowerBound { covered &-= Self.length(starts[first], range.lowerBound) }
        if ends[last - 1] > range.upperBound { covered &-= Self.length(range.upperBound, ends[last - 1]) }
        return covered > UInt64(Int64.max) ? .max : Int64(covered)
    }

    /// The number of leading elements of the sorted `values` for which `isLow` holds.
    private static func partition(_ values: [Int64], _ isLow: (Int64) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isLow(values[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `b − a` for `a ≤ b`, exact as UInt64.
    private static func length(_ a: Int64, _ b: Int64) -> UInt64 { UInt64(bitPattern: b &- a) }
}
