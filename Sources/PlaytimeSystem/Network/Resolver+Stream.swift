#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Resolver {
    /// Every TCP address of `host` (IPv6 and IPv4, in the resolver's preferred order, duplicates removed).
    /// Numeric addresses are parsed without asking the resolver.
    package static func resolveTCP(host: String, port: UInt16) -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
        #endif
        hints.ai_protocol = CInt(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0 else { return .failure(ResolveError(code: code, host: host)) }
        defer { freeaddrinfo(list) }
        var result: [SocketAddress] = []
        var cursor = list
        while let entry = cursor {
            if let raw = entry.pointee.ai_addr,
               let address = SocketAddress(raw: raw, length: Int(entry.pointee.ai_addrlen)),
               !result.contains(address) {
                result.append(address)
            }
            cursor = entry.pointee.ai_next
        }
        return result.isEmpty ? .failure(ResolveError(code: EAI_NONAME, host: host)) : .success(result)
    }
}
