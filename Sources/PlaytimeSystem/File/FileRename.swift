#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Atomically gives the file at `source` the name `destination` (`rename(2)`), replacing any file there.
    ///
    /// Both paths must be on the same file system. The new directory entry is durable only after
    /// ``FileSystem/syncParentDirectory(of:)`` on `destination`.
    package static func renameFile(at source: String, to destination: String) throws(SystemError) {
        guard rename(source, destination) == 0 else { throw SystemError.current("rename") }
    }
}
