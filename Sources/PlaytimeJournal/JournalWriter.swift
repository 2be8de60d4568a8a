internal import PlaytimeCrypto
internal import PlaytimeSystem

/// Appends records to a journal file; each ``append(type:payload:)`` is on disk (written and
/// `fsync`ed) before it returns.
///
/// Opening verifies the whole existing chain and refuses to append to a journal that does not
/// verify. A torn last line (a crash mid-append) is reported as ``JournalError/tornTail(_:)`` and is
/// only removed by an explicit ``repair(path:key:)``. An exclusive `flock` keeps a second writer out.
package struct JournalWriter: ~Copyable {
    /// The journal's path.
    package let path: String
    let file: OpenFile
    var encoder: JournalEncoder
    /// The file length after the last successful append.
    var fileLength: Int64
    /// Set when a write or fsync failed and the file's state is unknown.
    var failed = false

    /// Opens (creating if absent or empty) and verifies the journal at `path`. A journal it creates gets
    /// header version `newJournalVersion` and id `journalID` (16 bytes; random when `nil`); an existing one
    /// keeps the version of its header, and is refused (``JournalError/otherJournal(expected:found:)``) when
    /// `journalID` is given and its header names another id.
    package init(
        path: String, key: JournalKey, newJournalVersion: Int = JournalFormat.version,
        journalID: [UInt8]? = nil
    ) throws(JournalError) {
        try self.init(path: path, key: key, deliver: false, newJournalVersion: newJournalVersion, journalID: journalID) { _ in }
    }

    /// Opens and verifies the journal at `path`, handing each verified record to `replay` during the same
    /// pass (so a caller rebuilding its state reads the file once). If opening then fails, records already
    /// handed over belong to a journal that was refused. A journal it creates gets header version `newJournalVersion`
    /// and id `journalID` (random when `nil`); an existing one whose id is not `journalID` (when given) is refused.
    package init(
        path: String, key: JournalKey, newJournalVersion: Int = JournalFormat.version, journalID: [UInt8]? = nil,
        replay: (JournalRecordView) -> Void
    ) throws(JournalError) {
        try self.init(path: path, key: key, deliver: true, newJournalVersion: newJournalVersion, journalID: journalID, replay)
    }

    private init(
        path: String, key: JournalKey, deliver: Bool, newJournalVersion: Int, journalID: [UInt8]?,
        _ replay: (JournalRecordView) -> Void
    ) throws(JournalError) {
        // A new journal comes into being whole, its header written and synced before it has its name: a full disk
        // or a crash leaves no journal or a complete header, never an empty or torn one (docs/guarantees.md,
        // "Nothing lost"). Another process creating it at the same moment wins: its journal is opened below.
        let absent: Bool
        do { absent = try FileSystem.identity(ofPath: path) == nil } catch { throw JournalError.system(error) }
        if absent {
            let header = JournalEncoder(key: key, journalID: journalID, version: newJournalVersion).headerLine
            do { try FileSystem.createFile(atPath: path, bytes: header, permissions: 0o600) } catch  where error.reason == .alreadyExists {
            } catch {
                throw JournalError.cannotCreate(error)
            }
        }
        let file = try JournalWriter.openLocked(path: path, options: [.readWrite, .create, .append])
        let size: Int64
        do { size = try file.size() } catch { throw JournalError.system(error) }
        if size == 0 {
            // An empty file someone else made (or an earlier version left): the header is written in place. A crash
            // here leaves a torn header, which holds no record and is cut back to nothing by a repair.
            let encoder = JournalEncoder(key: key, journalID: journalID, version: newJournalVersion)
            do {
                try file.writeAll(encoder.headerLine)
                try file.sync()
                try FileSystem.syncParentDirectory(of: path)
            } catch {
                try? file.truncate(to: 0)
                throw JournalError.system(error)
            }
            self.encoder = encoder
            self.fileLength = Int64(encoder.headerLine.count)
        } else {
            let verification: JournalVerification
            do {
                verification = try JournalReader.scan(
                    file: file, key: key, chunkByteCount: JournalReader.defaultChunkByteCount, deliver: deliver, replay)
            } catch {
                throw JournalError.system(error)
            }
            // Another journal's file is refused before anything else, a torn tail included: nothing is cut from it.
            if let expected = journalID, let header = verification.header, header.journalID != expected {
                throw JournalError.otherJournal(expected: Hex.encode(expected), found: Hex.encode(header.journalID))
            }
            if let failure = verification.failure {
                throw failure.reason == .truncated ? JournalError.tornTail(failure) : JournalError.corrupt(failure)
            }
            self.encoder = JournalEncoder(
                key: key, resumingAfter: verification.recordCount, headMAC: verification.headMAC,
                header: verification.header)
            self.fileLength = verification.verifiedByteCount
        }
        self.path = path
        self.file = file
    }

    /// Opens `path` and takes its exclusive lock, or throws ``JournalError/locked(path:)``. A journal set aside
    /// (``quarantine(path:key:expected:)``) or replaced while this waited for its lock is not the one at `path` any
    /// more: `path` is opened again, so a writer never appends to a file that lost its name.
    static func openLocked(path: String, options: OpenFile.Options) throws(JournalError) -> OpenFile {
        var attempt = 0
        while true {
            attempt += 1
            let file: OpenFile
            do { file = try OpenFile(path: path, options: options, permissions: 0o600) } catch {
                throw JournalError.system(error)
            }
            let locked: Bool
            // A short patience: a child forked elsewhere in this process may hold the lock until it execs.
            do { locked = try file.tryLockExclusive(patienceNanoseconds: 250_000_000) } catch { throw JournalError.system(error) }
            guard locked else { throw JournalError.locked(path: path) }
            let named: FileIdentity?
            let opened: FileIdentity
            do {
                named = try FileSystem.identity(ofPath: path)
                opened = try file.identity()
            } catch {
                throw JournalError.system(error)
            }
            if named == opened || attempt == 3 { return file }
        }
    }

    /// The header's version: the journal keeps it for every record appended (docs/journal-format.md §13).
    package var version: Int { encoder.version }

    /// The journal id (16 bytes) from the header.
    package var journalID: [UInt8] { encoder.journalID }

    /// The sequence number of the last record on disk (0 when there are none).
    package var lastSequence: UInt64 { encoder.lastSequence }

    /// The MAC of the last line on disk: pin it elsewhere to detect a later rollback.
    package var headMAC: [UInt8] { encoder.headMAC }

    /// Appends one record and returns its sequence number once it is durable.
    ///
    /// `payload` must be exactly one JSON object on one line; it is stored byte for byte.
    /// If the write or its `fsync` fails the file is cut back to its previous length (and, after a failed `fsync`,
    /// that cut synced); only if that fails too does the writer refuse further appends (``JournalError/writerFailed``).
    @discardableResult
    package mutating func append(type: String, payload: [UInt8]) throws(JournalError) -> UInt64 {
        guard !failed else { throw JournalError.writerFailed }
        var next = encoder
        let line = try next.encodeRecord(type: type, payload: payload)
        do {
            try file.writeAll(line)
        } catch {
            // A full disk or a read-only file system: whatever part was written is cut back, and the journal is as
            // it was before the call (nothing acknowledged is touched).
            do { try file.truncate(to: fileLength) } catch { failed = true }
            throw JournalError.system(error)
        }
        do {
            try file.sync()
        } catch {
            // The record may or may not have reached the disk: it is cut back and the cut made durable, so the
            // journal ends at its last acknowledged record again; only when that fails too is its state unknown.
            do {
                try file.truncate(to: fileLength)
                try file.sync()
            } catch {
                failed = true
            }
            throw JournalError.system(error)
        }
        encoder = next
        fileLength += Int64(line.count)
        return next.lastSequence
    }

    /// Appends one record whose payload is given as JSON text.
    @discardableResult
    package mutating func append(type: String, payload: String) throws(JournalError) -> UInt64 {
        try append(type: type, payload: Array(payload.utf8))
    }

    /// Closes the journal and releases its lock.
    package consuming func close() throws(JournalError) {
        do { try file.close() } catch { throw JournalError.system(error) }
    }
}
