/// One verified record, as delivered by the reader or described to the writer.
package struct JournalRecord: Sendable, Equatable {
    /// Position in the journal: 1, 2, 3… with no gaps.
    package var sequence: UInt64
    /// The record type, such as `"background"`: 1–64 bytes of `[A-Za-z0-9._:-]`.
    package var type: String
    /// The payload exactly as written: the bytes of one JSON object.
    package var payload: [UInt8]
    /// The version of the journal's header, for a record the reader delivered (1 otherwise).
    package var journalVersion = JournalFormat.version

    /// Creates a record value.
    package init(sequence: UInt64, type: String, payload: [UInt8]) {
        self.sequence = sequence
        self.type = type
        self.payload = payload
    }
}
