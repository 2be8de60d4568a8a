#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor owned by this value: closed exactly once, by ``close()`` or on deinit.
///
/// Every call retries on `EINTR` and reports failure as a ``SystemError`` naming the call.
package struct OpenFile: ~Copyable, Sendable {
    /// The raw descriptor number.
    package let rawDescriptor: Int32

    /// How to open a file; combine with `[.readWrite, .create, .append]` and so on.
    package struct Options: OptionSet, Sendable {
        /// The combined option bits.
        package let rawValue: Int
        /// Creates options from raw bits.
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Open for reading and writing (reading only when absent).
        package static let readWrite = Options(rawValue: 1 << 0)
        /// Create the file when it does not exist.
        package static let create = Options(rawValue: 1 << 1)
        /// Fail with `EEXIST` when the file exists (with `.create`).
        package static let exclusive = Options(rawValue: 1 << 2)
        /// Every write goes to the current end of the file (`O_APPEND`).
        package static let append = Options(rawValue: 1 << 3)

        /// The `open(2)` flags for these options; descriptors are always close-on-exec.
        var systemFlags: Int32 {
            var flags: Int32 = contains(.readWrite) ? O_RDWR : O_RDONLY
            if contains(.create) { flags |= O_CREAT }
            if contains(.exclusive) { flags |= O_EXCL }
            if contains(.append) { flags |= O_APPEND }
            return flags | O_CLOEXEC
        }
    }

    /// Takes ownership of an already open descriptor.
    package init(takingOwnershipOf rawDescriptor: Int32) {
        self.rawDescriptor = rawDescriptor
    }

    /// Opens `path`; new files get `permissions` (before the umask), 0600 by default.
    package init(path: String, options: Options, permissions: UInt32 = 0o600) throws(SystemError) {
        let flags = options.systemFlags
        let descriptor = retryingOnInterrupt { open(path, flags, mode_t(permissions)) }
        guard descriptor >= 0 else { throw SystemError.current("open") }
        rawDescriptor = descriptor
    }

    deinit {
        _ = systemClose(rawDescriptor)
    }

    /// Closes the descriptor now. `EINTR` from `close` is not retried (the descriptor is gone either way).
    package consuming func close() throws(SystemError) {
        let descriptor = rawDescriptor
        discard self
        if systemClose(descriptor) != 0 && errno != EINTR { throw SystemError.current("close") }
    }

    /// Reads up to `buffer.count` bytes at the current offset; returns 0 at end of file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = retryingOnInterrupt { systemRead(rawDescriptor, base, buffer.count) }
        guard count >= 0 else { throw SystemError.current("read") }
        return count
    }

    /// Writes all of `bytes`, continuing after short writes and `EINTR`.
    ///
    /// On failure some prefix of `bytes` may already be in the file.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        try OpenFile.writeAll(bytes, toRawDescriptor: rawDescriptor)
    }

    /// Writes all of `bytes` (an array), continuing after short writes and `EINTR`.
    package func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { buffer in
            do throws(SystemError) { try OpenFile.writeAll(buffer, toRawDescriptor: rawDescriptor) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` to a descriptor this value does not own, such as standard output (1).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, toRawDescriptor descriptor: Int32) throws(SystemError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = retryingOnInterrupt { fileWrite(descriptor, next, remaining) }
            guard written > 0 else {
                if written == 0 { throw SystemError(code: EIO, operation: "write") }
                throw SystemError.current("write")
            }
            next += written
            remaining -= written
        }
    }

    /// Flushes the file's data and metadata to stable storage (`fsync`).
    package func sync() throws(SystemError) {
        guard retryingOnInterrupt({ fsync(rawDescriptor) }) == 0 else { throw SystemError.current("fsync") }
    }

    /// Cuts or extends the file to exactly `length` bytes (`ftruncate`).
    package func truncate(to length: Int64) throws(SystemError) {
        guard retryingOnInterrupt({ ftruncate(rawDescriptor, off_t(length)) }) == 0 else {
            throw SystemError.current("ftruncate")
        }
    }

    /// Moves the read offset to `offset` bytes from the start (`lseek`).
    package func seek(to offset: Int64) throws(SystemError) {
        guard lseek(rawDescriptor, off_t(offset), SEEK_SET) >= 0 else { throw SystemError.current("lseek") }
    }

    /// The file's current size in bytes (`fstat`).
    package func size() throws(SystemError) -> Int64 {
        var info = stat()
        guard fstat(rawDescriptor, &info) == 0 else { throw SystemError.current("fstat") }
        return Int64(info.st_size)
    }

    /// Takes an exclusive advisory lock without waiting (`flock`); false when another holder has it.
    ///
    /// The lock lasts until the descriptor is closed.
    package func tryLockExclusive() throws(SystemError) -> Bool {
        if retryingOnInterrupt({ flock(rawDescriptor, LOCK_EX | LOCK_NB) }) == 0 { return true }
        if errno == EWOULDBLOCK || errno == EAGAIN { return false }
        throw SystemError.current("flock")
    }
}

/// `write(2)` by its module-qualified name, since `write` clashes with Swift methods.
@inline(__always)
private func fileWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, buffer, count)
    #else
    return Glibc.write(descriptor, buffer, count)
    #endif
}
