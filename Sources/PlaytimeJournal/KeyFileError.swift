package import PlaytimeSystem

/// Why a key could not be loaded, made, or used.
package enum KeyFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The file exists but could not be opened or read, or is not a regular file.
    case unreadable(path: String, FileAccessError)
    /// The contents are not hex digits (optionally surrounded by whitespace).
    case notHex(path: String)
    /// The key has fewer than 16 bytes (`path` is nil for keys given as bytes).
    case tooShort(path: String?, byteCount: Int)
    /// The file is larger than any key file could be (over 4096 bytes).
    case tooLarge(path: String)
    /// ``KeyFile/generate(path:byteCount:)`` refuses to replace an existing file.
    case alreadyExists(path: String)
    /// The new key file could not be created or written.
    case cannotCreate(path: String, FileAccessError)
    /// The key file is missing or damaged (`problem` says how, in words: "does not exist", "has 0 bytes"), and the
    /// journal at `journal` holds records written under the key it held (its header names `keyID`): that key
    /// cannot be replaced without making them unreadable, so nothing was changed (docs/journal-format.md §4).
    case lostKeyOfJournal(path: String, problem: String, journal: String, keyID: String?)
    /// The journal beside a missing or damaged key file could not be read to see whether it depends on that key.
    case cannotCheckJournal(path: String, FileAccessError)

    /// A one-line explanation naming the path.
    package var description: String {
        switch self {
        case .missing(let path): return "key file \(path) does not exist"
        case .unreadable(let path, let error): return "cannot read key file \(path): \(error.reasonText)"
        case .notHex(let path): return "key file \(path) is not hex text"
        case .tooShort(let path, let count):
            return "key \(path.map { "file \($0) " } ?? "")has \(count) bytes; at least \(JournalFormat.minimumKeyByteCount) are required"
        case .tooLarge(let path): return "key file \(path) is larger than 4096 bytes"
        case .alreadyExists(let path): return "key file \(path) already exists"
        case .cannotCreate(let path, let error): return "cannot create key file \(path): \(error.reasonText)"
        case .lostKeyOfJournal(let path, let problem, let journal, let keyID):
            return "the key file \(path) \(problem), but the journal \(journal) holds records written under that key"
                + (keyID.map { " (key id \($0))" } ?? "") + ": they cannot be read without it. Restore the key file from a backup "
                + "(or move the journal aside to start a new one); nothing was changed"
        case .cannotCheckJournal(let path, let error):
            return "cannot tell whether the journal \(path) depends on the lost key: \(error.reasonText); nothing was changed"
        }
    }
}
