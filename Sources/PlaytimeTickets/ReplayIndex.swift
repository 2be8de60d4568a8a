internal import PlaytimeSystem

/// The replay file's index: a ``ReplayTable`` read from format-2 records (see ``ReplayFileFormat``).
struct ReplayIndex: RecordFileIndex {
    static var headerByteCount: Int { ReplayFileFormat.headerByteCount }
    static var recordByteCount: Int { ReplayFileFormat.recordByteCount }
    static var newFileHeader: [UInt8] { ReplayFileFormat.header(horizon: .min) }

    /// Consumed claims and the collection horizon.
    var table = ReplayTable()

    init() {}

    mutating func readHeader(_ bytes: ArraySlice<UInt8>, path: String) throws(TicketStoreError) {
        if let horizon = ReplayFileFormat.parseHeader(bytes) {
            table.horizon = max(table.horizon, horizon)
            return
        }
        if bytes.starts(with: ReplayFileFormat.familyPrefix) {
            let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
            throw .unsupportedVersion(path: path, header: String(decoding: line, as: UTF8.self))
        }
        throw .corrupt(path: path, offset: 0, reason: "missing or invalid header")
    }

    mutating func apply(record bytes: ArraySlice<UInt8>) -> Bool {
        guard let (nonce, entry) = ReplayFileFormat.parseRecord(bytes) else { return false }
        table.insert(nonce: nonce, entry)
        return true
    }

    func emptiedForReload() -> ReplayIndex {
        var fresh = ReplayIndex()
        fresh.table.horizon = table.horizon
        return fresh
    }

    func compacted(now: Int64) -> (bytes: [UInt8], index: ReplayIndex, records: Int) {
        var next = self
        next.table.collect(now: now)
        var bytes = ReplayFileFormat.header(horizon: next.table.horizon)
        bytes.reserveCapacity(bytes.count + next.table.entries.count * ReplayFileFormat.recordByteCount)
        let ordered = next.table.entries.sorted {
            ($0.value.expiresAt, $0.key.high, $0.key.low) < ($1.value.expiresAt, $1.key.high, $1.key.low)
        }
        for (nonce, entry) in ordered { bytes += ReplayFileFormat.record(nonce: nonce, entry) }
        return (bytes, next, ordered.count)
    }

    var liveCount: Int { table.entries.count }

    /// Upgrades a format-1 file (nonces only) to format 2 in place; leaves every other file alone.
    static func migrate(path: String) throws(TicketStoreError) {
        let bytes = try StoreFileReading.contents(of: path)
        guard bytes.starts(with: ReplayFileFormatV1.headerPrefix) else { return }
        guard let upgraded = try ReplayFileFormatV1.upgrade(bytes, path: path) else {
            throw .corrupt(path: path, offset: 0, reason: "invalid format-1 header")
        }
        try RecordFileStore<ReplayIndex>.replace(path: path, with: upgraded)
    }
}
