/// Marzullo-style intersection: the region where the most intervals [θ − λ, θ + λ] overlap.
package enum IntervalIntersection {
    /// The best region and which intervals contain it.
    package struct Selection: Sendable, Hashable {
        /// Low edge of the region every member agrees on.
        package var low: Int64
        /// High edge of that region.
        package var high: Int64
        /// Indices of the intervals that contain the region (the truechimers).
        package var members: [Int]
    }

    /// Finds the region covered by the largest number of intervals, and returns it when at least `quorum`
    /// intervals cover it. Closed intervals: touching ends count as overlap. `nil` means no quorum.
    package static func select(_ intervals: [(low: Int64, high: Int64)], quorum: Int) -> Selection? {
        guard !intervals.isEmpty, quorum >= 1 else { return nil }
        // Edges sorted by position; at the same position a start comes before an end.
        var edges: [(position: Int64, isStart: Bool)] = []
        edges.reserveCapacity(intervals.count * 2)
        for interval in intervals where interval.low <= interval.high {
            edges.append((interval.low, true))
            edges.append((interval.high, false))
        }
        edges.sort { $0.position != $1.position ? $0.position < $1.position : ($0.isStart && !$1.isStart) }
        var depth = 0
        var best = 0
        var region: (low: Int64, high: Int64)?
        for (index, edge) in edges.enumerated() {
            if edge.isStart {
                depth += 1
                if depth > best, index + 1 < edges.count {
                    best = depth
                    // The region ends at the next edge, which must be an end at the maximum depth.
                    region = (edge.position, edges[index + 1].position)
                }
            } else {
                depth -= 1
            }
        }
        guard best >= quorum, let region else { return nil }
        let members = intervals.indices.filter { intervals[$0].low <= region.low && intervals[$0].high >= region.high }
        return Selection(low: region.low, high: region.high, members: members)
    }
}
