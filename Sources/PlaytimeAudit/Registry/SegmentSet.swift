/// A set of disjoint server-time segments, merged whenever two touch, kept in sorted chunks so that finding the
/// free gaps around a time and filling one costs `O(log n + √n)`, not `O(n)`: an upload of thousands of sessions
/// is placed in time close to linear in its size (docs/fleet.md, "Limits and cost").
struct SegmentSet {
    /// Sorted, disjoint, non-touching segments, split into chunks of at most ``chunkLimit``; no chunk is empty.
    private var chunks: [[Range<Int64>]] = []
    /// The most segments one chunk holds before it is split in two.
    static let chunkLimit = 256

    /// A position: chunk and index within it. `(chunks.count, 0)` is the end.
    private struct Position: Equatable {
        var chunk: Int
        var index: Int
    }

    /// The segments of `ranges` (any order, may overlap or touch; empty ones ignored), merged.
    init(_ ranges: [Range<Int64>]) {
        var merged: [Range<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var start = 0
        while start < merged.count {
            let end = min(merged.count, start + Self.chunkLimit / 2)
            chunks.append(Array(merged[start..<end]))
            start = end
        }
    }

    /// All segments in order (for tests).
    var segments: [Range<Int64>] { chunks.flatMap { $0 } }

    /// The free gaps inside `range`, nearest to `preferred` first: first those inside `preferred` in increasing
    /// order, then the others by their distance from it (a gap to the left is measured from its upper end, to
    /// the right from its lower end). Stops once `limit` nanoseconds are found; each gap is clipped to `range`.
    /// Visits only the gaps it returns plus one, and the segments between them; with `maximumGaps`, at most that
    /// many gaps (what it found by then is returned).
    func gaps(within range: Range<Int64>, nearest preferred: Range<Int64>, limit: Int64, maximumGaps: Int = .max) -> [Range<Int64>] {
        guard !range.isEmpty, limit > 0 else { return [] }
        var visits = 0
        let core = max(range.lowerBound, min(preferred.lowerBound, range.upperBound))..<max(range.lowerBound, min(preferred.upperBound, range.upperBound))
        var found: [Range<Int64>] = []
        var remaining = limit
        var limitReached = false
        func take(_ gap: Range<Int64>, fromLower: Bool) {
            visits += 1
            if visits >= maximumGaps { limitReached = true }
            guard !gap.isEmpty, remaining > 0 else { return }
            // Exact as UInt64: a gap may be longer than Int64.max.
            let length = UInt64(bitPattern: gap.upperBound &- gap.lowerBound)
            if length <= UInt64(remaining) {
                found.append(gap)
                remaining -= Int64(length)
            } else {
                found.append(fromLower ? gap.lowerBound..<(gap.lowerBound + remaining) : (gap.upperBound - remaining)..<gap.upperBound)
                remaining = 0
            }
        }
        var forward = ForwardGaps(set: self, from: core.lowerBound, to: core.upperBound)
        while remaining > 0, !limitReached, let gap = forward.next() { take(gap, fromLower: true) }
        var right = ForwardGaps(set: self, from: core.upperBound, to: range.upperBound)
        var left = BackwardGaps(set: self, from: core.lowerBound, to: range.lowerBound)
        var nextRight = remaining > 0 && !limitReached ? right.next() : nil
        var nextLeft = remaining > 0 && !limitReached ? left.next() : nil
        while remaining > 0, !limitReached, nextRight != nil || nextLeft != nil {
            let rightDistance = nextRight.map { UInt64(bitPattern: $0.lowerBound &- core.upperBound) } ?? .max
            let leftDistance = nextLeft.map { UInt64(bitPattern: core.lowerBound &- $0.upperBound) } ?? .max
            if let gap = nextRight, rightDistance <= leftDistance {
                take(gap, fromLower: true)
                nextRight = remaining > 0 ? right.next() : nil
            } else if let gap = nextLeft {
                take(gap, fromLower: false)
                nextLeft = remaining > 0 ? left.next() : nil
            }
        }
        return found
    }

    /// Adds `piece`, which must not overlap any segment (it may touch them: they merge).
    mutating func insert(_ piece: Range<Int64>) {
        guard !piece.isEmpty else { return }
        if chunks.isEmpty {
            chunks = [[piece]]
            return
        }
        // The first segment that starts after the piece.
        let position = firstPosition { $0.lowerBound > piece.lowerBound }
        var merged = piece
        var at = position
        // Merge with the predecessor when it touches.
        if let previous = self.position(before: position), chunks[previous.chunk][previous.index].upperBound == piece.lowerBound {
            merged = chunks[previous.chunk][previous.index].lowerBound..<piece.upperBound
            remove(at: previous)
            at = firstPosition { $0.lowerBound > piece.lowerBound }
        }
        // Merge with the successor when it touches.
        if at.chunk < chunks.count, chunks[at.chunk][at.index].lowerBound == merged.upperBound {
            merged = merged.lowerBound..<chunks[at.chunk][at.index].upperBound
            remove(at: at)
            at = firstPosition { $0.lowerBound > piece.lowerBound }
        }
        if chunks.isEmpty {
            chunks = [[merged]]
            return
        }
        if at.chunk == chunks.count { at = Position(chunk: chunks.count - 1, index: chunks[chunks.count - 1].count) }
        chunks[at.chunk].insert(merged, at: at.index)
        if chunks[at.chunk].count > Self.chunkLimit {
            let half = chunks[at.chunk].count / 2
            let upper = Array(chunks[at.chunk][half...])
            chunks[at.chunk].removeSubrange(half...)
            chunks.insert(upper, at: at.chunk + 1)
        }
    }

    /// `b − a` of a non-empty range, as Int64 (saturating: a range of the whole Int64 line is longer than Int64.max).
    static func length(_ range: Range<Int64>) -> Int64 {
        let length = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        return length > UInt64(Int64.max) ? .max : Int64(length)
    }

    // MARK: Positions

    /// The first position whose segment satisfies `isAfter` (segments are sorted, so it is monotone).
    private func firstPosition(_ isAfter: (Range<Int64>) -> Bool) -> Position {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(chunks[middle][chunks[middle].count - 1]) { high = middle } else { low = middle + 1 }
        }
        guard low < chunks.count else { return Position(chunk: chunks.count, index: 0) }
        let chunk = chunks[low]
        var first = 0
        var last = chunk.count
        while first < last {
            let middle = (first + last) / 2
            if isAfter(chunk[middle]) { last = middle } else { first = middle + 1 }
        }
        return Position(chunk: low, index: first)
    }

