#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP stream (a connection accepted by `TCPListener`, or one opened to a server).
/// For the examples' small loopback HTTP server and client; one owner at a time.
package final class TCPConnection {
    /// The file descriptor; -1 once closed.
    package private(set) var descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Connects to `address` (blocking).
    package init(connectingTo address: SocketAddress) throws(SystemError) {
        let fd = socket(address.rawFamily, streamType, 0)
        guard fd >= 0 else { throw SystemError.current("socket") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let status = address.withSockaddr { pointer, length in retryingOnInterrupt { connect(fd, pointer, length) } }
        guard status == 0 else {
            let error = SystemError.current("connect")
            _ = systemClose(fd)
            throw error
        }
        descriptor = fd
    }

    deinit { close() }

    /// Closes the connection; later calls do nothing.
    package func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Reads up to `buffer.count` bytes; 0 means the peer closed its side.
    package func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        let fd = descriptor
        let count = buffer.withUnsafeMutableBytes { raw in retryingOnInterrupt { systemRead(fd, raw.baseAddress, raw.count) } }
        guard count >= 0 else { throw SystemError.current("read") }
        return count
    }

    /// Writes every byte, retrying short writes.
    package func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        let fd = descriptor
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                retryingOnInterrupt { systemSend(fd, raw.baseAddress! + offset, raw.count - offset, sendFlags) }
            }
            guard written > 0 else { throw SystemError.current("send") }
            offset += written
        }
    }
}

/// A listening TCP socket bound to a local address (use port 0 for any free port).
package final class TCPListener {
    /// The file descriptor; -1 once closed.
    package private(set) var descriptor: Int32
    /// The bound address, with the kernel-chosen port.
    package let localAddress: SocketAddress

    /// Binds and listens.
    package init(bindingTo address: SocketAddress, backlog: Int32 = 64) throws(SystemError) {
        let fd = socket(address.rawFamily, streamType, 0)
        guard fd >= 0 else { throw SystemError.current("socket") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = try address.bind(fd) { listen($0, backlog) }
        descriptor = fd
        localAddress = bound
    }

    deinit { close() }

    /// Stops listening; a blocked `accept` then fails.
    package func close() {
        if descriptor >= 0 {
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Waits up to `timeoutNanoseconds` for a connection; `nil` when none arrived in time.
    package func accept(timeoutNanoseconds: Int64) throws(SystemError) -> TCPConnection? {
        let fd = descriptor
        guard fd >= 0 else { throw SystemError(code: EBADF, operation: "accept") }
        guard try Poller.waitReadable([fd], timeoutNanoseconds: timeoutNanoseconds).first == true else { return nil }
        let client = retryingOnInterrupt { acceptConnection(fd) }
        guard client >= 0 else { throw SystemError.current("accept") }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return TCPConnection(descriptor: client)
    }
}

#if canImport(Darwin)
private let streamType = SOCK_STREAM
private let sendFlags: Int32 = 0
#else
private let streamType = CInt(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#endif

private func acceptConnection(_ fd: Int32) -> Int32 {
    accept(fd, nil, nil)
}
