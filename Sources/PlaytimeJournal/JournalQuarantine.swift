internal import PlaytimeCrypto
package import PlaytimeSystem

/// A journal that does not verify (a damaged line in the middle: a bad block, a restored backup, a sync tool), moved
/// aside whole — never deleted, never changed — so that a new journal can begin at its path and the records before
/// the damage stay readable for a server to judge (docs/journal-format.md §3, "Quarantine").
package struct JournalQuarantine: Sendable, Equatable {
    /// Where the damaged journal is kept now: `<journal>.damaged-<journal id>` (then `-2`, `-3`, … when taken).
    package var path: String
    /// The journal id it is kept under: its header's when line 1 verified, else the id it was opened for (an
    /// enrollment's), else a random one.
    package var journalID: [UInt8]
    /// How far it verified: the header, the records before the damage, and the first bad line.
    package var verification: JournalVerification

    /// Why a journal is set aside, which its kept name says.
    package enum Cause: String, Sendable {
        /// It does not verify: `<journal>.damaged-<id>`.
        case damaged
        /// It verifies, but another journal takes its place (the device's own journal when the game's server
        /// enrolled the device again): `<journal>.replaced-<id>`.
        case replaced
    }

    /// The first name a journal `journalID` set aside from `journal` is kept under.
    package static func keptPath(journal: String, journalID: [UInt8], cause: Cause = .damaged) -> String {
        journal + "." + cause.rawValue + "-" + Hex.encode(journalID)
    }

    /// True when a journal `journalID` was set aside from `journal` (an enrollment's journal that must not begin again).
    package static func wasSetAside(journal: String, journalID: [UInt8]) -> Bool {
        (try? FileSystem.identity(ofPath: keptPath(journal: journal, journalID: journalID))) != nil
    }

    /// Moves the file at `path` to ``keptPath(journal:journalID:cause:)`` (or the first free `-N` after it) without replacing
    /// anything, and makes the move durable (the directory is `fsync`ed). `journalID` `nil`: a random one. Returns the
    /// path it is kept at.
    package static func setAside(path: String, journalID: [UInt8]?, cause: Cause = .damaged) throws(SystemError) -> String {
        let base = keptPath(journal: path, journalID: journalID ?? randomID(), cause: cause)
        for attempt in 1...1000 {
            let destination = attempt == 1 ? base : base + "-\(attempt)"
            do {
                try FileSystem.renameWithoutReplacing(at: path, to: destination)
            } catch  where error.meansAlreadyExists {
                continue
            }
            try FileSystem.syncParentDirectory(of: path)
            return destination
        }
        throw SystemError(code: SystemError.alreadyExistsCode, operation: "rename")
    }

    /// 16 random bytes: the name of a journal whose id cannot be read.
    static func randomID() -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
}

extension JournalWriter {
    /// Sets the journal at `path` aside when it is damaged: it verifies under `key` up to a bad line that is not a
    /// torn last line (`mac-mismatch`, `sequence-gap`, `malformed`, line 1 included). Its lock is held meanwhile, so
    /// no writer appends to it. Returns `nil`, changing nothing, for a journal that is intact, only torn at its end
    /// (``repair(path:key:)`` cuts that), under another key or of an unsupported version (not damage: the key or
    /// the program is wrong, not the file), or another journal than `expected` (an enrollment's id).
    package static func quarantine(path: String, key: JournalKey, expected: [UInt8]? = nil) throws(JournalError) -> JournalQuarantine? {
        let file = try openLocked(path: path, options: [.readWrite])
        let verification: JournalVerification
        do {
            verification = try JournalReader.scan(file: file, key: key, chunkByteCount: JournalReader.defaultChunkByteCount, deliver: false) { _ in }
        } catch {
            throw JournalError.system(error)
        }
        guard let failure = verification.failure, [.macMismatch, .sequenceGap, .malformed].contains(failure.reason) else { return nil }
        if let expected, let header = verification.header, header.journalID != expected { return nil }
        let id = verification.header?.journalID ?? expected ?? JournalQuarantine.randomID()
        let kept: String
        do { kept = try JournalQuarantine.setAside(path: path, journalID: id) } catch { throw JournalError.system(error) }
        // The lock is released only now, with the journal under its new name.
        _ = consume file
        return JournalQuarantine(path: kept, journalID: id, verification: verification)
    }
}
