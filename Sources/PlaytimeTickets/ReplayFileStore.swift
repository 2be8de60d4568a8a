import PlaytimeSystem

/// The open replay file and its in-memory index; every method expects the caller to hold both the
/// process-local mutex and (except ``open(path:)``, which takes it itself) the cross-process lock.
struct ReplayFileStore: ~Copyable, Sendable {
    /// The replay file's path.
    let path: String
    /// `<path>.lock`, the file whose `flock` serialises every process using `path`.
    let lock: OpenFile
    /// The replay file, opened for reading and appending.
    var file: OpenFile
    /// The identity of `file`, compared with the path's to notice a compaction by another process.
    var identity: FileIdentity
    /// Bytes of `file` already read and validated.
    var length: Int64 = 0
    /// Records in the file (including expired ones not kept in `table`).
    var recordCount = 0
    /// Live nonces and the collection horizon.
    var table = ReplayTable()
    /// Records kept by the last compaction (or load): auto-compaction waits until the file doubles.
    var liveAfterCompaction = 0
    /// Set when a failed write or `fsync` left the file in an unknown state.
    var poisoned = false

    private init(path: String, lock: consuming OpenFile, file: consuming OpenFile, identity: FileIdentity) {
        self.path = path
        self.lock = lock
        self.file = file
        self.identity = identity
    }

    /// Opens (creating if absent) and loads the replay file at `path`, under the cross-process lock.
    static func open(path: String) throws(ReplayStoreError) -> ReplayFileStore {
        let lock = try system { () throws(SystemError) in try OpenFile(path: path + ".lock", options: [.readWrite, .create]) }
        try system { () throws(SystemError) in try lock.lockExclusive() }
        // On any error below the lock descriptor is closed on the way out, which releases the lock.
        if try system({ () throws(SystemError) in try FileSystem.identity(ofPath: path) }) == nil {
            try replace(path: path, with: ReplayFileFormat.header(horizon: .min))
        }
        let file = try system { () throws(SystemError) in try OpenFile(path: path, options: [.readWrite, .append]) }
        let identity = try system { () throws(SystemError) in try file.identity() }
        var store = ReplayFileStore(path: path, lock: lock, file: file, identity: identity)
        try store.loadAll()
        try system { () throws(SystemError) in try store.lock.unlock() }
        return store
    }

    /// Runs `body` holding the cross-process lock, after catching up with other processes' writes.
    mutating func exclusive<Result>(
        _ body: (inout ReplayFileStore) throws(ReplayStoreError) -> Result
    ) throws(ReplayStoreError) -> Result {
        guard !poisoned else { throw .unusable(path: path) }
        try system { () throws(SystemError) in try lock.lockExclusive() }
        let result: Result
        do {
            try refresh()
            result = try body(&self)
        } catch {
            if (try? lock.unlock()) == nil { poisoned = true }
            throw error
        }
        // The decision is already durable; a failed unlock only stops further use of this guard.
        if (try? lock.unlock()) == nil { poisoned = true }
        return result
    }

    /// Catches up with the file: reloads it if another process replaced it, else reads new records.
    mutating func refresh() throws(ReplayStoreError) {
        guard let current = try system({ () throws(SystemError) in try FileSystem.identity(ofPath: path) }) else {
            throw .missing(path: path)
        }
        if current != identity {
            let reopened = try system { () throws(SystemError) in try OpenFile(path: path, options: [.readWrite, .append]) }
            identity = try system { () throws(SystemError) in try reopened.identity() }
            file = reopened
            let horizon = table.horizon
            table = ReplayTable()
            table.horizon = horizon
            length = 0
            recordCount = 0
            try loadAll()
            return
        }
        let size = try system { () throws(SystemError) in try file.size() }
        if size < length { throw .corrupt(path: path, offset: size, reason: "file shrank below its validated length \(length)") }
        if size > length { try readRecords() }
    }

    /// Reads and checks the header, then every record.
    mutating func loadAll() throws(ReplayStoreError) {
        var header = [UInt8](repeating: 0, count: ReplayFileFormat.headerByteCount)
        try system { () throws(SystemError) in try file.seek(to: 0) }
        let count = try readFully(into: &header)
        guard count == header.count, let horizon = ReplayFileFormat.parseHeader(header[...]) else {
            throw .corrupt(path: path, offset: 0, reason: "missing or invalid header")
        }
        table.horizon = max(table.horizon, horizon)
        length = Int64(ReplayFileFormat.headerByteCount)
        try readRecords()
        liveAfterCompaction = table.entries.count
    }

