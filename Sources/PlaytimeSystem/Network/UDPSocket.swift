#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking UDP socket connected to one peer on a kernel-chosen ephemeral port.
/// A connected socket receives only datagrams from that peer, and reports ICMP errors.
package final class UDPSocket {
    /// The file descriptor; valid until `close()` or deinit.
    package private(set) var descriptor: Int32
    /// The peer the socket is connected to.
    package let peer: SocketAddress

    /// Opens a socket of the peer's family and connects it. No packet is sent.
    package init(connectedTo peer: SocketAddress) throws(SystemError) {
        let fd = openNonBlockingDatagramSocket(family: peer.rawFamily)
        guard fd >= 0 else { throw SystemError.current("socket") }
        let status = peer.withSockaddr { address, length in
            retryingOnInterrupt { connect(fd, address, length) }
        }
        if status != 0 {
            let error = SystemError.current("connect")
            _ = systemClose(fd)
            throw error
        }
        self.descriptor = fd
        self.peer = peer
    }

    deinit { close() }

    /// Closes the socket; later calls do nothing.
    package func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Sends one datagram.
    package func send(_ bytes: [UInt8]) throws(SystemError) {
        let sent = bytes.withUnsafeBytes { raw in
            retryingOnInterrupt { systemSend(descriptor, raw.baseAddress, raw.count, 0) }
        }
        guard sent >= 0 else { throw SystemError.current("send") }
    }

    /// Receives one datagram into `buffer`; returns its length, or `nil` when none is waiting.
    package func receive(into buffer: inout [UInt8]) throws(SystemError) -> Int? {
        let count = buffer.withUnsafeMutableBytes { raw in
            retryingOnInterrupt { recv(descriptor, raw.baseAddress, raw.count, 0) }
        }
        if count >= 0 { return count }
        let error = SystemError.current("recv")
        if error.meansWouldBlock { return nil }
        throw error
    }
}
