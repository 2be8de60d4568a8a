/// Where a game server keeps, per player account, the intervals network time proved the player away and
/// the server paid for, so that two devices of one account are not paid twice for the same hours (threat 12 of
/// docs/guarantees.md).
///
/// Contract for conforming types (the fleet's database store follows the same one):
/// - ``record(account:journalID:intervals:)`` records the intervals of one upload (all of one journal) and
///   returns, for each in order, how much of it (in nanoseconds, `0…away.count`) intervals of **other**
///   journals of the same account, recorded before, cover; it is atomic per account, so of two devices
///   uploading at once the second sees the first;
/// - it writes once per call, whatever the number of intervals (one replacement of the account's file, one
///   database transaction): an upload of thousands of sessions costs one write, not one per session
///   (docs/fleet.md, "Limits and cost");
/// - recording the same (journal, session) again changes nothing and returns the overlap found the first
///   time (a re-upload, a settlement, or a retry after a concurrent upload);
/// - accounts and ids compare byte for byte; a durable store has the intervals on stable storage before it
///   returns; intervals that ended more than ``AccountIntervals/retentionNanoseconds`` before a newly
///   recorded one may be forgotten.
package protocol AccountIntervalStore: Sendable {
    /// Records `intervals` of `journalID` for `account` in one write; returns, for each, the part other
    /// journals already cover.
    func record(account: String, journalID: String, intervals: [AccountInterval]) throws(RegistryError) -> [Int64]
}

/// One session's away interval, as an upload records it.
package struct AccountInterval: Sendable, Hashable {
    /// The session.
    package var sessionID: String
    /// Its certainly-away interval (Unix nanoseconds).
    package var away: Range<Int64>

    /// Creates an interval.
    package init(sessionID: String, away: Range<Int64>) {
        self.sessionID = sessionID
        self.away = away
    }
}

/// One account's recorded intervals, and the overlap rule shared by the stores.
package struct AccountIntervals: Sendable, Hashable, Codable {
    /// One paid, network-proven away interval of one session.
    package struct Entry: Sendable, Hashable, Codable {
        /// The journal (lowercase hex id) the session came from.
        package var journalID: String
        /// The session.
        package var sessionID: String
        /// Start of the certainly-away interval (Unix nanoseconds).
        package var start: Int64
        /// End of it (exclusive).
        package var end: Int64
        /// How much of it other journals covered when it was recorded.
        package var overlap: Int64
    }

    /// The entries, oldest first.
    package var entries: [Entry] = []

    /// Thirty days: how long an interval is kept after it ended (uploads come later than that, or never).
    package static let retentionNanoseconds: Int64 = 30 * 86_400 * 1_000_000_000

    /// An empty set.
    package init() {}

    /// Records `away` (idempotently) and returns the overlap with other journals' intervals, clamped to its length.
    package mutating func record(journalID: String, sessionID: String, away: Range<Int64>) -> Int64 {
        record(journalID: journalID, [AccountInterval(sessionID: sessionID, away: away)])[0]
    }

    /// Records `intervals` of `journalID` (each idempotently) and returns, for each, the overlap with other
    /// journals' intervals recorded before, clamped to its length. Linear in the entries plus
    /// `intervals.count × log(entries)`: the other journals' intervals are merged once, and each new one is
    /// measured against them by binary search and prefix sums. Intervals of the same journal never count
    /// against each other, so every interval of the batch sees the same other-journal set; entries that
    /// ended more than ``retentionNanoseconds`` before the latest start recorded are dropped at the end.
    package mutating func record(journalID: String, _ intervals: [AccountInterval]) -> [Int64] {
        let journal = Array(journalID.utf8)
        var known: [[UInt8]: Int64] = [:]
        var others: [Range<Int64>] = []
        for entry in entries {
            if entry.journalID.utf8.elementsEqual(journal) {
                known[Array(entry.sessionID.utf8)] = entry.overlap
            } else if entry.start < entry.end {
                others.append(entry.start..<entry.end)
            }
        }
        let cover = Coverage(others)
        var overlaps: [Int64] = []
        overlaps.reserveCapacity(intervals.count)
        var horizon: Int64?
        for interval in intervals {
            let session = Array(interval.sessionID.utf8)
            if let overlap = known[session] {
                overlaps.append(overlap)
                continue
            }
            let away = interval.away
            let overlap = cover.length(within: away)
            known[session] = overlap
            overlaps.append(overlap)
            entries.append(Entry(journalID: journalID, sessionID: interval.sessionID, start: away.lowerBound, end: away.upperBound,
                                 overlap: overlap))
            let (limit, overflow) = away.lowerBound.subtractingReportingOverflow(Self.retentionNanoseconds)
            if !overflow { horizon = max(horizon ?? limit, limit) }
        }
        if let horizon { entries.removeAll { $0.end < horizon } }
        return overlaps
    }

    /// The total length of the union of `ranges` (saturating).
    static func unionLength(_ ranges: [Range<Int64>]) -> Int64 {
        var total: Int64 = 0
        func add(_ range: Range<Int64>) {
            // upper − lower of a range is in 0..<2⁶⁴ (exact as UInt64); total ≥ 0.
            let length = UInt64(bitPattern: range.upperBound &- range.lowerBound)
            let (sum, overflow) = UInt64(total).addingReportingOverflow(length)
            total = overflow || sum > UInt64(Int64.max) ? .max : Int64(sum)
        }
        var current: Range<Int64>?
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, range.lowerBound <= open.upperBound {
                current = open.lowerBound..<max(open.upperBound, range.upperBound)
            } else {
                if let open = current { add(open) }
                current = range
            }
        }
        if let open = current { add(open) }
        return total
    }

    /// Byte-for-byte equality (no Unicode equivalence).
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}

