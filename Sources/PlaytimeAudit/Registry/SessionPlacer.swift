/// The server-time window of each session of one upload (docs/anchors.md, "Placement"): after the latest
/// verified anchor recorded before its departure (or the journal's enrollment), and before the earliest anchor
/// whose named head is at or after its return (or the upload). A session that no anchor or enrollment places
/// has no window: it shares the account's provisional pool.
package struct SessionPlacer {
    /// The anchors' times in record order, each the largest so far (an anchor copied out of order never
    /// narrows a window less than the true latest one before it).
    private let recordSequences: [UInt64]
    private let latestTimes: [Int64]
    /// The anchors sorted by named head, with the smallest time from each on.
    private let headSequences: [UInt64]
    private let earliestTimes: [Int64]
    /// The journal's enrollment time, when the server enrolled it.
    let enrolledAt: Int64?
    /// The upload's server time.
    let now: Int64

    /// A placer for one upload's `anchors` (record order), enrolled at `enrolledAt`, received at `now`.
    package init(anchors: [VerifiedAnchor], enrolledAt: Int64?, now: Int64) {
        var sequences: [UInt64] = []
        var latest: [Int64] = []
        for anchor in anchors {
            sequences.append(anchor.recordSequence)
            latest.append(max(latest.last ?? .min, anchor.serverNanoseconds))
        }
        recordSequences = sequences
        latestTimes = latest
        let byHead = anchors.sorted { $0.headSequence < $1.headSequence }
        headSequences = byHead.map(\.headSequence)
        var earliest = [Int64](repeating: .max, count: byHead.count)
        var running = Int64.max
        for index in byHead.indices.reversed() {
            running = min(running, byHead[index].serverNanoseconds)
            earliest[index] = running
        }
        earliestTimes = earliest
        self.enrolledAt = enrolledAt
        self.now = now
    }

    /// The window of a session departing at record `departure` and returning at record `arrival`; `nil` when
    /// nothing places its departure (no anchor before it, no enrollment). Never after the upload; empty when
    /// the anchors contradict each other.
    package func window(departure: UInt64?, arrival: UInt64?) -> Range<Int64>? {
        var lower = enrolledAt
        if let departure {
            let before = Self.count(recordSequences) { $0 < departure }
            if before > 0 { lower = max(lower ?? .min, latestTimes[before - 1]) }
        }
        guard let lower else { return nil }
        var upper = now
        if let arrival {
            let first = Self.count(headSequences) { $0 < arrival }
            if first < earliestTimes.count { upper = min(upper, earliestTimes[first]) }
        }
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// The latest server time the departure at record `departure` can have happened: the earliest anchor whose
    /// named head is at or after it, or the upload.
    package func latestDeparture(_ departure: UInt64?) -> Int64 {
        guard let departure else { return now }
        let first = Self.count(headSequences) { $0 < departure }
        return first < earliestTimes.count ? min(now, earliestTimes[first]) : now
    }

    /// The number of leading elements of sorted `values` for which `isLow` holds.
    private static func count(_ values: [UInt64], _ isLow: (UInt64) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isLow(values[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
