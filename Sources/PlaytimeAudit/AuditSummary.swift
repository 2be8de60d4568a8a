/// Totals of an audit run.
package struct AuditSummary: Sendable, Hashable, Codable {
    /// Journals read.
    package var journals = 0
    /// Records verified.
    package var records: UInt64 = 0
    /// Bytes verified.
    package var bytes: Int64 = 0
    /// Sessions audited.
    package var sessions = 0
    /// Total seconds credited.
    package var creditedSeconds: Int64 = 0
    /// Total gold recomputed.
    package var recomputedGold: Int64 = 0
    /// Total gold claimed.
    package var claimedGold: Int64 = 0
    /// Every finding, in order (sessions' findings included).
    package var findings: [AuditFinding] = []

    /// Creates an empty summary.
    package init() {}

    /// True when nothing was found.
    package var isClean: Bool { findings.isEmpty }
}
