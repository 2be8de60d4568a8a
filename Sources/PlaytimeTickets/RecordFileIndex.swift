/// The in-memory side of a fixed-record, append-only store file (``RecordFileStore``): the header, the
/// record size, and how records fold into memory. The replay guard's and the budget ledger's files are
/// both of this shape, so they share one implementation of locking, catching up, torn tails and compaction.
protocol RecordFileIndex: Sendable {
    /// Header length in bytes.
    static var headerByteCount: Int { get }
    /// Record length in bytes (fixed, so a torn record is recognisable by length alone).
    static var recordByteCount: Int { get }
    /// The header of a new, empty file.
    static var newFileHeader: [UInt8] { get }

    /// A fresh, empty index.
    init()
    /// Reads the header into the index; throws ``TicketStoreError/corrupt(path:offset:reason:)`` or
    /// ``TicketStoreError/unsupportedVersion(path:header:)``.
    mutating func readHeader(_ bytes: ArraySlice<UInt8>, path: String) throws(TicketStoreError)
    /// Folds one record in; `false` when the bytes are not a valid record (nothing changes then).
    mutating func apply(record bytes: ArraySlice<UInt8>) -> Bool
    /// The empty index to reload into after another process replaced the file; it keeps what must never
    /// move back (a collection horizon, the latest instant seen).
    func emptiedForReload() -> Self
    /// The whole file after collecting at `now` (header and live records), and the index describing it.
    func compacted(now: Int64) -> (bytes: [UInt8], index: Self, records: Int)
    /// Items currently held (sizes automatic compaction).
    var liveCount: Int { get }
    /// Rewrites an older format at `path` in this one, in place and atomically; called under the lock at
    /// open, when the file exists. Does nothing when there is nothing to upgrade.
    static func migrate(path: String) throws(TicketStoreError)
}
