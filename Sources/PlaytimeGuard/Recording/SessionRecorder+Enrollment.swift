internal import PlaytimeCrypto
internal import PlaytimeJournal
internal import PlaytimeSystem

/// An enrollment that arrives while the recorder is open (the game server's link, docs/facades.md, "The game
/// server's link"): a journal that holds no record yet is replaced by the enrolled one at once.
extension SessionRecorder {
    /// Begins the enrolled journal `journalID` under `key` at this recorder's path, with the enrollment's anchor
    /// `enrollmentAnchor` as its first record — only while the journal open now holds no record at all and no return
    /// is on its way (nothing can be lost: the journal is a bare header). That header is kept aside whole
    /// (`<journal>.replaced-<id>`, docs/journal-format.md §3), never deleted. Returns false, changing nothing, when the
    /// journal holds a record: the enrollment then begins at the next start, once no session is open
    /// (``OfflineEarnings``'s opening). Everything happens under the recorder's lock, so no record is written to the
    /// journal being replaced.
    package func beginEnrolledJournal(_ enrollmentAnchor: String, key: JournalKey, journalID: [UInt8]) throws(RecorderError) -> Bool {
        let token: ServerAnchor
        do { token = try ServerAnchor(text: enrollmentAnchor) } catch { throw .anchor(error) }
        guard token.headSequence == 0, let id = Hex.decode(token.journalID), id == journalID else { throw .anchor(.wrongJournal) }
        let raw = clock.read()
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> Bool in
            guard guarded.writer.lastSequence == 0, guarded.arriving.isEmpty, guarded.state.openDeparture == nil else { return false }
            let path = guarded.writer.path
            let kept: String
            do throws(SystemError) { kept = try JournalQuarantine.setAside(path: path, journalID: guarded.writer.journalID, cause: .replaced) } catch {
                throw .journal(.system(error))
            }
            let record = AnchorRecord(
                token: token.text, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil,
                wallNanoseconds: raw.wallNanoseconds)
            var enrolled: JournalWriter
            do throws(JournalError) {
                enrolled = try JournalWriter(path: path, key: key, newJournalVersion: configuration.newJournalVersion, journalID: journalID)
            } catch {
                try Self.restore(kept, to: path, removingFirst: false)
                throw .journal(error)
            }
            // The enrollment's anchor is the enrolled journal's first record (docs/journal-format.md §14.5) before the
            // recorder takes the journal: one without it could never be uploaded.
            do throws(JournalError) {
                _ = try enrolled.append(type: AnchorCodec.recordType, payload: AnchorCodec.encode(record))
            } catch {
                try? enrolled.close()
                try Self.restore(kept, to: path, removingFirst: true)
                throw .journal(error)
            }
            swap(&guarded.writer, &enrolled)
            try? enrolled.close()
            guarded.key = key
            guarded.state = RecorderState()
            guarded.state.apply(record, anchor: token)
            guarded.segments = BootSegments(
                key: key, journalPath: path, journalID: journalID, enabled: guarded.writer.version >= 2,
                driftPPM: configuration.driftPPM, seen: [])
            guarded.segments.resume(at: raw)
            return true
        }
    }

    /// Gives the bare header kept at `kept` its name `path` back (after removing the header-only enrolled journal
    /// created there, when `removingFirst`): the recorder goes on with the journal it had, whose descriptor never closed.
    private static func restore(_ kept: String, to path: String, removingFirst: Bool) throws(RecorderError) {
        do throws(SystemError) {
            if removingFirst { try FileSystem.removeFile(at: path) }
            try FileSystem.renameWithoutReplacing(at: kept, to: path)
            try FileSystem.syncParentDirectory(of: path)
        } catch {
            throw .journal(.system(error))
        }
    }
}
