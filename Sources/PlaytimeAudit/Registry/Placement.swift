/// Where a session (or a ticket) may lie on its account's line of server time, and how much of it to place
/// there (docs/anchors.md, "Placement").
package struct Placement: Sendable, Hashable {
    /// The session (or ticket nonce).
    package var sessionID: String
    /// The server times that bound it: an anchor before its departure (or the enrollment) to an anchor after its
    /// return (or the upload). A ticket's is exactly its interval.
    package var window: Range<Int64>
    /// Where its time most likely lies inside the window (its own clocks' account of when the player left and
    /// came back): placed there first, so two devices away at different times never take each other's time.
    package var preferred: Range<Int64>
    /// The time away to credit, in nanoseconds.
    package var nanoseconds: Int64

    /// Creates a placement; an inverted window or preferred interval is treated as empty.
    package init(sessionID: String, window: Range<Int64>, preferred: Range<Int64>, nanoseconds: Int64) {
        self.sessionID = sessionID
        self.window = window
        self.preferred = preferred
        self.nanoseconds = nanoseconds
    }

    /// A ticket: up to `nanoseconds` (the time it pays for) of exactly `interval`, nowhere else.
    package static func ticket(_ nonce: String, interval: Range<Int64>, nanoseconds: Int64) -> Placement {
        Placement(sessionID: nonce, window: interval, preferred: interval, nanoseconds: min(nanoseconds, SegmentSet.length(interval)))
    }

    /// A session no anchor places (recorded before its journal's first anchor): it shares, with every such
    /// session of the account, one pool of `capNanoseconds` (the provisional cap) that lies below any real time.
    package static func unanchored(sessionID: String, nanoseconds: Int64, capNanoseconds: Int64) -> Placement {
        let pool = Int64.min..<(Int64.min + max(0, min(capNanoseconds, Int64.max / 2)))
        return Placement(sessionID: sessionID, window: pool, preferred: pool, nanoseconds: nanoseconds)
    }
}
