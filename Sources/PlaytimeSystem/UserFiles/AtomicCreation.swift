#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Creates the file `path` holding exactly `bytes`, atomically and durably, never over anything already there.
    ///
    /// The bytes go to a new temporary file beside `path` (`.NAME.tmp-RANDOM`), which is written and `fsync`ed;
    /// it then takes the name `path` only if nothing has it (``renameWithoutReplacing(at:to:)``), and the directory
    /// is `fsync`ed. A crash, a full disk or a read-only directory therefore leaves either no file at `path` or
    /// the whole of it, never an empty or partial one, and no temporary file. The one way every file the package
    /// creates whole comes into being: key files, a journal's header, the server's store files
    /// (docs/guarantees.md, "Nothing lost").
    ///
    /// Throws reason ``FileAccessError/Reason/alreadyExists`` when something is at `path` (nothing is changed).
    /// The new file gets `permissions` less the umask.
    package static func createFile(atPath path: String, bytes: [UInt8], permissions: UInt32 = 0o600) throws(FileAccessError) {
        guard !path.isEmpty else { throw FileAccessError(path: path, access: .write, reason: .emptyPath) }
        let temporary = try writeTemporarySibling(of: path, bytes: bytes, permissions: permissions, exactPermissions: false)
        do throws(SystemError) {
            try renameWithoutReplacing(at: temporary, to: path)
        } catch {
            _ = unlink(temporary)
            throw FileAccessError(path: path, access: .write, error)
        }
        do { try syncParentDirectory(of: path) } catch { throw FileAccessError(path: path, access: .write, error) }
    }

    /// Gives the file at `source` the name `destination` only when nothing has that name: `link(2)` (which never
    /// replaces) and then `unlink(2)` of `source`. On a file system without hard links (`EPERM`, `ENOTSUP`,
    /// `EMLINK`, `ENOSYS` from `link`) it checks that `destination` is free and then `rename(2)`s, which is
    /// atomic but could meet a file another process created in between. `EEXIST` when `destination` exists.
    /// Both paths must be on one file system; the new name is durable only after ``syncParentDirectory(of:)``.
    package static func renameWithoutReplacing(at source: String, to destination: String) throws(SystemError) {
        if link(source, destination) == 0 {
            // The file has both names now; a failed unlink leaves a second name, never a lost file.
            _ = unlink(source)
            return
        }
        let failure = SystemError.current("link")
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS].contains(failure.code) else { throw failure }
        var existing = stat()
        if lstat(destination, &existing) == 0 { throw SystemError(code: EEXIST, operation: "rename") }
        guard rename(source, destination) == 0 else { throw SystemError.current("rename") }
    }
}
