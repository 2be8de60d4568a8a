#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TCPConnection {
    /// Bounds every later write: a `send` that cannot make progress for `nanoseconds` (a peer that stopped
    /// reading) fails instead of blocking forever, so `writeAll` throws. At least a millisecond.
    package func setWriteTimeout(nanoseconds: Int64) throws(SystemError) {
        let total = max(1_000_000, nanoseconds)
        var value = timeval()
        value.tv_sec = .init(total / 1_000_000_000)
        value.tv_usec = .init((total % 1_000_000_000) / 1_000)
        let status = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        guard status == 0 else { throw SystemError.current("setsockopt") }
    }

    /// Ends this side's writing (the peer reads the end of the stream) while reading stays open: a server
    /// that refused a request reads what the client still sends, so closing then does not reset the
    /// connection before the client read the refusal.
    package func shutdownWrite() {
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_WR)) }
    }
}
