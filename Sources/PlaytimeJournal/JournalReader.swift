package import PlaytimeSystem

/// Streams a journal, verifying every line as it goes, in constant memory.
///
/// Records before the first bad line are delivered; the result says where and why reading stopped.
package enum JournalReader {
    /// Bytes read per `read(2)` call.
    package static let defaultChunkByteCount = 1 << 16

    /// Verifies the journal at `path`, calling `onRecord` for each verified record in order.
    package static func read(
        path: String, key: JournalKey, chunkByteCount: Int = defaultChunkByteCount,
        onRecord: (JournalRecord) -> Void
    ) throws(JournalError) -> JournalVerification {
        do {
            let file = try OpenFile(path: path, options: [])
            return try scan(file: file, key: key, chunkByteCount: chunkByteCount, deliver: true) { onRecord($0.record) }
        } catch {
            throw JournalError.system(error)
        }
    }

    /// Verifies the journal at `path` without materialising records (the auditor's fast path).
    package static func verify(
        path: String, key: JournalKey, chunkByteCount: Int = defaultChunkByteCount
    ) throws(JournalError) -> JournalVerification {
        do {
            let file = try OpenFile(path: path, options: [])
            return try scan(file: file, key: key, chunkByteCount: chunkByteCount, deliver: false) { _ in }
        } catch {
            throw JournalError.system(error)
        }
    }

    /// Verifies the journal read from `file` (a path's descriptor or standard input), streaming each
    /// verified record in place, without copying: the auditor's path. Memory stays bounded by the chunk.
    package static func stream(
        file: borrowing OpenFile, key: JournalKey, chunkByteCount: Int = defaultChunkByteCount,
        onRecord: (JournalRecordView) -> Void
    ) throws(JournalError) -> JournalVerification {
        do {
            return try scan(file: file, key: key, chunkByteCount: chunkByteCount, deliver: true, onRecord)
        } catch {
            throw JournalError.system(error)
        }
    }

    /// Verifies a journal held in memory (an upload's bytes), streaming each verified record in place as
    /// ``stream(file:key:chunkByteCount:onRecord:)`` does, without copying and without a file.
    package static func stream(
        bytes: UnsafeRawBufferPointer, key: JournalKey, onRecord: (JournalRecordView) -> Void
    ) -> JournalVerification {
        var scanner = JournalScanner(key: key)
        let consumed = scanner.consume(bytes, deliver: true, onRecord)
        scanner.finish(leftoverByteCount: bytes.count - consumed)
        return scanner.verification
    }

    /// Verifies a journal held in memory, calling `onRecord` for each verified record.
    package static func verify(
        bytes: UnsafeRawBufferPointer, key: JournalKey, onRecord: (JournalRecord) -> Void = { _ in }
    ) -> JournalVerification {
        stream(bytes: bytes, key: key) { onRecord($0.record) }
    }

    /// Verifies a journal held in memory, calling `onRecord` for each verified record.
    package static func verify(
        bytes: [UInt8], key: JournalKey, onRecord: (JournalRecord) -> Void = { _ in }
    ) -> JournalVerification {
        bytes.withUnsafeBytes { verify(bytes: $0, key: key, onRecord: onRecord) }
    }

    /// Reads `file` from its current offset to the end in chunks, keeping at most one partial line.
    static func scan(
        file: borrowing OpenFile, key: JournalKey, chunkByteCount: Int, deliver: Bool,
        _ onRecord: (JournalRecordView) -> Void
    ) throws(SystemError) -> JournalVerification {
        var scanner = JournalScanner(key: key)
        let capacity = max(chunkByteCount, 4096) + JournalFormat.maximumLineByteCount + 1
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        let chunk = max(chunkByteCount, 4096)
        var filled = 0
        while scanner.failure == nil {
            let room = Swift.min(chunk, capacity - filled)
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<filled + room]))
            if count == 0 { break }
            filled += count
            let consumed = scanner.consume(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), deliver: deliver, onRecord)
            if consumed > 0 {
                let leftover = filled - consumed
                if leftover > 0 {
                    buffer.baseAddress.unsafelyUnwrapped.copyMemory(
                        from: buffer.baseAddress.unsafelyUnwrapped + consumed, byteCount: leftover)
                }
                filled = leftover
            }
        }
        scanner.finish(leftoverByteCount: filled)
        return scanner.verification
    }
}
