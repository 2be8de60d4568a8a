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
        /// The window its session may lie in (``Placement/window``): a piece whose window is wider than it may be
        /// moved there to make room for a session that can lie nowhere else. Absent: it stays where it is.
        package var windowStart: Int64?
        /// See ``windowStart``.
        package var windowEnd: Int64?

        /// Creates an entry.
        package init(journalID: String, sessionID: String, start: Int64, end: Int64, window: Range<Int64>? = nil) {
            self.journalID = journalID
            self.sessionID = sessionID
            self.start = start
            self.end = end
            self.windowStart = window?.lowerBound
            self.windowEnd = window?.upperBound
        }

        /// Its window, when it has one wider than itself.
        var movableWithin: Range<Int64>? {
            guard let low = windowStart, let high = windowEnd, low < high, start < end else { return nil }
            return SegmentSet.length(low..<high) > SegmentSet.length(start..<end) ? low..<high : nil
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
        var repairs = 0
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
                entries.append(
                    Entry(
                        journalID: journalID, sessionID: placement.sessionID, start: piece.lowerBound, end: piece.upperBound,
                        window: window))
                got = Self.sum(got, SegmentSet.length(piece))
                if piece.lowerBound >= 0 { latest = max(latest ?? piece.lowerBound, piece.lowerBound) }
            }
            if got < wanted - already, repairs < Self.repairsPerCall {
                repairs += 1
                got = Self.sum(
                    got,
                    makeRoom(
                        wanted - already - got, in: window, near: placement.preferred, for: journalID,
                        placement.sessionID, horizon: horizon, line: &line, latest: &latest))
            }
            held[session] = already + got
            results.append(already + got)
        }
        if repairs > 0 { entries.removeAll { $0.start >= $0.end } }
        if let latest {
            let (horizon, overflow) = latest.subtractingReportingOverflow(Self.retentionNanoseconds)
            if !overflow { entries.removeAll { $0.start >= 0 && $0.end < horizon } }
        }
        return results
    }

    /// How many placements of one call may move other sessions' pieces (each costs a scan of the account):
    /// enough for every honest upload, a bounded cost for any other.
    static let repairsPerCall = 128
    /// How many pieces one placement tries to move, and how many gaps it looks at for each: the work of a
    /// repair is bounded whatever the account holds (a fragmented account cannot make one upload quadratic).
    static let candidatesPerRepair = 32
    static let gapsPerCandidate = 64

    /// Finds up to `need` nanoseconds for (`journalID`, `sessionID`) inside `window` by moving pieces of other
    /// sessions whose own windows are wider than their pieces to free time there (nearest first): a session
    /// that can lie nowhere else (network time names its interval) is not trimmed because a session that could
    /// lie anywhere in hours (an offline one, placed first by its wall clock) took that time. The moved
    /// sessions keep every nanosecond they held, inside their windows; nothing is ever placed twice. Returns
    /// the nanoseconds found.
    private mutating func makeRoom(
        _ need: Int64, in window: Range<Int64>, near preferred: Range<Int64>, for journalID: String,
        _ sessionID: String, horizon: Int64?, line: inout SegmentSet, latest: inout Int64?
    ) -> Int64 {
        // The nearest few, kept sorted as the account is scanned once: no sort of the whole account.
        var candidates: [(distance: UInt64, index: Int)] = []
        candidates.reserveCapacity(Self.candidatesPerRepair + 1)
        for index in entries.indices {
            let entry = entries[index]
            guard entry.movableWithin != nil, entry.start < window.upperBound, entry.end > window.lowerBound,
                !(Self.same(entry.journalID, journalID) && Self.same(entry.sessionID, sessionID))
            else { continue }
            let distance: UInt64 =
                entry.end <= preferred.lowerBound
                ? UInt64(bitPattern: preferred.lowerBound &- entry.end)
                : entry.start >= preferred.upperBound ? UInt64(bitPattern: entry.start &- preferred.upperBound) : 0
            if candidates.count == Self.candidatesPerRepair, let worst = candidates.last, worst.distance <= distance { continue }
            let position = candidates.firstIndex { $0.distance > distance } ?? candidates.count
            candidates.insert((distance, index), at: position)
            if candidates.count > Self.candidatesPerRepair { candidates.removeLast() }
        }
        var found: Int64 = 0
        for (_, index) in candidates where found < need {
            let owner = entries[index]
            guard var elsewhere = owner.movableWithin else { continue }
            if let horizon, elsewhere.lowerBound >= 0, elsewhere.lowerBound < horizon {
                elsewhere = min(horizon, elsewhere.upperBound)..<elsewhere.upperBound
            }
            let low = max(owner.start, window.lowerBound)
            let high = min(owner.end, window.upperBound)
            guard low < high else { continue }
            var take = low..<high
            if SegmentSet.length(take) > need - found { take = low..<(low + (need - found)) }
            let moves = line.gaps(within: elsewhere, nearest: take, limit: SegmentSet.length(take), maximumGaps: Self.gapsPerCandidate)
            guard moves.reduce(Int64(0), { Self.sum($0, SegmentSet.length($1)) }) == SegmentSet.length(take) else { continue }
            let ownerWindow = owner.windowStart.flatMap { start in owner.windowEnd.map { start..<$0 } }
            for move in moves {
                line.insert(move)
                entries.append(
                    Entry(
                        journalID: owner.journalID, sessionID: owner.sessionID, start: move.lowerBound, end: move.upperBound,
                        window: ownerWindow))
                if move.lowerBound >= 0 { latest = max(latest ?? move.lowerBound, move.lowerBound) }
            }
            // The owner keeps what lies outside the part taken; the part taken stays occupied, now by this session.
            entries[index].end = take.lowerBound
            if take.upperBound < owner.end {
                entries.append(Entry(journalID: owner.journalID, sessionID: owner.sessionID, start: take.upperBound, end: owner.end, window: ownerWindow))
            }
            entries.append(Entry(journalID: journalID, sessionID: sessionID, start: take.lowerBound, end: take.upperBound, window: window))
            if take.lowerBound >= 0 { latest = max(latest ?? take.lowerBound, take.lowerBound) }
            found = Self.sum(found, SegmentSet.length(take))
        }
        return found
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
    package func placeAndTrim(
        _ sessions: [(gold: Int64, placement: Placement)], account: String,
        journalID: String
    ) throws(RegistryError) -> [(gold: Int64, held: Int64)] {
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
