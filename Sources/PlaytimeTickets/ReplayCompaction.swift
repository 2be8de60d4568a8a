/// What one compaction of a replay file did.
package struct ReplayCompaction: Sendable, Equatable {
    /// Records in the file before compaction.
    package var recordsBefore: Int
    /// Records kept (nonces expiring after the horizon).
    package var recordsAfter: Int
    /// The collection horizon now recorded in the file header (Unix nanoseconds).
    package var horizon: Int64

    /// Creates a report.
    package init(recordsBefore: Int, recordsAfter: Int, horizon: Int64) {
        self.recordsBefore = recordsBefore
        self.recordsAfter = recordsAfter
        self.horizon = horizon
    }
}
