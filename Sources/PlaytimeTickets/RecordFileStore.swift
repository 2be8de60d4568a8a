internal import PlaytimeSystem

/// An open fixed-record store file and its in-memory index; every method expects the caller to hold both
/// the process-local mutex and (except ``open(path:)``, which takes it itself) the cross-process lock.
struct RecordFileStore<Index: RecordFileIndex>: ~Copyable, Sendable {
    /// The store file's path.
    let path: String
    /// `<path>.lock`, the file whose `flock` serialises every process using `path`.
    let lock: OpenFile
    /// The store file, opened for reading and appending.
    var file: OpenFile
    /// The identity of `file`, compared with the path's to notice a compaction by another process.
    var identity: FileIdentity
    /// Bytes of `file` already read and validated.
    var length: Int64 = 0
    /// Records in the file (including expired ones no longer in `index`).
    var recordCount = 0
    /// Appends made durable by this store (one `fsync` each), for tests that count them.
    var syncCount = 0
    /// What the records say.
    var index = Index()
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

    /// Opens (creating if absent, upgrading an older format) and loads the file at `path`, under the
    /// cross-process lock.
    static func open(path: String) throws(TicketStoreError) -> RecordFileStore {
        let lock = try system { () throws(SystemError) in try OpenFile(path: path + ".lock", options: [.readWrite, .create]) }
        try system { () throws(SystemError) in try lock.lockExclusive() }
        // On any error below the lock descriptor is closed on the way out, which releases the lock.
        if try system({ () throws(SystemError) in try FileSystem.identity(ofPath: path) }) == nil {
            try replace(path: path, with: Index.newFileHeader)
        } else {
            try Index.migrate(path: path)
        }
        let file = try system { () throws(SystemError) in try OpenFile(path: path, options: [.readWrite, .append]) }
        let identity = try system { () throws(SystemError) in try file.identity() }
        var store = RecordFileStore(path: path, lock: lock, file: file, identity: identity)
        try store.loadAll()
        try system { () throws(SystemError) in try store.lock.unlock() }
        return store
    }

    /// Runs `body` holding the cross-process lock, after catching up with other processes' writes.
    mutating func exclusive<Result>(
        _ body: (inout RecordFileStore) throws(TicketStoreError) -> Result
    ) throws(TicketStoreError) -> Result {
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
    mutating func refresh() throws(TicketStoreError) {
        guard let current = try system({ () throws(SystemError) in try FileSystem.identity(ofPath: path) }) else {
            throw .missing(path: path)
        }
        if current != identity {
            let reopened = try system { () throws(SystemError) in try OpenFile(path: path, options: [.readWrite, .append]) }
            identity = try system { () throws(SystemError) in try reopened.identity() }
            file = reopened
            index = index.emptiedForReload()
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
    mutating func loadAll() throws(TicketStoreError) {
        var header = [UInt8](repeating: 0, count: Index.headerByteCount)
        try system { () throws(SystemError) in try file.seek(to: 0) }
        let count = try Self.readFully(file, into: &header)
        try index.readHeader(header[0..<count], path: path)
        length = Int64(Index.headerByteCount)
        try readRecords()
        liveAfterCompaction = index.liveCount
    }

    /// Reads records from `length` to the end of the file.
    ///
    /// A short record at the end, or one invalid record that is the very last thing in the file, is
    /// a write torn by a crash (never acknowledged, since acknowledging needs a completed `fsync`):
    /// it is cut off. Anything invalid before the last record is corruption.
    mutating func readRecords() throws(TicketStoreError) {
        try system { () throws(SystemError) in try file.seek(to: length) }
        let recordSize = Index.recordByteCount
        var chunk = [UInt8](repeating: 0, count: recordSize * 1024)
        var pending: [UInt8] = []
        var invalidAt: Int64?
        while true {
            let count = try Self.readFully(file, into: &chunk)
            if count == 0 { break }
            pending += chunk[0..<count]
            var start = 0
            while pending.count - start >= recordSize {
                let bytes = pending[start..<start + recordSize]
                if let invalid = invalidAt {
                    throw .corrupt(path: path, offset: invalid, reason: "invalid record before the end of the file")
                }
                if index.apply(record: bytes) {
                    recordCount += 1
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
    private mutating func cutTornTail() throws(TicketStoreError) {
        do {
            try file.truncate(to: length)
            try file.sync()
        } catch {
            poisoned = true
            throw .system(error)
        }
    }

    /// Appends one record (exactly ``RecordFileIndex/recordByteCount`` bytes) with one `write` and `fsync`s
    /// it; the index takes it only once it is durable.
    mutating func append(_ record: [UInt8]) throws(TicketStoreError) {
        try append(records: [record])
    }

    /// Appends records (each exactly ``RecordFileIndex/recordByteCount`` bytes) with one `write` and one
    /// `fsync`; the index takes them only once they are durable. A crash may keep a prefix of whole records
    /// (a torn last one is cut at the next open): never acknowledged, so nothing was paid for them.
    mutating func append(records: [[UInt8]]) throws(TicketStoreError) {
        guard !records.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * Index.recordByteCount)
        for record in records {
            precondition(record.count == Index.recordByteCount, "a record of the wrong size")
            bytes += record
        }
        do {
            try file.writeAll(bytes)
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
            // After a failed fsync the records may or may not be on disk: they are cut back and the cut synced, so the
            // file ends at its last acknowledged record; only when that fails too is its state unknown.
            do {
                try file.truncate(to: length)
                try file.sync()
            } catch {
                poisoned = true
            }
            throw .system(error)
        }
        syncCount += 1
        for record in records {
            length += Int64(record.count)
            recordCount += 1
            _ = index.apply(record: record[...])
        }
    }

    /// Rewrites the file with only what the index keeps after collecting at `now`; returns the records
    /// before and after.
    mutating func compact(now: Int64) throws(TicketStoreError) -> (before: Int, after: Int) {
        let (bytes, next, kept) = index.compacted(now: now)
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
        let report = (before: recordCount, after: kept)
        index = next
        length = Int64(bytes.count)
        recordCount = kept
        liveAfterCompaction = index.liveCount
        return report
    }

    /// Atomically replaces `path` by a file holding `bytes` (``FileSystem/writeOutput(_:toPath:permissions:)``: temporary
    /// file, `fsync`, `rename`, parent directory `fsync`). A crash or a full disk leaves either the old or the new file,
    /// never a mix, and no temporary file.
    static func replace(path: String, with bytes: [UInt8]) throws(TicketStoreError) {
        do { try FileSystem.writeOutput(bytes, toPath: path, permissions: 0o600) } catch {
            if case .system(let failure) = error.reason { throw .system(failure) }
            throw .database(reason: error.description)
        }
    }

    /// Reads `file` until `buffer` is full or the file ends; returns the bytes read.
    static func readFully(_ file: borrowing OpenFile, into buffer: inout [UInt8]) throws(TicketStoreError) -> Int {
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

/// Runs a system operation, wrapping its error as ``TicketStoreError/system(_:)``.
func system<Result: ~Copyable>(_ body: () throws(SystemError) -> Result) throws(TicketStoreError) -> Result {
    do {
        return try body()
    } catch {
        throw .system(error)
    }
}
