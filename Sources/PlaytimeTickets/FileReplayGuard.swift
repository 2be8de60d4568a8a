import Synchronization

/// A durable replay guard: an append-only file of consumed nonces, shared safely by threads and
/// by processes.
///
/// - Durability: a nonce's record is written and `fsync`ed before ``consume(nonce:expiresAt:now:)``
///   returns ``ReplayDecision/firstUse``, so no crash can let a ticket pay twice.
/// - Restart: opening loads every record; a record torn by a crash (never acknowledged) is cut off.
/// - Threads: one `Mutex` serialises calls in this process.
/// - Processes: every call holds an exclusive `flock` on `<path>.lock` and first reads any records
///   other processes appended (or reloads the file if one of them compacted it), so any number
///   of processes may share one file. The lock file is separate because compaction replaces the
///   data file by `rename`, and a lock on a replaced inode would protect nothing.
/// - Collection: ``compact(now:)`` (also run automatically when the file has doubled since the last
///   compaction and holds at least `compactionThreshold` records) writes the unexpired records to
///   `<path>.compact`, `fsync`s it, renames it over `path` and `fsync`s the directory.
/// File layout: `docs/tickets.md`.
public final class FileReplayGuard: ReplayGuard {
    /// The replay file's path.
    public let path: String
    /// The record count below which no automatic compaction runs.
    public let compactionThreshold: Int
    private let store: Mutex<ReplayFileStore>

    /// Opens the replay file at `path`, creating it when absent, and loads it.
    public init(path: String, compactionThreshold: Int = 4096) throws(ReplayStoreError) {
        self.path = path
        self.compactionThreshold = max(1, compactionThreshold)
        self.store = Mutex(try ReplayFileStore.open(path: path))
    }

    /// Records `nonce` durably if it is new and unexpired; atomic across threads and processes.
    public func consume(nonce: TicketNonce, expiresAt: Int64, now: Int64) throws(ReplayStoreError) -> ReplayDecision {
        let threshold = compactionThreshold
        return try store.withLock { (store: inout ReplayFileStore) throws(ReplayStoreError) -> ReplayDecision in
            try store.exclusive { (store: inout ReplayFileStore) throws(ReplayStoreError) -> ReplayDecision in
                let decision = store.table.decide(nonce: nonce, expiresAt: expiresAt, now: now)
                guard decision == .firstUse else { return decision }
                try store.append(nonce: nonce, expiresAt: expiresAt)
                if store.recordCount >= max(threshold, 2 * store.liveAfterCompaction) {
                    // The nonce is already durable; a failed compaction only delays collection.
                    _ = try? store.compact(now: now)
                }
                return .firstUse
            }
        }
    }

    /// Drops every nonce expiring at or before `now` from the file (atomically) and from memory.
    @discardableResult
    public func compact(now: Int64) throws(ReplayStoreError) -> ReplayCompaction {
        try store.withLock { (store: inout ReplayFileStore) throws(ReplayStoreError) -> ReplayCompaction in
            try store.exclusive { (store: inout ReplayFileStore) throws(ReplayStoreError) -> ReplayCompaction in
                try store.compact(now: now)
            }
        }
    }

    /// The number of unexpired nonces this guard currently knows of (as of its last call).
    public var liveCount: Int { store.withLock { $0.table.entries.count } }

    /// The number of records in the file (as of this guard's last call).
    public var recordCount: Int { store.withLock { $0.recordCount } }

    /// The collection horizon (Unix nanoseconds; `Int64.min` before any compaction).
    public var horizon: Int64 { store.withLock { $0.table.horizon } }
}
