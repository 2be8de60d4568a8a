#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for sockets to become readable.
package enum Poller {
    /// Waits up to `timeoutNanoseconds` (rounded up to a millisecond) for any of `descriptors` to be readable
    /// or in error. Returns one flag per descriptor. An interrupted wait returns early with no flags set;
    /// callers loop on their own deadline.
    package static func waitReadable(_ descriptors: [Int32], timeoutNanoseconds: Int64) throws(SystemError) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(clamping: max(0, (timeoutNanoseconds + 999_999) / 1_000_000))
        let ready = entries.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
        }
        if ready < 0 {
            if errno == EINTR { return Array(repeating: false, count: descriptors.count) }
            throw SystemError.current("poll")
        }
        return entries.map { $0.revents != 0 }
    }
}
