#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Path-level file operations that have no open descriptor.
package enum FileSystem {
    /// Makes the directory entry of `path` durable by `fsync`ing its parent directory.
    package static func syncParentDirectory(of path: String) throws(SystemError) {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let descriptor = retryingOnInterrupt { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError.current("open") }
        defer { _ = systemClose(descriptor) }
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw SystemError.current("fsync") }
    }

    /// Removes the file at `path` (`unlink`).
    package static func removeFile(at path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError.current("unlink") }
    }

    /// The permission bits (`st_mode & 0o7777`) of the file at `path`.
    package static func permissions(of path: String) throws(SystemError) -> UInt32 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError.current("stat") }
        return UInt32(info.st_mode) & 0o7777
    }
}
