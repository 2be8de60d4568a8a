#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket whose accepted connections are ``StreamSocket``s (non-blocking, every wait bounded by a
/// deadline): the service's listener (docs/service.md). One thread accepts; any thread may ``wake()`` it.
package final class StreamListener: @unchecked Sendable {
    // @unchecked: `descriptor` is written once by `init` and by `close()`, which the owner calls after the accepting
    // thread has left `accept`; `wake()` only calls `shutdown` on it, which the kernel serializes.
    /// The file descriptor; -1 once closed.
    package private(set) var descriptor: Int32
    /// The bound address, with the kernel-chosen port when port 0 was asked for.
    package let localAddress: SocketAddress

    /// Binds `address` (with `SO_REUSEADDR`) and listens with room for `backlog` connections not yet accepted.
    package init(bindingTo address: SocketAddress, backlog: Int32 = 511) throws(SystemError) {
        let fd = socket(address.rawFamily, listenerStreamType, 0)
        guard fd >= 0 else { throw SystemError.current("socket") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        localAddress = try address.bind(fd) { listen($0, backlog) }
        descriptor = fd
    }

    deinit { close() }

    /// Stops listening; later calls do nothing.
    package func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Makes a thread blocked in ``accept(timeoutNanoseconds:)`` return at once (with `nil`), and every later call
    /// too: the listener takes no more connections.
    package func wake() {
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Waits up to `timeoutNanoseconds` for a connection: the connection (non-blocking, close-on-exec, `TCP_NODELAY`)
    /// and the peer's address, or `nil` when none came in time or the listener was woken. A connection that the
    /// peer reset before it was accepted is skipped (`nil`), as are the kernel's transient refusals (no memory, too
    /// many open files: the caller tries again and the backlog waits).
    package func accept(timeoutNanoseconds: Int64) throws(SystemError) -> (StreamSocket, SocketAddress?)? {
        let fd = descriptor
        guard fd >= 0 else { throw SystemError(code: EBADF, operation: "accept") }
        guard try Poller.waitReadable([fd], timeoutNanoseconds: timeoutNanoseconds).first == true else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client: Int32 = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                retryingOnInterrupt { acceptNonBlocking(fd, raw, &length) }
            }
        }
        guard client >= 0 else {
            let error = SystemError.current("accept")
            // Transient: the peer gave up, or the process is out of descriptors or memory for a moment.
            if [ECONNABORTED, EAGAIN, EWOULDBLOCK, EMFILE, ENFILE, ENOBUFS, ENOMEM, EPROTO, EPERM].contains(error.code) { return nil }
            // A woken (shut down) listener reports EINVAL: no more connections.
            if error.code == EINVAL { return nil }
            throw error
        }
        var one: Int32 = 1
        _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let peer: SocketAddress? = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress(raw: $0, length: Int(length)) }
        }
        return (StreamSocket(acceptedDescriptor: client), peer)
    }
}

#if canImport(Darwin)
private let listenerStreamType = SOCK_STREAM
#else
private let listenerStreamType = CInt(SOCK_STREAM.rawValue)
#endif

/// `accept`, the connection made non-blocking and close-on-exec (and on Darwin without `SIGPIPE`). Glibc's module does
/// not export `accept4`; a connection is accepted once and then lives for many requests, so two more calls cost little.
private func acceptNonBlocking(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    let client = accept(fd, address, length)
    guard client >= 0 else { return client }
    _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
    var one: Int32 = 1
    _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return client
}