extension AccountIntervalStore {
    /// Records one interval: ``record(account:journalID:intervals:)`` with one element.
    package func record(account: String, journalID: String, sessionID: String, away: Range<Int64>) throws(RegistryError) -> Int64 {
        try record(account: account, journalID: journalID, intervals: [AccountInterval(sessionID: sessionID, away: away)])[0]
    }

    /// Records `away` for (`journalID`, `sessionID`) of `account` and returns `gold` less the share of `away`
    /// that other journals (or tickets, under a journal id of their own) of the account were already paid for:
    /// `floor(gold × uncovered / length)`, never more than the exact recomputation (the reward is concave in
    /// time), with the overlap in nanoseconds.
    package func recordAndTrim(_ gold: Int64, account: String, journalID: String, sessionID: String,
                              away: Range<Int64>) throws(RegistryError) -> (gold: Int64, overlap: Int64) {
        try recordAndTrim([(gold, AccountInterval(sessionID: sessionID, away: away))], account: account, journalID: journalID)[0]
    }

    /// ``recordAndTrim(_:account:journalID:sessionID:away:)`` for every session of one upload, in one write
    /// (only the sessions with gold and a non-empty interval are recorded).
    package func recordAndTrim(_ sessions: [(gold: Int64, interval: AccountInterval)], account: String,
                              journalID: String) throws(RegistryError) -> [(gold: Int64, overlap: Int64)] {
        var results = sessions.map { (gold: max(0, $0.gold), overlap: Int64(0)) }
        let recorded = sessions.indices.filter { sessions[$0].gold > 0 && !sessions[$0].interval.away.isEmpty }
        guard !recorded.isEmpty else { return results }
        let overlaps = try record(account: account, journalID: journalID, intervals: recorded.map { sessions[$0].interval })
        for (position, index) in recorded.enumerated() {
            results[index] = Self.trim(sessions[index].gold, away: sessions[index].interval.away, overlap: overlaps[position])
        }
        return results
    }

    /// `floor(gold × uncovered / length)` of a non-empty `away` with `overlap` of it covered.
    private static func trim(_ gold: Int64, away: Range<Int64>, overlap: Int64) -> (gold: Int64, overlap: Int64) {
        guard overlap > 0 else { return (gold, 0) }
        // `away` is non-empty and within Int64, so its length is in 1..<2⁶⁴ (exact as UInt64); gold < 2⁶³, so
        // gold × uncovered < 2⁶⁴ × length and the 128-bit quotient (≤ gold) fits.
        let length = UInt64(bitPattern: away.upperBound &- away.lowerBound)
        let uncovered = length - min(UInt64(overlap), length)
        let trimmed = length.dividingFullWidth(UInt64(gold).multipliedFullWidth(by: uncovered)).quotient
        return (Int64(trimmed), overlap)
    }
}
