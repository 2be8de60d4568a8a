#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected stream socket (TCP or Unix-domain) in non-blocking mode whose every wait ends at a deadline.
///
/// Deadlines are absolute readings of ``SystemClock/bootNanoseconds()``. A wait that reaches its deadline throws
/// `SystemError` with code `ETIMEDOUT` (see ``SystemError/meansTimedOut``). One owner at a time.
package final class StreamSocket {
    /// The file descriptor; -1 once closed.
    package private(set) var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// A connection ``StreamListener`` accepted (already non-blocking).
    init(acceptedDescriptor descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Connects to a TCP `address`, giving up at `deadline`.
    package static func connect(to address: SocketAddress, deadline: Int64) throws(SystemError) -> StreamSocket {
        let socket = try StreamSocket(descriptor: openNonBlockingStreamSocket(family: address.rawFamily))
        let status = address.withSockaddr { pointer, length in connectSocket(socket.descriptor, pointer, length) }
        try socket.finishConnect(status: status, deadline: deadline)
        var one: Int32 = 1
        _ = setsockopt(socket.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    /// Connects to a TCP `address` from the local address `source` (port 0: any), giving up at `deadline`: a test's
    /// second client on loopback (127.0.0.2) is another client to a server that tells clients apart by address.
    package static func connect(to address: SocketAddress, from source: SocketAddress, deadline: Int64) throws(SystemError) -> StreamSocket {
        let socket = try StreamSocket(descriptor: openNonBlockingStreamSocket(family: address.rawFamily))
        guard source.withSockaddr({ bindSocket(socket.descriptor, $0, $1) }) == 0 else {
            let error = SystemError.current("bind")
            socket.close()
            throw error
        }
        let status = address.withSockaddr { pointer, length in connectSocket(socket.descriptor, pointer, length) }
        try socket.finishConnect(status: status, deadline: deadline)
        var one: Int32 = 1
        _ = setsockopt(socket.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    /// Connects to the Unix-domain socket at `path`, giving up at `deadline`. A path longer than the system's
    /// `sun_path` fails with `ENAMETOOLONG`.
    package static func connect(unixPath path: String, deadline: Int64) throws(SystemError) -> StreamSocket {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
            throw SystemError(code: ENAMETOOLONG, operation: "connect(\(path))")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        #if canImport(Darwin)
        address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        let socket = try StreamSocket(descriptor: openNonBlockingStreamSocket(family: AF_UNIX))
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                connectSocket(socket.descriptor, raw, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try socket.finishConnect(status: status, deadline: deadline)
        return socket
    }

    /// Closes the socket; later calls do nothing.
    package func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Reads up to `buffer.count` bytes, waiting until `deadline` for the first; 0 means the peer closed its side.
    /// `waitingFirst` polls before the first read, saving a read that would only say "not yet" when an answer was
    /// just asked for.
    package func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Int64, waitingFirst: Bool = false) throws(SystemError) -> Int {
        guard buffer.count > 0 else { return 0 }
        if waitingFirst { try wait(for: Int16(POLLIN), deadline: deadline, operation: "read") }
        while true {
            let fd = try openDescriptor("read")
            let count = retryingOnInterrupt { systemRead(fd, buffer.baseAddress, buffer.count) }
            if count >= 0 { return count }
            let error = SystemError.current("read")
            guard error.meansWouldBlock else { throw error }
            try wait(for: Int16(POLLIN), deadline: deadline, operation: "read")
        }
    }

    /// Writes every byte of `bytes` before `deadline`, retrying short writes.
    package func writeAll(_ bytes: UnsafeRawBufferPointer, deadline: Int64) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let fd = try openDescriptor("send")
            let written = retryingOnInterrupt {
                systemSend(fd, bytes.baseAddress! + offset, bytes.count - offset, streamSendFlags)
            }
            if written > 0 {
                offset += written
                continue
            }
            let error = written < 0 ? SystemError.current("send") : SystemError(code: EPIPE, operation: "send")
            guard error.meansWouldBlock else { throw error }
            try wait(for: Int16(POLLOUT), deadline: deadline, operation: "send")
        }
    }

    /// Ends this side's writing (the peer reads the end of the stream); reading stays open, so a refusal can be
    /// followed by reading what the peer still sends before closing (closing with unread bytes resets the connection
    /// and the peer may lose the answer).
    package func shutdownWrite() {
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_WR)) }
    }

    /// Ends reading on the connection whose descriptor is `descriptor`, from any thread: a read or wait blocked on
    /// it returns at once as if the peer had closed (a server that stops wakes its idle connections this way). The
    /// caller makes sure the descriptor is still that connection's (not closed and reused meanwhile).
    package static func shutdownReading(descriptor: Int32) {
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_RD)) }
    }

    /// True when reading would not block: bytes are waiting, or the peer closed or reset the connection.
    /// An idle connection that is readable has been told something unasked (usually that the server is going away).
    package var isReadableWithoutWaiting: Bool {
        guard descriptor >= 0 else { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    private func openDescriptor(_ operation: String) throws(SystemError) -> Int32 {
        guard descriptor >= 0 else { throw SystemError(code: EBADF, operation: operation) }
        return descriptor
    }

    /// Completes a non-blocking `connect` that ended with `status` (0 or an `errno`): waits for writability, then
    /// reads `SO_ERROR`. Closes the socket on failure.
    private func finishConnect(status: Int32, deadline: Int64) throws(SystemError) {
        do throws(SystemError) {
            if status == 0 { return }
            guard status == EINPROGRESS || status == EINTR else { throw SystemError(code: status, operation: "connect") }
            try wait(for: Int16(POLLOUT), deadline: deadline, operation: "connect")
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else {
                throw SystemError.current("getsockopt")
            }
            if pending != 0 { throw SystemError(code: pending, operation: "connect") }
        } catch {
            close()
            throw error
        }
    }

    /// Waits until `events` are ready (or the socket is in error), or throws `ETIMEDOUT` at `deadline`.
    private func wait(for events: Int16, deadline: Int64, operation: String) throws(SystemError) {
        while true {
            let remaining = deadline - SystemClock.bootNanoseconds()
            guard remaining > 0 else { throw SystemError(code: ETIMEDOUT, operation: operation) }
            var entry = pollfd(fd: try openDescriptor(operation), events: events, revents: 0)
            let milliseconds = Int32(clamping: (remaining + 999_999) / 1_000_000)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw SystemError.current("poll") }
        }
    }
}

extension SystemError {
    /// True when a wait reached its deadline (or the kernel gave up on a connection attempt).
    package var meansTimedOut: Bool { code == ETIMEDOUT }

    /// True when the peer closed or reset the connection.
    package var meansConnectionLost: Bool { [EPIPE, ECONNRESET, ENOTCONN, ESHUTDOWN].contains(code) }
}

#if canImport(Darwin)
private let streamSendFlags: Int32 = 0
#else
private let streamSendFlags = Int32(MSG_NOSIGNAL)
#endif

/// A non-blocking, close-on-exec stream socket of `family` (on Darwin also without SIGPIPE).
private func openNonBlockingStreamSocket(family: Int32) throws(SystemError) -> Int32 {
    #if canImport(Darwin)
    let fd = socket(family, SOCK_STREAM, 0)
    guard fd >= 0 else { throw SystemError.current("socket") }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
    #else
    let type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
    let fd = socket(family, type, 0)
    guard fd >= 0 else { throw SystemError.current("socket") }
    return fd
    #endif
}

/// `connect` once: 0, or the `errno` it set. A non-blocking socket reports `EINPROGRESS` (or `EINTR`) and
/// completes in the background.
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length) == 0 ? 0 : errno
}
