package import PlaytimeSystem

/// Where a journal's verified records come from: a file (a saved journal, standard input) or bytes in memory
/// (an upload the server received). The auditor judges either the same way, reading it once.
package protocol JournalRecordSource: ~Copyable {
    /// Verifies the journal under `key`, streaming each verified record in order.
    func streamRecords(key: JournalKey, onRecord: (JournalRecordView) -> Void) throws(JournalError) -> JournalVerification
}

extension OpenFile: JournalRecordSource {
    /// Streams the file from its current offset (``JournalReader/stream(file:key:chunkByteCount:onRecord:)``).
    package func streamRecords(key: JournalKey, onRecord: (JournalRecordView) -> Void) throws(JournalError) -> JournalVerification {
        try JournalReader.stream(file: self, key: key, onRecord: onRecord)
    }
}

/// A journal held in memory, valid while the buffer it views is.
package struct JournalBytes: JournalRecordSource {
    /// The journal's bytes.
    package let buffer: UnsafeRawBufferPointer

    /// Views `buffer` (the caller keeps it alive while the records stream).
    package init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    /// Streams the records in place (``JournalReader/stream(bytes:key:onRecord:)``).
    package func streamRecords(key: JournalKey, onRecord: (JournalRecordView) -> Void) throws(JournalError) -> JournalVerification {
        JournalReader.stream(bytes: buffer, key: key, onRecord: onRecord)
    }
}
