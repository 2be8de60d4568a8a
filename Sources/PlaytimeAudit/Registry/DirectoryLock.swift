internal import PlaytimeSystem

/// An exclusive `flock` on a lock file, held while a registry reads, decides and writes: threads and
/// processes on one machine take turns.
enum DirectoryLock {
    /// Runs `body` while holding the lock on `path` (created when absent).
    static func withLock<Result>(_ path: String, _ body: () throws(RegistryError) -> Result) throws(RegistryError) -> Result {
        let lock = try open(path)
        do { try lock.lockExclusive() } catch { throw RegistryError("cannot lock \(path): \(error.message)") }
        defer { try? lock.unlock() }
        return try body()
    }

    private static func open(_ path: String) throws(RegistryError) -> OpenFile {
        do {
            return try OpenFile(path: path, options: [.readWrite, .create], permissions: 0o600)
        } catch {
            throw RegistryError("cannot open \(path): \(error.message)")
        }
    }
}
