/// A verified record seen in place: its bytes are valid only during the callback that receives it.
/// The auditor's hot path reads these without copying; `record` makes an owned copy.
package struct JournalRecordView {
    /// The record's sequence number.
    package let sequence: UInt64
    /// The record type's bytes (ASCII).
    package let type: UnsafeRawBufferPointer
    /// The payload's bytes (one JSON object).
    package let payload: UnsafeRawBufferPointer
    /// The record's verified MAC (the chain head after it).
    let mac: MACBytes
    /// The version of the journal's header: what the record's session payloads must say (docs/journal-format.md §13).
    package let journalVersion: Int

    /// A view of bytes held elsewhere (valid as long as they are). Its ``macBytes`` are zero: only views the
    /// reader hands out carry their record's MAC.
    package init(sequence: UInt64, type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) {
        self.init(sequence: sequence, type: type, payload: payload, mac: MACBytes())
    }

    init(
        sequence: UInt64, type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer, mac: MACBytes,
        journalVersion: Int = JournalFormat.version
    ) {
        self.sequence = sequence
        self.type = type
        self.payload = payload
        self.mac = mac
        self.journalVersion = journalVersion
    }

    /// The record's MAC (32 bytes): what a server keeps as the head of what it accepted from this journal.
    package var macBytes: [UInt8] { mac.array }

    /// The record's MAC as a fixed-size value, for copying a view's record elsewhere with it.
    package var macValue: MACBytes { mac }

    /// A view of bytes held elsewhere, carrying the MAC its record was verified with and its journal's version.
    package init(
        sequence: UInt64, type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer, verifiedMAC: MACBytes,
        journalVersion: Int = JournalFormat.version
    ) {
        self.init(sequence: sequence, type: type, payload: payload, mac: verifiedMAC, journalVersion: journalVersion)
    }

    /// True when the type is exactly `name`.
    package func hasType(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            expected.count == type.count && (0..<expected.count).allSatisfy { expected[$0] == type[$0] }
        }
    }

    /// True when the type starts with `prefix`.
    package func typeHasPrefix(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { expected in
            expected.count <= type.count && (0..<expected.count).allSatisfy { expected[$0] == type[$0] }
        }
    }

    /// An owned copy.
    package var record: JournalRecord {
        var copy = JournalRecord(sequence: sequence, type: String(decoding: type, as: UTF8.self), payload: Array(payload))
        copy.journalVersion = journalVersion
        return copy
    }
}
