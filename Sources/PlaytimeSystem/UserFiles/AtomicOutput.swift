#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Writes `bytes` as the whole of the output a person named with `path`.
    ///
    /// - `-` is standard output. A reader that leaves before taking everything (a closed pipe, `EPIPE`) is not
    ///   an error: the bytes it no longer wants are dropped (``StandardStreams/readerLeft(_:)``).
    /// - A path where nothing exists, or that names a regular file, gets the bytes atomically: they are
    ///   written to a new temporary file in the same directory, which is `fsync`ed, renamed over `path`,
    ///   and the directory `fsync`ed. A reader sees the old file or the new one, never a part. A replaced
    ///   file keeps its permission bits; a new one gets `permissions` less the umask. A regular file the
    ///   caller may not write is refused, as the shell's `>` would.
    /// - Anything else (a directory, FIFO, symbolic link, device or socket) is refused before anything is
    ///   created or changed: a symbolic link is not followed, a device node is never replaced.
    package static func writeOutput(_ bytes: [UInt8], toPath path: String, permissions: UInt32 = 0o666) throws(FileAccessError) {
        if path == "-" {
            StandardStreams.flushOutput()
            var failure: SystemError?
            bytes.withUnsafeBytes { buffer in
                do throws(SystemError) { try OpenFile.writeAll(buffer, toRawDescriptor: 1) } catch { failure = error }
            }
            if let failure, !StandardStreams.readerLeft(failure) {
                throw FileAccessError(path: "standard output", access: .write, failure)
            }
            return
        }
        guard !path.isEmpty else { throw FileAccessError(path: path, access: .write, reason: .emptyPath) }
        let existingMode = try replaceableMode(of: path)
        let temporary = try writeTemporarySibling(
            of: path, bytes: bytes, permissions: existingMode ?? permissions,
            exactPermissions: existingMode != nil)
        do throws(FileAccessError) {
            // The path is examined again just before the rename, so what was put there meanwhile is not replaced.
            _ = try replaceableMode(of: path)
            guard rename(temporary, path) == 0 else { throw FileAccessError(path: path, access: .write, SystemError.current("rename")) }
        } catch {
            _ = unlink(temporary)
            throw error
        }
        do { try syncParentDirectory(of: path) } catch { throw FileAccessError(path: path, access: .write, error) }
    }

    /// The permission bits of the regular file at `path`, `nil` when nothing is there; throws for anything
    /// that must not be replaced and for a file the caller may not write.
    /// A symbolic link is refused by the rule every named file follows (``kindRefusingLink(atPath:access:)``).
    private static func replaceableMode(of path: String) throws(FileAccessError) -> UInt32? {
        guard let existing = try statusRefusingLink(atPath: path, access: .write) else { return nil }
        switch existing.kind {
        case .regular:
            guard access(path, W_OK) == 0 else { throw FileAccessError(path: path, access: .write, SystemError.current("access")) }
            return existing.permissions
        case .directory:
            throw FileAccessError(path: path, access: .write, reason: .isDirectory)
        case let kind:
            throw FileAccessError(path: path, access: .write, reason: .notRegularFile(kind))
        }
    }

    /// Creates `.NAME.tmp-RANDOM` beside `path` (exclusively, never through a link), writes `bytes` into it
    /// and `fsync`s it; returns its path. On failure nothing is left behind (a full disk included).
    static func writeTemporarySibling(of path: String, bytes: [UInt8], permissions: UInt32, exactPermissions: Bool)
        throws(FileAccessError) -> String
    {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else {
            // `dir/`: a name that can only be a directory.
            let isDirectory = (try? kind(ofPath: path, followingLinks: true)) == .directory
            throw FileAccessError(path: path, access: .write, reason: isDirectory ? .isDirectory : .noSuchDirectory)
        }
        var random = SystemRandomNumberGenerator()
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        for _ in 0..<16 {
            let suffix = String(random.next() as UInt64, radix: 16)
            let candidate = directory + "." + name.prefix(64) + ".tmp-" + suffix
            let descriptor = retryingOnInterrupt { open(candidate, flags, mode_t(permissions)) }
            if descriptor < 0 {
                let failure = SystemError.current("open")
                if failure.meansAlreadyExists { continue }
                if failure.code == ENOTDIR { throw FileAccessError(path: path, access: .write, reason: .noSuchDirectory) }
                throw FileAccessError(path: path, access: .write, failure)
            }
            let file = OpenFile(takingOwnershipOf: descriptor)
            do throws(SystemError) {
                if exactPermissions, fchmod(descriptor, mode_t(permissions)) != 0 { throw SystemError.current("fchmod") }
                try file.writeAll(bytes)
                try file.sync()
                try file.close()
            } catch {
                _ = unlink(candidate)
                throw FileAccessError(path: path, access: .write, error)
            }
            return candidate
        }
        throw FileAccessError(path: path, access: .write, SystemError(code: EEXIST, operation: "open"))
    }
}
