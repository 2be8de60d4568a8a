package import PlaytimeSystem

/// Why a journal operation failed.
package enum JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (open, read, write, fsync, ftruncate…).
    case system(SystemError)
    /// The journal does not verify; nothing will be appended to it.
    case corrupt(JournalFailure)
    /// The journal verifies except for a torn last line; call ``JournalWriter/repair(path:key:)``.
    case tornTail(JournalFailure)
    /// Another writer holds the journal's lock.
    case locked(path: String)
    /// The record type is empty, too long, or has a byte outside `[A-Za-z0-9._:-]`.
    case invalidType(String)
    /// The payload is not a single JSON object on one line (or is too large).
    case invalidPayload(reason: String)
    /// An earlier write or fsync failed in a way that leaves the file's state unknown; reopen the journal.
    case writerFailed
    /// The journal's header names another journal id than the one it was opened for (an enrollment's):
    /// nothing was read into any state or written. Both ids as 32 lowercase hex digits.
    case otherJournal(expected: String, found: String)
    /// ``JournalWriter/repair(path:key:)`` only removes a torn tail; this journal has a different problem.
    case notRepairable(JournalFailure)
    /// A new journal could not be created (a full disk, a read-only directory, …); nothing was created.
    case cannotCreate(FileAccessError)

    /// A one-line explanation.
    package var description: String {
        switch self {
        // Plain words first (a full disk, a read-only directory), then the call, for support: "the journal could not be
        // used: no space left on device (write, errno 28)".
        case .system(let error): return "the journal could not be used: \(error.plainWords) (\(error.operation), errno \(error.code))"
        case .corrupt(let failure): return "journal is corrupt: \(failure)"
        case .tornTail(let failure): return "journal has a torn last line: \(failure); repair it explicitly"
        case .locked(let path): return "journal \(path) is locked by another writer"
        case .invalidType(let type): return "invalid record type \"\(type)\""
        case .invalidPayload(let reason): return "invalid payload: \(reason)"
        case .writerFailed: return "an earlier write failed; reopen the journal"
        case .notRepairable(let failure): return "journal is not repairable: \(failure)"
        case .otherJournal(let expected, let found): return "the journal is \(found), not the enrolled journal \(expected)"
        case .cannotCreate(let error): return "cannot create the journal: \(error.reasonText)"
        }
    }
}
