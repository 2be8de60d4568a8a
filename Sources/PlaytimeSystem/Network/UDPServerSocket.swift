#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking UDP socket bound to a local address, answering many peers (test servers, examples).
package final class UDPServerSocket {
    /// The file descriptor; valid until `close()` or deinit.
    package private(set) var descriptor: Int32
    /// The address actually bound (with the kernel-chosen port when 0 was asked).
    package let localAddress: SocketAddress

    /// Binds to `address` (use port 0 for any free port).
    package init(bindingTo address: SocketAddress) throws(SystemError) {
        let fd = openNonBlockingDatagramSocket(family: address.rawFamily)
        guard fd >= 0 else { throw SystemError.current("socket") }
        let bound = try address.bind(fd)
        descriptor = fd
        localAddress = bound
    }

    deinit { close() }

    /// Closes the socket; later calls do nothing.
    package func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Receives one datagram and its sender, or `nil` when none is waiting.
    package func receive(into buffer: inout [UInt8]) throws(SystemError) -> (count: Int, sender: SocketAddress)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = descriptor
        let count = buffer.withUnsafeMutableBytes { raw in
            withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    retryingOnInterrupt { recvfrom(fd, raw.baseAddress, raw.count, 0, address, &length) }
                }
            }
        }
        if count < 0 {
            let error = SystemError.current("recvfrom")
            if error.meansWouldBlock { return nil }
            throw error
        }
        let sender: SocketAddress? = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress(raw: $0, length: Int(length)) }
        }
        guard let sender else { return nil }
        return (count, sender)
    }

    /// Sends one datagram to `peer`.
    package func send(_ bytes: [UInt8], to peer: SocketAddress) throws(SystemError) {
        let fd = descriptor
        let sent = bytes.withUnsafeBytes { raw in
            peer.withSockaddr { address, length in
                retryingOnInterrupt { sendto(fd, raw.baseAddress, raw.count, 0, address, length) }
            }
        }
        guard sent >= 0 else { throw SystemError.current("sendto") }
    }
}
