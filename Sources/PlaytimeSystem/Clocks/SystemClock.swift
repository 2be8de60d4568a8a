#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Direct readings of this machine's clocks, in nanoseconds.
package enum SystemClock {
    /// The wall clock (UTC, since 1970-01-01), which the device owner can set.
    package static func wallNanoseconds() -> Int64 {
        readClock(CLOCK_REALTIME)
    }

    /// A clock that counts device sleep and cannot be set: Linux `CLOCK_BOOTTIME`,
    /// Darwin `CLOCK_MONOTONIC_RAW` (continuous time). Restarts from zero at each boot.
    package static func bootNanoseconds() -> Int64 {
        #if canImport(Darwin)
        return Int64(clamping: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
        #else
        return readClock(CLOCK_BOOTTIME)
        #endif
    }

    /// Blocks the calling thread for `nanoseconds` (at least; a signal that interrupts the sleep resumes it).
    package static func pause(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// An identifier that is new at every boot: Linux `/proc/sys/kernel/random/boot_id`,
    /// Darwin `kern.bootsessionuuid`. `nil` if the system does not provide one.
    package static func bootIdentifier() -> String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
        #else
        let fd = retryingOnInterrupt { open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { _ = systemClose(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { raw in
            retryingOnInterrupt { systemRead(fd, raw.baseAddress, raw.count) }
        }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
            .trimmingCharacters(in: " \n\t\r")
        return text.isEmpty ? nil : text
        #endif
    }

    private static func readClock(_ clock: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
