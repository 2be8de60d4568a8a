internal import PlaytimeSystem

/// A durable budget ledger: an append-only file of grants, shared safely by threads and by processes, with
/// the same design as ``FileReplayGuard``.
///
/// - Durability: a grant's record is written and `fsync`ed before ``grant(_:to:limit:at:)`` returns, so a
///   crash can never forget gold that was paid (a grant never acknowledged may be lost: it was not paid).
/// - Restart: opening loads every record; a torn last record is cut off; anything else invalid is
///   ``TicketStoreError/corrupt(path:offset:reason:)``.
/// - Threads: one `ThreadLock`. Processes: an exclusive `flock` on `<path>.lock` around every call, which first
///   reads what other processes appended (or reloads after their compaction), then decides and appends, so
///   concurrent grants for one player never exceed the budget however many processes share the file.
/// - Bounded growth: ``compact(now:)`` (also automatic once the file holds at least `compactionThreshold`
///   records and twice as many as after the last compaction) keeps only grants of the last 24 h of ledger
///   time, writing `<path>.compact`, `fsync`, `rename`, directory `fsync`; the latest ledger time is kept in
///   the header, so a clock set back after a compaction still cannot reopen spent budget.
/// File layout: `docs/tickets.md`.
package final class FileBudgetLedger: BudgetLedger {
    /// The budget file's path.
    package let path: String
    /// The record count below which no automatic compaction runs.
    package let compactionThreshold: Int
    private let store: ThreadLock<RecordFileStore<BudgetIndex>>

    /// Opens the budget file at `path`, creating it when absent, and loads it.
    package init(path: String, compactionThreshold: Int = 4096) throws(TicketStoreError) {
        self.path = path
        self.compactionThreshold = max(1, compactionThreshold)
        self.store = ThreadLock(try RecordFileStore<BudgetIndex>.open(path: path))
    }

    /// Grants up to `gold` under the rolling budget, durably and atomically across threads and processes.
    package func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant {
        let threshold = compactionThreshold
        let digest = player.digest
        return try store.withLock { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> BudgetGrant in
            try store.exclusive { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> BudgetGrant in
                let grant = store.index.book.decide(gold, player: digest, limit: limit, at: now)
                guard grant.granted > 0 else { return grant }
                try store.append(BudgetFileFormat.record(player: digest, BudgetEntry(at: grant.at, gold: grant.granted)))
                if store.recordCount >= max(threshold, 2 * store.liveAfterCompaction) {
                    // The grant is already durable; a failed compaction only delays collection.
                    _ = try? store.compact(now: grant.at)
                }
                return grant
            }
        }
    }

    /// Gold `player` could still be granted at `now` under `limit` (reads other processes' grants first).
    package func remaining(for player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> Int64 {
        let digest = player.digest
        return try store.withLock { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> Int64 in
            try store.exclusive { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> Int64 in
                store.index.book.decide(.max, player: digest, limit: limit, at: now).granted
            }
        }
    }

    /// Drops every grant older than 24 h of ledger time (at `now` or the latest instant seen) from the file,
    /// atomically; returns the records before and after.
    @discardableResult
    package func compact(now: Int64) throws(TicketStoreError) -> (recordsBefore: Int, recordsAfter: Int) {
        try store.withLock { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> (recordsBefore: Int, recordsAfter: Int) in
            try store.exclusive { (store: inout RecordFileStore<BudgetIndex>) throws(TicketStoreError) -> (recordsBefore: Int, recordsAfter: Int) in
                let (before, after) = try store.compact(now: now)
                return (before, after)
            }
        }
    }

    /// The number of records in the file (as of this ledger's last call).
    package var recordCount: Int { store.withLock { $0.recordCount } }
}
