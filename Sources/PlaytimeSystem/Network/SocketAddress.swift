#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address with a port, as the socket calls take it.
package struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// Address family of the address.
    package enum Family: Sendable, Hashable {
        /// IPv4.
        case ipv4
        /// IPv6.
        case ipv6
    }

    /// The raw `sockaddr_in` or `sockaddr_in6` bytes.
    let storage: [UInt8]
    /// IPv4 or IPv6.
    package let family: Family

    init?(raw: UnsafePointer<sockaddr>, length: Int) {
        let rawFamily = Int32(raw.pointee.sa_family)
        if rawFamily == AF_INET, length >= MemoryLayout<sockaddr_in>.size {
            family = .ipv4
            storage = Array(UnsafeRawBufferPointer(start: raw, count: MemoryLayout<sockaddr_in>.size))
        } else if rawFamily == AF_INET6, length >= MemoryLayout<sockaddr_in6>.size {
            family = .ipv6
            storage = Array(UnsafeRawBufferPointer(start: raw, count: MemoryLayout<sockaddr_in6>.size))
        } else {
            return nil
        }
    }

    /// Parses a numeric IPv4 (`127.0.0.1`) or IPv6 (`::1`) address; `nil` for anything else.
    package init?(numericHost host: String, port: UInt16) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            #if canImport(Darwin)
            v4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            family = .ipv4
            storage = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            #if canImport(Darwin)
            v6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            family = .ipv6
            storage = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// The port in host byte order.
    package var port: UInt16 {
        storage.withUnsafeBytes { raw in
            switch family {
            case .ipv4: return UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
            case .ipv6: return UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
            }
        }
    }

    /// The numeric host, such as `127.0.0.1` or `::1`.
    package var host: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok: Bool = storage.withUnsafeBytes { raw in
            switch family {
            case .ipv4:
                var address = raw.load(as: sockaddr_in.self).sin_addr
                return inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count)) != nil
            case .ipv6:
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                return inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil
            }
        }
        guard ok else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `127.0.0.1:123` or `[::1]:123`.
    package var description: String {
        family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// True for 127.0.0.0/8 and ::1.
    package var isLoopback: Bool {
        switch family {
        case .ipv4: return storage.withUnsafeBytes { UInt32(bigEndian: $0.load(as: sockaddr_in.self).sin_addr.s_addr) >> 24 == 127 }
        case .ipv6: return host == "::1"
        }
    }

    /// Binds `fd` to this address (and runs `then`, e.g. `listen`), returning the address actually bound;
    /// on any failure closes `fd` and throws.
    func bind(_ fd: Int32, then: (Int32) -> Int32 = { _ in 0 }) throws(SystemError) -> SocketAddress {
        guard withSockaddr({ PlaytimeSystem.bindSocket(fd, $0, $1) }) == 0, then(fd) == 0 else {
            let error = SystemError.current("bind")
            _ = systemClose(fd)
            throw error
        }
        do { return try SocketAddress.boundAddress(of: fd) } catch {
            _ = systemClose(fd)
            throw error
        }
    }

    /// The local address `fd` is bound to (`getsockname`).
    static func boundAddress(of fd: Int32) throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let bound: SocketAddress? = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                getsockname(fd, raw, &length) == 0 ? SocketAddress(raw: raw, length: Int(length)) : nil
            }
        }
        guard let bound else { throw SystemError.current("getsockname") }
        return bound
    }

    var rawFamily: Int32 { family == .ipv4 ? AF_INET : AF_INET6 }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        storage.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }
}
