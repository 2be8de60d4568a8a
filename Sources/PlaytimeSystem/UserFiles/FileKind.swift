#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What sort of file a path names: the type bits of `st_mode`.
package enum FileKind: Sendable, Hashable, CustomStringConvertible {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A symbolic link (seen only when the link itself is examined).
    case symbolicLink
    /// A named pipe.
    case fifo
    /// A character device such as `/dev/zero`.
    case characterDevice
    /// A block device such as a disk.
    case blockDevice
    /// A Unix-domain socket.
    case socket
    /// Any other type.
    case other

    /// The kind recorded in a `stat` result.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind in words, with an article: "a regular file", "a FIFO".
    package var description: String {
        switch self {
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .symbolicLink: return "a symbolic link"
        case .fifo: return "a FIFO"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "a special file"
        }
    }
}

extension FileSystem {
    /// The kind of file at `path`, or `nil` when nothing is there. With `followingLinks: false`
    /// a symbolic link is reported as ``FileKind/symbolicLink`` (`lstat`); otherwise its target is examined (`stat`).
    package static func kind(ofPath path: String, followingLinks: Bool) throws(SystemError) -> FileKind? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else {
            if errno == ENOENT { return nil }
            throw SystemError.current(followingLinks ? "stat" : "lstat")
        }
        return FileKind(mode: info.st_mode)
    }
}

extension OpenFile {
    /// The kind of the open file (`fstat`).
    package func kind() throws(SystemError) -> FileKind {
        var info = stat()
        guard fstat(rawDescriptor, &info) == 0 else { throw SystemError.current("fstat") }
        return FileKind(mode: info.st_mode)
    }
}
