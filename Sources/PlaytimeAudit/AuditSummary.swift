/// Totals of an audit run.
public struct AuditSummary: Sendable, Hashable, Codable {
    /// Journals read.
    public var journals = 0
    /// Records verified.
    public var records: UInt64 = 0
    /// Bytes verified.
    public var bytes: Int64 = 0
    /// Sessions audited.
    public var sessions = 0
    /// Total seconds credited.
    public var creditedSeconds: Int64 = 0
    /// Total gold recomputed.
    public var recomputedGold: Int64 = 0
    /// Total gold claimed.
    public var claimedGold: Int64 = 0
    /// Every finding, in order (sessions' findings included).
    public var findings: [AuditFinding] = []

    /// Creates an empty summary.
    public init() {}

    /// True when nothing was found.
    public var isClean: Bool { findings.isEmpty }
}
