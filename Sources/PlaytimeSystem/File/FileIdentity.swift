#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file an open descriptor or a path refers to: device and inode numbers.
///
/// Two values are equal exactly when they name the same file, so comparing the identity of an
/// open descriptor with that of its path tells whether the path was replaced (by `rename`).
package struct FileIdentity: Sendable, Hashable {
    /// The device containing the file (`st_dev`).
    package var device: UInt64
    /// The file's inode number (`st_ino`).
    package var inode: UInt64

    /// Creates an identity from raw numbers.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity recorded in a `stat` result.
    init(_ info: stat) {
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}

extension OpenFile {
    /// The identity of the open file (`fstat`).
    package func identity() throws(SystemError) -> FileIdentity {
        var info = stat()
        guard fstat(rawDescriptor, &info) == 0 else { throw SystemError.current("fstat") }
        return FileIdentity(info)
    }
}

extension FileSystem {
    /// The identity of the file at `path` (`stat`), or `nil` when nothing exists there.
    package static func identity(ofPath path: String) throws(SystemError) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemError.current("stat")
        }
        return FileIdentity(info)
    }
}
