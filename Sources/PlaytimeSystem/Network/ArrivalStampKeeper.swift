#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the kernel's receive stamping switched on while it lives, so that the first reply on a fresh
/// socket is stamped at its arrival.
///
/// Linux stamps incoming packets only while some socket has asked for stamps, and switches stamping on
/// asynchronously: on a machine where nothing else keeps it on (no chronyd), a socket that asks right
/// before sending gets replies stamped at `recvmsg` instead of at arrival for the next few milliseconds
/// (3.7–7 ms measured on this project's machine), which covers every loopback or LAN exchange. An idle
/// socket holding `SO_TIMESTAMPNS` for as long as a transport lives keeps it on, as chronyd's socket does;
/// the cost is one descriptor and a clock read per packet the machine receives. Darwin stamps per socket
/// with no such switch: nothing is held there.
package final class ArrivalStampKeeper: Sendable {
    /// The idle socket, or -1 when none is held (Darwin, or the socket could not be opened).
    package let descriptor: Int32

    /// Opens the idle socket where it helps; never fails (without it, stamps may just come later).
    package init() {
        #if canImport(Glibc)
        let fd = openNonBlockingDatagramSocket(family: AF_INET)
        var enabled: Int32 = 1
        if fd >= 0, setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &enabled, socklen_t(MemoryLayout<Int32>.size)) != 0 {
            _ = systemClose(fd)
            descriptor = -1
        } else {
            descriptor = fd
        }
        #else
        descriptor = -1
        #endif
    }

    /// True when this keeper holds a socket with receive stamps on.
    package var isHolding: Bool { descriptor >= 0 }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }
}
