/// Where a game server keeps, per player account, the server time it has credited as time away: every
/// session and ticket paid is placed on the account's line of server time, and no two placements share an
/// instant. So the away time credited inside any interval of server time never exceeds that interval's length,
/// across every journal and ticket of the account (docs/anchors.md, "Conservation").
///
/// Contract for conforming types (the fleet's database store follows the same one):
/// - ``place(account:journalID:placements:)`` places the sessions of one upload (all of one journal) or one
///   ticket, in order, and returns for each the nanoseconds the account's line holds for it in total
///   (`0…nanoseconds`); it is atomic per account, so of two devices uploading at once on two hosts the second
///   sees the first;
/// - it writes once per call, whatever the number of placements (one replacement of the account's file, one
///   database transaction): an upload of thousands of sessions costs one write (docs/fleet.md, "Limits and cost");
/// - placing the same (journal, session) again adds only what it asks beyond what it holds (a re-upload or a
///   settlement pays the difference, never the same time twice), and returns its total;
/// - accounts and ids compare byte for byte; a durable store has the placements on stable storage before it
///   returns; placements that ended more than ``AccountIntervals/retentionNanoseconds`` before a newly placed
///   one may be forgotten, and no time before that horizon is placed again.
package protocol AccountIntervalStore: Sendable {
    /// Places `placements` of `journalID` for `account` in one write; returns, for each, the nanoseconds held.
    func place(account: String, journalID: String, placements: [Placement]) throws(RegistryError) -> [Int64]
}

/// One account's placements on its line of server time, and the placement rule every store applies.
package struct AccountIntervals: Sendable, Hashable, Codable {
    /// One piece of server time credited to one session (or ticket) of one journal.
    package struct Entry: Sendable, Hashable, Codable {
        /// The journal (lowercase hex id, or a ticket's own name) the session came from.
        package var journalID: String
        /// The session.
        package var sessionID: String
        /// Start of the piece (Unix nanoseconds on the server's clock; the provisional pool lies below 0).
        package var start: Int64
        /// End of it (exclusive).
        package var end: Int64

        /// Creates an entry.
        package init(journalID: String, sessionID: String, start: Int64, end: Int64) {
            self.journalID = journalID
            self.sessionID = sessionID
            self.start = start
            self.end = end
        }
    }

    /// The pieces, in the order they were placed.
    package var entries: [Entry] = []

    /// Thirty days: how long a piece is kept after it ended (uploads come later than that, or never).
    package static let retentionNanoseconds: Int64 = 30 * 86_400 * 1_000_000_000

    /// An empty account.
    package init() {}

    /// Places `placements` of `journalID` in order and returns, for each, the nanoseconds the account holds for
    /// its (journal, session) afterwards, at most what it asks. A session already placed keeps its pieces and
    /// gets only the difference, from free time in its window nearest to its preferred interval; no two
    /// pieces of the account ever overlap, and no piece starts before the retention horizon of the pieces
    /// already there (time whose pieces may have been forgotten is never credited again). About linear in the account's pieces plus
    /// `placements.count × (log + √)` of them (``SegmentSet``); pieces that ended more than
    /// ``retentionNanoseconds`` before the latest piece placed are dropped at the end (the provisional pool,
    /// below 0, is kept).
    package mutating func place(journalID: String, _ placements: [Placement]) -> [Int64] {
        let journal = Array(journalID.utf8)
        var held: [[UInt8]: Int64] = [:]
        var occupied: [Range<Int64>] = []
        occupied.reserveCapacity(entries.count)
        for entry in entries where entry.start < entry.end {
            occupied.append(entry.start..<entry.end)
            if entry.journalID.utf8.elementsEqual(journal) {
                held[Array(entry.sessionID.utf8), default: 0] = Self.sum(held[Array(entry.sessionID.utf8)] ?? 0, SegmentSet.length(entry.start..<entry.end))
            }
        }
        var line = SegmentSet(occupied)
        // Time before the retention horizon may have been forgotten: it is never credited again.
        let newest = entries.reduce(Int64?.none) { $1.start >= 0 ? max($0 ?? $1.start, $1.start) : $0 }
        let horizon = newest.map { $0.subtractingReportingOverflow(Self.retentionNanoseconds) }.flatMap { $0.overflow ? nil : $0.partialValue }
        var results: [Int64] = []
        results.reserveCapacity(placements.count)
        var latest: Int64?
        for placement in placements {
            let session = Array(placement.sessionID.utf8)
            let already = held[session] ?? 0
            let wanted = max(0, placement.nanoseconds)
            guard already < wanted else {
                results.append(min(already, wanted))
                continue
            }
            var window = placement.window
            if let horizon, window.lowerBound >= 0, window.lowerBound < horizon { window = min(horizon, window.upperBound)..<window.upperBound }
            var got: Int64 = 0
            for piece in line.gaps(within: window, nearest: placement.preferred, limit: wanted - already) {
                line.insert(piece)
                entries.append(Entry(journalID: journalID, sessionID: placement.sessionID, start: piece.lowerBound, end: piece.upperBound))
                got = Self.sum(got, SegmentSet.length(piece))
                if piece.lowerBound >= 0 { latest = max(latest ?? piece.lowerBound, piece.lowerBound) }
            }
            held[session] = already + got
            results.append(already + got)
        }
        if let latest {
            let (horizon, overflow) = latest.subtractingReportingOverflow(Self.retentionNanoseconds)
            if !overflow { entries.removeAll { $0.start >= 0 && $0.end < horizon } }
        }
        return results
    }

    /// The nanoseconds held for (`journalID`, `sessionID`).
    package func held(journalID: String, sessionID: String) -> Int64 {
        entries.reduce(0) { total, entry in
            AccountIntervals.same(entry.journalID, journalID) && AccountIntervals.same(entry.sessionID, sessionID)
                ? Self.sum(total, SegmentSet.length(entry.start..<entry.end)) : total
        }
    }

    /// The total length of the union of `ranges` (saturating).
    static func unionLength(_ ranges: [Range<Int64>]) -> Int64 {
        SegmentSet(ranges).segments.reduce(0) { sum($0, SegmentSet.length($1)) }
    }

    /// `a + b`, saturating at Int64.max (both non-negative).
    static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }

    /// Byte-for-byte equality (no Unicode equivalence).
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}

