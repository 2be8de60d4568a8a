#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches in raw memory, through the C library's vectorised `memchr`.
package enum MemoryScan {
    /// The offset of the first `byte` in `buffer` at or after `start`, or `nil`.
    @inlinable
    package static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = findByte(base + start, byte, buffer.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// True when the `count` bytes at `lhs` and `rhs` are equal (`memcmp`).
    @inlinable
    package static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        count == 0 || compare(lhs, rhs, count) == 0
    }

    @usableFromInline
    static func compare(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Int32 {
        memcmp(lhs, rhs, count)
    }

    @usableFromInline
    static func findByte(_ start: UnsafeRawPointer, _ byte: UInt8, _ count: Int) -> UnsafeMutableRawPointer? {
        memchr(start, Int32(byte), count)
    }
}
