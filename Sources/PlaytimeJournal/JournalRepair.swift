internal import PlaytimeSystem

extension JournalWriter {
    /// Removes a torn last line left by a crash, and nothing else.
    ///
    /// Returns the verification of the journal as it was before the repair. An intact journal is left
    /// untouched; a journal with any other problem throws ``JournalError/notRepairable(_:)``. A torn
    /// header (no complete first line) is cut to zero bytes, so the next open starts a new journal.
    @discardableResult
    package static func repair(path: String, key: JournalKey) throws(JournalError) -> JournalVerification {
        let file = try openLocked(path: path, options: [.readWrite])
        let verification: JournalVerification
        do {
            verification = try JournalReader.scan(
                file: file, key: key, chunkByteCount: JournalReader.defaultChunkByteCount, deliver: false
            ) { _ in }
        } catch {
            throw JournalError.system(error)
        }
        guard let failure = verification.failure else { return verification }
        // `truncated` is only ever reported for the final, incomplete line (or a torn header).
        guard failure.reason == .truncated else { throw JournalError.notRepairable(failure) }
        do {
            try file.truncate(to: verification.verifiedByteCount)
            try file.sync()
        } catch {
            throw JournalError.system(error)
        }
        return verification
    }
}
