/// Where a game server keeps, per player account, the intervals network time proved the player away and
/// the server paid for, so that two devices of one account are not paid twice for the same hours (threat 12 of
/// docs/guarantees.md).
///
/// Contract for conforming types (the fleet's database store follows the same one):
/// - ``record(account:journalID:sessionID:away:)`` records the interval and returns how much of it (in
///   nanoseconds, `0…away.count`) intervals of **other** journals of the same account, recorded before,
///   cover; it is atomic per account, so of two devices uploading at once the second sees the first;
/// - recording the same (journal, session) again changes nothing and returns the overlap found the first
///   time (a re-upload, a settlement, or a retry after a concurrent upload);
/// - accounts and ids compare byte for byte; a durable store has the interval on stable storage before it
///   returns; intervals that ended more than ``AccountIntervals/retentionNanoseconds`` before a newly
///   recorded one may be forgotten.
package protocol AccountIntervalStore: Sendable {
    /// Records `away` for (`journalID`, `sessionID`) of `account`; returns the part other journals already cover.
    func record(account: String, journalID: String, sessionID: String, away: Range<Int64>) throws(RegistryError) -> Int64
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
        if let known = entries.first(where: { Self.same($0.journalID, journalID) && Self.same($0.sessionID, sessionID) }) {
            return known.overlap
        }
        var covered: [Range<Int64>] = []
        for entry in entries where !Self.same(entry.journalID, journalID) {
            let low = max(entry.start, away.lowerBound), high = min(entry.end, away.upperBound)
            if low < high { covered.append(low..<high) }
        }
        let overlap = Self.unionLength(covered)
        let (horizon, overflow) = away.lowerBound.subtractingReportingOverflow(Self.retentionNanoseconds)
        if !overflow { entries.removeAll { $0.end < horizon } }
        entries.append(Entry(journalID: journalID, sessionID: sessionID, start: away.lowerBound, end: away.upperBound, overlap: overlap))
        return overlap
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
    /// Records `away` for (`journalID`, `sessionID`) of `account` and returns `gold` less the share of `away`
    /// that other journals (or tickets, under a journal id of their own) of the account were already paid for:
    /// `floor(gold × uncovered / length)`, never more than the exact recomputation (the reward is concave in
    /// time), with the overlap in nanoseconds.
    package func recordAndTrim(_ gold: Int64, account: String, journalID: String, sessionID: String,
                              away: Range<Int64>) throws(RegistryError) -> (gold: Int64, overlap: Int64) {
        guard gold > 0, !away.isEmpty else { return (max(0, gold), 0) }
        let overlap = try record(account: account, journalID: journalID, sessionID: sessionID, away: away)
        guard overlap > 0 else { return (gold, 0) }
        // `away` is non-empty and within Int64, so its length is in 1..<2⁶⁴ (exact as UInt64); gold < 2⁶³, so
        // gold × uncovered < 2⁶⁴ × length and the 128-bit quotient (≤ gold) fits.
        let length = UInt64(bitPattern: away.upperBound &- away.lowerBound)
        let uncovered = length - min(UInt64(overlap), length)
        let trimmed = length.dividingFullWidth(UInt64(gold).multipliedFullWidth(by: uncovered)).quotient
        return (Int64(trimmed), overlap)
    }
}
