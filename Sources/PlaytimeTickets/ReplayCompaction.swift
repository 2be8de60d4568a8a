/// What one compaction of a replay file did.
public struct ReplayCompaction: Sendable, Equatable {
    /// Records in the file before compaction.
    public var recordsBefore: Int
    /// Records kept (nonces expiring after the horizon).
    public var recordsAfter: Int
    /// The collection horizon now recorded in the file header (Unix nanoseconds).
    public var horizon: Int64

    /// Creates a report.
    public init(recordsBefore: Int, recordsAfter: Int, horizon: Int64) {
        self.recordsBefore = recordsBefore
        self.recordsAfter = recordsAfter
        self.horizon = horizon
    }
}
