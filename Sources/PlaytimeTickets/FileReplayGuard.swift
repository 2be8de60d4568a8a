internal import PlaytimeSystem

/// A durable replay guard: an append-only file of consumed claims (nonce and (player, session) key in one
/// record), shared safely by threads and by processes.
///
/// - Durability: a claim's record is written and `fsync`ed before ``consume(_:now:)`` returns
///   ``ReplayDecision/firstUse``, so no crash can let a ticket, or a session, pay twice. Both keys are in
///   one fixed-size record, written by one `write`: recorded together or (torn, cut off) not at all.
/// - Format: version 2. A format-1 file (nonces only) is upgraded in place at open (atomically, by
///   `rename`); an unknown version is refused (``TicketStoreError/unsupportedVersion(path:header:)``).
/// - Restart: opening loads every record; a record torn by a crash (never acknowledged) is cut off.
/// - Threads: one `ThreadLock` serialises calls in this process.
/// - Processes: every call holds an exclusive `flock` on `<path>.lock` and first reads any records
///   other processes appended (or reloads the file if one of them compacted it), so any number
///   of processes may share one file. The lock file is separate because compaction replaces the
///   data file by `rename`, and a lock on a replaced inode would protect nothing.
/// - Collection: ``compact(now:)`` (also run automatically when the file has doubled since the last
///   compaction and holds at least `compactionThreshold` records) writes the unexpired records to
///   `<path>.compact`, `fsync`s it, renames it over `path` and `fsync`s the directory.
/// File layout: `docs/tickets.md`.
package final class FileReplayGuard: ReplayGuard {
    /// The replay file's path.
    package let path: String
    /// The record count below which no automatic compaction runs.
    package let compactionThreshold: Int
    private let store: ThreadLock<RecordFileStore<ReplayIndex>>

    /// Opens the replay file at `path`, creating it when absent (upgrading format 1), and loads it.
    package init(path: String, compactionThreshold: Int = 4096) throws(TicketStoreError) {
        self.path = path
        self.compactionThreshold = max(1, compactionThreshold)
        self.store = ThreadLock(try RecordFileStore<ReplayIndex>.open(path: path))
    }

    /// Records `claim` durably if its nonce and session key are new and it is unexpired; atomic across
    /// threads and processes.
    package func consume(_ claim: ReplayClaim, now: Int64) throws(TicketStoreError) -> ReplayDecision {
        let threshold = compactionThreshold
        let session = claim.session.digest
        return try store.withLock { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> ReplayDecision in
            try store.exclusive { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> ReplayDecision in
                let decision = store.index.table.decide(claim, session: session, now: now)
                guard decision == .firstUse else { return decision }
                let entry = ReplayEntry(expiresAt: claim.expiresAt, session: session, sessionExpiresAt: claim.sessionExpiresAt)
                try store.append(ReplayFileFormat.record(nonce: claim.nonce, entry))
                if store.recordCount >= max(threshold, 2 * store.liveAfterCompaction) {
                    // The claim is already durable; a failed compaction only delays collection.
                    _ = try? store.compact(now: now)
                }
                return .firstUse
            }
        }
    }

    /// Every claim in order under one lock, the new ones appended together with one `write` and one `fsync`
    /// before any `firstUse` is returned (docs/fleet.md, "Limits and cost").
    package func consume(_ claims: [ReplayClaim], now: Int64) throws(TicketStoreError) -> [ReplayDecision] {
        let threshold = compactionThreshold
        return try store.withLock { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> [ReplayDecision] in
            try store.exclusive { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> [ReplayDecision] in
                var decisions: [ReplayDecision] = []
                decisions.reserveCapacity(claims.count)
                var records: [[UInt8]] = []
                // What this batch consumed, as the table will hold it once the records are appended.
                var nonces = Set<TicketNonce>()
                var sessions = Set<StoreDigest>()
                for claim in claims {
                    let session = claim.session.digest
                    var decision = store.index.table.decide(claim, session: session, now: now)
                    if decision == .firstUse {
                        if nonces.contains(claim.nonce) {
                            decision = .alreadyUsed
                        } else if sessions.contains(session) {
                            decision = .sessionAlreadyPaid
                        }
                    }
                    decisions.append(decision)
                    guard decision == .firstUse else { continue }
                    nonces.insert(claim.nonce)
                    if session != .zero, claim.sessionExpiresAt > store.index.table.horizon { sessions.insert(session) }
                    let entry = ReplayEntry(expiresAt: claim.expiresAt, session: session, sessionExpiresAt: claim.sessionExpiresAt)
                    records.append(ReplayFileFormat.record(nonce: claim.nonce, entry))
                }
                try store.append(records: records)
                if !records.isEmpty, store.recordCount >= max(threshold, 2 * store.liveAfterCompaction) {
                    // The claims are already durable; a failed compaction only delays collection.
                    _ = try? store.compact(now: now)
                }
                return decisions
            }
        }
    }

    /// How many durable appends (one `fsync` each) this guard made since it opened.
    package var syncCount: Int { store.withLock { $0.syncCount } }

    /// Drops every claim whose nonce and session key both expire at or before `now` from the file
    /// (atomically) and from memory.
    @discardableResult
    package func compact(now: Int64) throws(TicketStoreError) -> ReplayCompaction {
        try store.withLock { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> ReplayCompaction in
            try store.exclusive { (store: inout RecordFileStore<ReplayIndex>) throws(TicketStoreError) -> ReplayCompaction in
                let (before, after) = try store.compact(now: now)
                return ReplayCompaction(recordsBefore: before, recordsAfter: after, horizon: store.index.table.horizon)
            }
        }
    }

    /// The number of unexpired claims this guard currently knows of (as of its last call).
    package var liveCount: Int { store.withLock { $0.index.table.entries.count } }

    /// The number of records in the file (as of this guard's last call).
    package var recordCount: Int { store.withLock { $0.recordCount } }

    /// The collection horizon (Unix nanoseconds; `Int64.min` before any compaction).
    package var horizon: Int64 { store.withLock { $0.index.table.horizon } }
}
