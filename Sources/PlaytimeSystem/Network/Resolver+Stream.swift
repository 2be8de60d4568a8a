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
        #if canImport(Darwin)
        resolve(host: host, port: port, socketType: SOCK_STREAM, protocol: CInt(IPPROTO_TCP))
        #else
        resolve(host: host, port: port, socketType: CInt(SOCK_STREAM.rawValue), protocol: CInt(IPPROTO_TCP))
        #endif
    }
}
