#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the local interfaces say about reaching a network, without sending anything.
package struct InterfaceSummary: Sendable, Equatable {
    /// Names of interfaces that are up, running, not loopback, and carry an IPv4 or IPv6 address.
    package var usableInterfaces: [String]
    /// True when the loopback interface is up with an address.
    package var loopbackUp: Bool

    /// True when at least one non-loopback interface could carry traffic.
    package var hasUsableInterface: Bool { !usableInterfaces.isEmpty }
}

/// Reads the interface table (`getifaddrs`) and probes routes with unconnected-to-connected UDP sockets.
package enum NetworkInterfaces {
    /// Summarises the interfaces that could carry traffic.
    package static func summary() -> InterfaceSummary {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return InterfaceSummary(usableInterfaces: [], loopbackUp: false) }
        defer { freeifaddrs(list) }
        var usable: [String] = []
        var loopback = false
        var cursor = list
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let flags = Int32(bitPattern: UInt32(entry.pointee.ifa_flags))
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_RUNNING) != 0 else { continue }
            if flags & Int32(IFF_LOOPBACK) != 0 {
                loopback = true
                continue
            }
            let name = String(cString: entry.pointee.ifa_name)
            if !usable.contains(name) { usable.append(name) }
        }
        return InterfaceSummary(usableInterfaces: usable, loopbackUp: loopback)
    }

    /// Asks the kernel for a route to `address` by connecting a UDP socket (no packet is sent).
    /// Returns `nil` when a route exists, or the error that says why not.
    package static func routeProblem(to address: SocketAddress) -> SystemError? {
        do {
            let socket = try UDPSocket(connectedTo: address)
            socket.close()
            return nil
        } catch {
            return error
        }
    }
}
