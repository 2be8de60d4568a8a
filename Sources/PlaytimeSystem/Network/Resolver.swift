#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a host name did not resolve.
package struct ResolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `getaddrinfo` return code (`EAI_*`).
    package let code: Int32
    /// The host that was asked for.
    package let host: String

    /// Creates an error from a `getaddrinfo` code.
    package init(code: Int32, host: String) {
        self.code = code
        self.host = host
    }

    /// `HOST did not resolve: WHY`, in plain words (no call name, no code).
    package var description: String {
        "\(host) did not resolve: \(plainWords)"
    }

    /// Why, in words.
    package var plainWords: String {
        switch code {
        case EAI_NONAME: return "no such host is known"
        case EAI_AGAIN: return "the name server did not answer (try again later)"
        case EAI_FAIL: return "the name server failed"
        case EAI_FAMILY: return "no address of a usable family"
        case EAI_MEMORY: return "out of memory"
        default:
            let text = String(cString: gai_strerror(code))
            guard let first = text.first, !text.hasPrefix("Unknown error") else { return "the resolver failed" }
            return first.lowercased() + text.dropFirst()
        }
    }
}

/// Host-name resolution through the system resolver.
package enum Resolver {
    /// Every UDP address of `host` (IPv6 and IPv4, in the resolver's preferred order, duplicates removed).
    /// Numeric addresses are parsed without asking the resolver.
    package static func resolveUDP(host: String, port: UInt16) -> Result<[SocketAddress], ResolveError> {
        #if canImport(Darwin)
        resolve(host: host, port: port, socketType: SOCK_DGRAM, protocol: CInt(IPPROTO_UDP))
        #else
        resolve(host: host, port: port, socketType: CInt(SOCK_DGRAM.rawValue), protocol: CInt(IPPROTO_UDP))
        #endif
    }

    /// `getaddrinfo` for one socket type: every address, in the resolver's order, duplicates removed.
    static func resolve(host: String, port: UInt16, socketType: CInt, protocol transport: CInt) -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = socketType
        hints.ai_protocol = transport
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0 else { return .failure(ResolveError(code: code, host: host)) }
        defer { freeaddrinfo(list) }
        var result: [SocketAddress] = []
        var cursor = list
        while let entry = cursor {
            if let raw = entry.pointee.ai_addr,
                let address = SocketAddress(raw: raw, length: Int(entry.pointee.ai_addrlen)),
                !result.contains(address)
            {
                result.append(address)
            }
            cursor = entry.pointee.ai_next
        }
        return result.isEmpty ? .failure(ResolveError(code: EAI_NONAME, host: host)) : .success(result)
    }
}