    /// Reads records from `length` to the end of the file.
    ///
    /// A short record at the end, or one invalid record that is the very last thing in the file, is
    /// a write torn by a crash (never acknowledged, since acknowledging needs a completed `fsync`):
    /// it is cut off. Anything invalid before the last record is corruption.
    mutating func readRecords() throws(ReplayStoreError) {
        try system { () throws(SystemError) in try file.seek(to: length) }
        let recordSize = ReplayFileFormat.recordByteCount
        var chunk = [UInt8](repeating: 0, count: recordSize * 1024)
        var pending: [UInt8] = []
        var invalidAt: Int64?
        while true {
            let count = try readFully(into: &chunk)
            if count == 0 { break }
            pending += chunk[0..<count]
            var start = 0
            while pending.count - start >= recordSize {
                let bytes = pending[start..<start + recordSize]
                if let invalid = invalidAt {
                    throw .corrupt(path: path, offset: invalid, reason: "invalid record before the end of the file")
                }
                if let (nonce, expiresAt) = ReplayFileFormat.parseRecord(bytes) {
                    recordCount += 1
                    if expiresAt > table.horizon { table.entries[nonce] = max(expiresAt, table.entries[nonce] ?? .min) }
                    length += Int64(recordSize)
                } else {
                    invalidAt = length
                }
                start += recordSize
            }
            pending.removeFirst(start)
        }
        if let invalid = invalidAt, !pending.isEmpty {
            throw .corrupt(path: path, offset: invalid, reason: "invalid record before the end of the file")
        }
        if invalidAt != nil || !pending.isEmpty { try cutTornTail() }
    }

    /// Truncates the file to `length` (the end of the last valid record) and makes that durable.
    private mutating func cutTornTail() throws(ReplayStoreError) {
        do {
            try file.truncate(to: length)
            try file.sync()
        } catch {
            poisoned = true
            throw .system(error)
        }
    }

    /// Appends one record and `fsync`s it; the nonce is in the table only once it is durable.
    mutating func append(nonce: TicketNonce, expiresAt: Int64) throws(ReplayStoreError) {
        let record = ReplayFileFormat.record(nonce: nonce, expiresAt: expiresAt)
        do {
            try file.writeAll(record)
        } catch {
            // Cut back whatever part was written; if even that fails the file state is unknown.
            do {
                try file.truncate(to: length)
                try file.sync()
            } catch {
                poisoned = true
            }
            throw .system(error)
        }
        do {
            try file.sync()
        } catch {
            // After a failed fsync the kernel may have dropped the data: trust nothing further.
            poisoned = true
            throw .system(error)
        }
        length += Int64(record.count)
        recordCount += 1
        table.entries[nonce] = expiresAt
    }

    /// Rewrites the file with only the nonces expiring after `max(horizon, now)`.
    mutating func compact(now: Int64) throws(ReplayStoreError) -> ReplayCompaction {
        var next = table
        next.collect(now: now)
        var bytes = ReplayFileFormat.header(horizon: next.horizon)
        bytes.reserveCapacity(bytes.count + next.entries.count * ReplayFileFormat.recordByteCount)
        for (nonce, expiresAt) in next.entries.sorted(by: { ($0.value, $0.key.high, $0.key.low) < ($1.value, $1.key.high, $1.key.low) }) {
            bytes += ReplayFileFormat.record(nonce: nonce, expiresAt: expiresAt)
        }
        try Self.replace(path: path, with: bytes)
        // The path now names the new file: any failure from here on leaves this store's view stale.
        do {
            let reopened = try OpenFile(path: path, options: [.readWrite, .append])
            identity = try reopened.identity()
            file = reopened
        } catch {
            poisoned = true
            throw .system(error)
        }
        let report = ReplayCompaction(recordsBefore: recordCount, recordsAfter: next.entries.count, horizon: next.horizon)
        table = next
        length = Int64(bytes.count)
        recordCount = next.entries.count
        liveAfterCompaction = recordCount
        return report
    }

    /// Atomically replaces `path` by a file holding `bytes`: temporary file, `fsync`, `rename`,
    /// parent directory `fsync`. A crash leaves either the old or the new file, never a mix.
    static func replace(path: String, with bytes: [UInt8]) throws(ReplayStoreError) {
        let temporary = path + ".compact"
        do {
            let file = try OpenFile(path: temporary, options: [.readWrite, .create])
            try file.truncate(to: 0)
            try file.writeAll(bytes)
            try file.sync()
            try file.close()
            try FileSystem.renameFile(at: temporary, to: path)
        } catch {
            try? FileSystem.removeFile(at: temporary)
            throw .system(error)
        }
        try system { () throws(SystemError) in try FileSystem.syncParentDirectory(of: path) }
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read.
    private func readFully(into buffer: inout [UInt8]) throws(ReplayStoreError) -> Int {
        var total = 0
        while total < buffer.count {
            let start = total
            var failure: SystemError?
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(SystemError) {
                    return try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]))
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw .system(failure) }
            if count == 0 { break }
            total += count
        }
        return total
    }
}

/// Runs a system operation, wrapping its error as ``ReplayStoreError/system(_:)``.
func system<Result: ~Copyable>(_ body: () throws(SystemError) -> Result) throws(ReplayStoreError) -> Result {
    do {
        return try body()
    } catch {
        throw .system(error)
    }
}
