import PlaytimeJournal
import PlaytimeSystem

/// Refuses a journal path that exists and is not a regular file (a FIFO, device, directory or socket):
/// a journal is appended to in place, so only a regular file, or nothing yet, may stand there. A symbolic
/// link is refused as `--svg` refuses one (``FileSystem/kindRefusingLink(atPath:access:)``): neither its
/// target nor the journal's `.boot` sidecar is created through it.
func requireJournalPath(_ path: String) throws(FileAccessError) {
    guard let kind = try FileSystem.kindRefusingLink(atPath: path, access: .write), kind != .regular else { return }
    throw FileAccessError(path: path, access: .write, reason: kind == .directory ? .isDirectory : .notRegularFile(kind))
}

/// Refuses a `--key-file` path that is a symbolic link, by the same rule as the journal and `--svg`; other
/// kinds are refused when the key is read (``KeyFile/load(path:)``) or created (``KeyFile/generate(path:byteCount:)``).
func requireKeyFilePath(_ path: String) throws(KeyFileError) {
    do { _ = try FileSystem.kindRefusingLink(atPath: path, access: .read) } catch {
        throw KeyFileError.unreadable(path: path, error)
    }
}
