#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// What stands at a path a person named for a file playtime writes or keeps (an output such as `--svg`, a
    /// journal's sidecar, `record --journal`, a `--key-file`), examined without following a link (`lstat`);
    /// `nil` when nothing is there.
    ///
    /// The one rule for such paths: a symbolic link is refused, never followed, so nothing is created or
    /// changed through it — not its target, and not a file beside it. The refusal is
    /// ``FileAccessError/Reason/notRegularFile(_:)`` with ``FileKind/symbolicLink``: "is not a regular file
    /// (it is a symbolic link)".
    package static func kindRefusingLink(atPath path: String, access: FileAccessError.Access) throws(FileAccessError) -> FileKind? {
        try statusRefusingLink(atPath: path, access: access)?.kind
    }

    /// ``kindRefusingLink(atPath:access:)`` with the permission bits of what is there.
    static func statusRefusingLink(atPath path: String, access: FileAccessError.Access)
        throws(FileAccessError) -> (kind: FileKind, permissions: UInt32)?
    {
        guard !path.isEmpty else { throw FileAccessError(path: path, access: access, reason: .emptyPath) }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let failure = SystemError.current("lstat")
            if failure.meansNoSuchFile { return nil }
            throw FileAccessError(path: path, access: access, failure)
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind != .symbolicLink else { throw FileAccessError(path: path, access: access, reason: .notRegularFile(.symbolicLink)) }
        return (kind, UInt32(info.st_mode) & 0o7777)
    }
}
