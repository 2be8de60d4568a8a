#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: the `errno` it set and the operation that failed.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value.
    package let code: Int32
    /// The name of the call that failed, such as `"connect"`.
    package let operation: String

    /// Creates an error from an `errno` value and the failing call's name.
    package init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// Captures the current `errno` for `operation`.
    static func current(_ operation: String) -> SystemError {
        SystemError(code: errno, operation: operation)
    }

    /// The system's text for the error code.
    package var message: String { String(cString: strerror(code)) }

    /// `operation: message (errno N)`.
    package var description: String { "\(operation): \(message) (errno \(code))" }

    /// True when the kernel has no route or no usable local address for the destination.
    package var meansNoRoute: Bool {
        [ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL, EAFNOSUPPORT, ENETDOWN].contains(code)
    }

    /// True when the peer answered with ICMP port unreachable (seen as `ECONNREFUSED` on a connected UDP socket).
    package var meansRefused: Bool { code == ECONNREFUSED }

    /// True when a non-blocking call would have blocked.
    var meansWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
}

/// Runs a system call, retrying it while it fails with `EINTR`. The one place that handles interruption.
@inline(__always)
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
