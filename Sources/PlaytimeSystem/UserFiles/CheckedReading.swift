#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OpenFile {
    /// Opens a file a person named for reading, refusing any kind not in `kinds` before reading a byte.
    ///
    /// The open uses `O_NONBLOCK`, so a FIFO without a writer or a device that would wait never blocks
    /// it; the descriptor is then examined with `fstat` (the file actually opened, not a path that could
    /// be swapped), and `O_NONBLOCK` is cleared again so that reading a pipe that has a writer waits for
    /// its data. A symbolic link is followed: what counts is the kind of its target.
    package init(readingAt path: String, accepting kinds: Set<FileKind>) throws(FileAccessError) {
        guard !path.isEmpty else { throw FileAccessError(path: path, access: .read, reason: .emptyPath) }
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let descriptor = retryingOnInterrupt { open(path, flags) }
        guard descriptor >= 0 else {
            let failure = SystemError.current("open")
            // A socket (ENXIO) or a device without a driver (ENODEV, ENXIO): say what the path is.
            if let kind = try? FileSystem.kind(ofPath: path, followingLinks: true), !kinds.contains(kind), kind != .regular {
                throw FileAccessError(path: path, access: .read, reason: kind == .directory ? .isDirectory : .notRegularFile(kind))
            }
            throw FileAccessError(path: path, access: .read, failure)
        }
        let file = OpenFile(takingOwnershipOf: descriptor)
        let kind: FileKind
        do { kind = try file.kind() } catch { throw FileAccessError(path: path, access: .read, error) }
        guard kinds.contains(kind) else {
            throw FileAccessError(path: path, access: .read, reason: kind == .directory ? .isDirectory : .notRegularFile(kind))
        }
        let status = fcntl(descriptor, F_GETFL)
        guard status >= 0, fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) == 0 else {
            throw FileAccessError(path: path, access: .read, SystemError.current("fcntl"))
        }
        self = file
    }
}

extension FileSystem {
    /// The whole contents of the regular file at `path` (a key, a policy), at most `byteLimit` bytes.
    ///
    /// Anything but a regular file (directory, FIFO, device, socket) is refused without blocking and
    /// without reading; a file larger than `byteLimit` is refused, also when it grows while being read.
    package static func readRegularFile(atPath path: String, byteLimit: Int) throws(FileAccessError) -> [UInt8] {
        let file = try OpenFile(readingAt: path, accepting: [.regular])
        let limit = max(0, byteLimit)
        let size: Int64
        do { size = try file.size() } catch { throw FileAccessError(path: path, access: .read, error) }
        guard size <= Int64(limit) else { throw FileAccessError(path: path, access: .read, reason: .tooLarge(limit: limit)) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        var contents: [UInt8] = []
        contents.reserveCapacity(Int(size))
        // Read until end of file; a file that grew past the limit since fstat is noticed here.
        while true {
            let count: Int
            do { count = try file.read(into: chunk) } catch { throw FileAccessError(path: path, access: .read, error) }
            if count == 0 { break }
            contents.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            guard contents.count <= limit else { throw FileAccessError(path: path, access: .read, reason: .tooLarge(limit: limit)) }
        }
        return contents
    }
}
