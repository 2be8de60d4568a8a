/// The budget file's index: a ``BudgetBook`` read from its records (see ``BudgetFileFormat``).
struct BudgetIndex: RecordFileIndex {
    static var headerByteCount: Int { BudgetFileFormat.headerByteCount }
    static var recordByteCount: Int { BudgetFileFormat.recordByteCount }
    static var newFileHeader: [UInt8] { BudgetFileFormat.header(latest: .min) }

    /// Grants in the window and the latest ledger time.
    var book = BudgetBook()

    init() {}

    mutating func readHeader(_ bytes: ArraySlice<UInt8>, path: String) throws(TicketStoreError) {
        if let latest = BudgetFileFormat.parseHeader(bytes) {
            book.latest = max(book.latest, latest)
            return
        }
        if bytes.starts(with: BudgetFileFormat.familyPrefix) {
            let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
            throw .unsupportedVersion(path: path, header: String(decoding: line, as: UTF8.self))
        }
        throw .corrupt(path: path, offset: 0, reason: "missing or invalid header")
    }

    mutating func apply(record bytes: ArraySlice<UInt8>) -> Bool {
        guard let (player, entry) = BudgetFileFormat.parseRecord(bytes) else { return false }
        // Records are appended in ledger-time order, so each player's list stays oldest first.
        book.record(player, at: entry.at, gold: entry.gold)
        return true
    }

    func emptiedForReload() -> BudgetIndex {
        var fresh = BudgetIndex()
        fresh.book.latest = book.latest
        return fresh
    }

    func compacted(now: Int64) -> (bytes: [UInt8], index: BudgetIndex, records: Int) {
        var next = self
        next.book.latest = next.book.effectiveTime(now)
        next.book.collect()
        var bytes = BudgetFileFormat.header(latest: next.book.latest)
        bytes.reserveCapacity(bytes.count + next.book.count * BudgetFileFormat.recordByteCount)
        var records: [(StoreDigest, BudgetEntry)] = []
        for (player, entries) in next.book.grants { for entry in entries { records.append((player, entry)) } }
        records.sort { $0.1.at < $1.1.at }
        for (player, entry) in records { bytes += BudgetFileFormat.record(player: player, entry) }
        return (bytes, next, records.count)
    }

    var liveCount: Int { book.count }

    /// Format 1 is the first budget format: nothing to upgrade.
    static func migrate(path: String) throws(TicketStoreError) {}
}