    private func position(before position: Position) -> Position? {
        if position.chunk < chunks.count, position.index > 0 { return Position(chunk: position.chunk, index: position.index - 1) }
        if position.chunk == chunks.count, position.index > 0 { return nil }
        guard position.chunk > 0 else { return nil }
        return Position(chunk: position.chunk - 1, index: chunks[position.chunk - 1].count - 1)
    }

    private func position(after position: Position) -> Position {
        if position.index + 1 < chunks[position.chunk].count { return Position(chunk: position.chunk, index: position.index + 1) }
        return Position(chunk: position.chunk + 1, index: 0)
    }

    private mutating func remove(at position: Position) {
        chunks[position.chunk].remove(at: position.index)
        if chunks[position.chunk].isEmpty { chunks.remove(at: position.chunk) }
    }

    private func segment(at position: Position) -> Range<Int64>? {
        position.chunk < chunks.count ? chunks[position.chunk][position.index] : nil
    }

    /// The gaps between `from` and `to` (`from ≤ to`), increasing.
    private struct ForwardGaps {
        let set: SegmentSet
        var cursor: Int64
        let end: Int64
        var position: Position

        init(set: SegmentSet, from: Int64, to: Int64) {
            self.set = set
            cursor = from
            end = to
            // The first segment that ends after `from`.
            position = set.firstPosition { $0.upperBound > from }
        }

        mutating func next() -> Range<Int64>? {
            while cursor < end {
                guard let segment = set.segment(at: position) else {
                    defer { cursor = end }
                    return cursor..<end
                }
                if segment.lowerBound > cursor {
                    let gap = cursor..<min(segment.lowerBound, end)
                    cursor = min(segment.upperBound, end)
                    position = set.position(after: position)
                    return gap
                }
                cursor = max(cursor, min(segment.upperBound, end))
                position = set.position(after: position)
            }
            return nil
        }
    }

    /// The gaps between `from` and `to` (`to ≤ from`), decreasing.
    private struct BackwardGaps {
        let set: SegmentSet
        var cursor: Int64
        let end: Int64
        var position: Position?

        init(set: SegmentSet, from: Int64, to: Int64) {
            self.set = set
            cursor = from
            end = to
            // The last segment that starts before `from`.
            position = set.position(before: set.firstPosition { $0.lowerBound >= from })
        }

        mutating func next() -> Range<Int64>? {
            while cursor > end {
                guard let at = position, let segment = set.segment(at: at) else {
                    defer { cursor = end }
                    return end..<cursor
                }
                if segment.upperBound < cursor {
                    let gap = max(segment.upperBound, end)..<cursor
                    cursor = max(segment.lowerBound, end)
                    position = set.position(before: at)
                    return gap
                }
                cursor = min(cursor, max(segment.lowerBound, end))
                position = set.position(before: at)
            }
            return nil
        }
    }
}
