#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Creates the file at `path` holding exactly `bytes`, atomically and only if nothing is there: the bytes go to a
    /// temporary sibling that is `fsync`ed, then linked to `path` (which fails when `path` exists: nothing is
    /// replaced), and the directory is `fsync`ed. A crash leaves either no file at `path` or the whole one, never an
    /// empty or torn file (a secret the service reads at every start). Returns `false`, changing nothing, when
    /// something already exists at `path` (two processes starting together: the loser reads the winner's file).
    package static func createAtomically(_ bytes: [UInt8], atPath path: String, permissions: UInt32 = 0o600) throws(FileAccessError) -> Bool {
        guard !path.isEmpty else { throw FileAccessError(path: path, access: .write, reason: .emptyPath) }
        if try statusRefusingLink(atPath: path, access: .write) != nil { return false }
        let temporary = try writeTemporarySibling(of: path, bytes: bytes, permissions: permissions, exactPermissions: true)
        defer { _ = unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let failure = SystemError.current("link")
            if failure.meansAlreadyExists { return false }
            throw FileAccessError(path: path, access: .write, failure)
        }
        do { try syncParentDirectory(of: path) } catch { throw FileAccessError(path: path, access: .write, error) }
        return true
    }
}
