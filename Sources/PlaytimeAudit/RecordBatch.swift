internal import PlaytimeJournal

/// Verified records copied out of the reader's buffer (with their MACs, which signed-time records commit to), so another thread can judge them while the next
/// chunk is being verified. Bytes are stored back to back; each record keeps its offsets.
struct RecordBatch: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var records: [(sequence: UInt64, typeStart: Int, typeCount: Int, payloadStart: Int, payloadCount: Int, mac: MACBytes)] = []
    /// The journal's header version (every record of a batch comes from one journal).
    private(set) var journalVersion = JournalFormat.version

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
        records.reserveCapacity(capacity / 256)
    }

    var byteCount: Int { bytes.count }
    var isEmpty: Bool { records.isEmpty }

    /// Copies one verified record in.
    mutating func append(_ view: JournalRecordView) {
        let typeStart = bytes.count
        bytes.append(contentsOf: view.type)
        let payloadStart = bytes.count
        bytes.append(contentsOf: view.payload)
        records.append((view.sequence, typeStart, view.type.count, payloadStart, view.payload.count, view.macValue))
        journalVersion = view.journalVersion
    }

    /// Calls `body` with a view of each record, in order.
    func forEach(_ body: (JournalRecordView) -> Void) {
        bytes.withUnsafeBytes { raw in
            for record in records {
                body(
                    JournalRecordView(
                        sequence: record.sequence,
                        type: UnsafeRawBufferPointer(rebasing: raw[record.typeStart..<record.typeStart + record.typeCount]),
                        payload: UnsafeRawBufferPointer(rebasing: raw[record.payloadStart..<record.payloadStart + record.payloadCount]),
                        verifiedMAC: record.mac, journalVersion: journalVersion))
            }
        }
    }
}