extension AccountIntervalStore {
    /// Places `placements` of `journalID` for `account` and returns, for each, the gold it asks for cut to the
    /// share of its time the account's line holds for it: `floor(gold × held / nanoseconds)` — never more than
    /// the exact recomputation for the time held (the reward is concave in time) — with the nanoseconds held.
    /// Placements with no gold or no time are not placed (they return 0 gold and 0 held).
    package func placeAndTrim(_ sessions: [(gold: Int64, placement: Placement)], account: String,
                              journalID: String) throws(RegistryError) -> [(gold: Int64, held: Int64)] {
        var results = sessions.map { _ in (gold: Int64(0), held: Int64(0)) }
        let placed = sessions.indices.filter { sessions[$0].gold > 0 && sessions[$0].placement.nanoseconds > 0 }
        guard !placed.isEmpty else { return results }
        let held = try place(account: account, journalID: journalID, placements: placed.map { sessions[$0].placement })
        for (position, index) in placed.enumerated() {
            results[index] = (Self.trim(sessions[index].gold, held: held[position], of: sessions[index].placement.nanoseconds), held[position])
        }
        return results
    }

    /// `floor(gold × held / wanted)` for `0 ≤ held ≤ wanted`, `wanted > 0`.
    static func trim(_ gold: Int64, held: Int64, of wanted: Int64) -> Int64 {
        guard held < wanted else { return gold }
        // gold < 2⁶³ and held < wanted < 2⁶³: the 128-bit quotient is at most gold.
        let product = UInt64(gold).multipliedFullWidth(by: UInt64(max(0, held)))
        return Int64(UInt64(wanted).dividingFullWidth(product).quotient)
    }
}
