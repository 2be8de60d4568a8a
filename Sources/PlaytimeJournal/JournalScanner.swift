internal import PlaytimeSystem

/// Splits a byte stream into lines, verifies each with ``LineVerifier``, and records where it stopped.
///
/// Input arrives in arbitrary pieces; the caller keeps any unconsumed partial line and offers it again
/// with more bytes. Memory use is bounded by the caller's buffer.
struct JournalScanner: Sendable {
    var verifier: LineVerifier
    var header: JournalHeader?
    /// Bytes of complete, verified lines.
    var verifiedByteCount: Int64 = 0
    /// Lines verified so far.
    var lineCount = 0
    var failure: JournalFailure?

    init(key: JournalKey) { verifier = LineVerifier(key: key) }

    /// Verifies the complete lines at the start of `bytes`, delivering records when `deliver` is true.
    ///
    /// Returns how many bytes were consumed (complete lines only). Stops at the first failure.
    mutating func consume(
        _ bytes: UnsafeRawBufferPointer, deliver: Bool, _ onRecord: (JournalRecordView) -> Void
    ) -> Int {
        var start = 0
        let count = bytes.count
        while failure == nil, start < count {
            let end = MemoryScan.firstIndex(of: 0x0a, in: bytes, from: start) ?? count
            guard end < count else {
                if end - start > JournalFormat.maximumLineByteCount { fail(.malformed) }
                break
            }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            guard line.count <= JournalFormat.maximumLineByteCount else {
                fail(.malformed)
                break
            }
            switch verifier.verify(line) {
            case .header(let verified):
                header = verified
            case .record(let sequence, let type, let payload):
                if deliver {
                    onRecord(
                        JournalRecordView(
                            sequence: sequence,
                            type: UnsafeRawBufferPointer(rebasing: line[type]),
                            payload: UnsafeRawBufferPointer(rebasing: line[payload]),
                            mac: verifier.head, journalVersion: verifier.journalVersion))
                }
            case .failed(let reason):
                fail(reason)
                return start
            }
            lineCount += 1
            verifiedByteCount += Int64(end - start + 1)
            start = end + 1
        }
        return start
    }

    /// Ends the stream: leftover bytes (or an empty journal) mean a torn tail.
    mutating func finish(leftoverByteCount: Int) {
        guard failure == nil else { return }
        if leftoverByteCount > 0 || header == nil { fail(.truncated) }
    }

    mutating func fail(_ reason: JournalFailure.Reason) {
        failure = JournalFailure(reason: reason, line: lineCount + 1, byteOffset: verifiedByteCount)
    }

    /// The summary of everything consumed.
    var verification: JournalVerification {
        JournalVerification(
            header: header, recordCount: verifier.lastSequence, verifiedByteCount: verifiedByteCount,
            headMAC: header == nil ? [] : verifier.head.array, failure: failure)
    }
}
