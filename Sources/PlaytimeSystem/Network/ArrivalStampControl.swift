#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the kernel's arrival stamp among the control messages `recvmsg` returned.
///
/// Linux sends `SCM_TIMESTAMPNS` (a `timespec`, nanoseconds) once `SO_TIMESTAMPNS` is set; Darwin sends
/// `SCM_TIMESTAMP` (a `timeval`, microseconds) once `SO_TIMESTAMP` is set. The control buffer is walked the
/// way the `CMSG_FIRSTHDR`/`CMSG_NXTHDR` macros do (they are not visible to Swift), with every length
/// checked against the buffer, so any bytes at all are safe to parse.
package enum ArrivalStampControl {
    /// Bytes reserved for control messages: room for one stamp with slack.
    package static let capacity = 128

    /// Control messages are aligned to `size_t` on Linux and to 4 bytes on Darwin (`__DARWIN_ALIGN32`).
    static var alignment: Int {
        #if canImport(Darwin)
        return 4
        #else
        return MemoryLayout<Int>.size
        #endif
    }

    /// The wall-clock nanoseconds (UTC since 1970) of the first arrival stamp in `control`, or `nil`.
    /// A microsecond stamp (Darwin) is truncated by the kernel: it is read as the middle of its microsecond.
    package static func wallNanoseconds(in control: UnsafeRawBufferPointer) -> Int64? {
        let headerSize = MemoryLayout<cmsghdr>.size
        let dataOffset = aligned(headerSize)
        var offset = 0
        while offset <= control.count - headerSize {
            let header = control.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            let length = Int(header.cmsg_len)
            guard length >= headerSize, length <= control.count - offset else { return nil }
            if header.cmsg_level == SOL_SOCKET,
                let stamp = stamp(
                    type: header.cmsg_type, control: control,
                    data: offset + dataOffset, end: offset + length)
            {
                return stamp
            }
            let step = aligned(length)
            guard step > 0, step <= control.count - offset else { return nil }
            offset += step
        }
        return nil
    }

    /// The stamp carried by one control message of level `SOL_SOCKET`, when it is one and complete.
    private static func stamp(type: Int32, control: UnsafeRawBufferPointer, data: Int, end: Int) -> Int64? {
        #if canImport(Darwin)
        guard type == SCM_TIMESTAMP, data <= end, end - data >= MemoryLayout<timeval>.size else { return nil }
        let value = control.loadUnaligned(fromByteOffset: data, as: timeval.self)
        return nanoseconds(seconds: Int64(value.tv_sec), fraction: Int64(value.tv_usec), unit: 1_000, halfUnit: 500)
        #elseif canImport(Glibc)
        guard type == SCM_TIMESTAMPNS, data <= end, end - data >= MemoryLayout<timespec>.size else { return nil }
        let value = control.loadUnaligned(fromByteOffset: data, as: timespec.self)
        return nanoseconds(seconds: Int64(value.tv_sec), fraction: Int64(value.tv_nsec), unit: 1, halfUnit: 0)
        #else
        return nil
        #endif
    }

    /// `seconds · 10⁹ + fraction · unit + halfUnit`, or `nil` for a fraction out of range or an overflow.
    private static func nanoseconds(seconds: Int64, fraction: Int64, unit: Int64, halfUnit: Int64) -> Int64? {
        guard fraction >= 0, fraction < 1_000_000_000 / unit else { return nil }
        let (whole, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = whole.addingReportingOverflow(fraction * unit + halfUnit)
        return o1 || o2 ? nil : total
    }

    /// One control message: its level, type and data.
    package struct Message: Sendable, Hashable {
        /// `cmsg_level`.
        package var level: Int32
        /// `cmsg_type`.
        package var type: Int32
        /// The bytes after the aligned header.
        package var data: [UInt8]

        /// Creates a message.
        package init(level: Int32, type: Int32, data: [UInt8]) {
            self.level = level
            self.type = type
            self.data = data
        }

        /// The arrival stamp for `wallNanoseconds` as this platform's kernel sends it (Darwin: the microsecond,
        /// truncated), or `nil` on a platform without one.
        package static func arrivalStamp(wallNanoseconds: Int64) -> Message? {
            let seconds = wallNanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            let (whole, fraction) = seconds.remainder >= 0 ? seconds : (seconds.quotient - 1, seconds.remainder + 1_000_000_000)
            #if canImport(Darwin)
            var value = timeval()
            value.tv_sec = .init(whole)
            value.tv_usec = .init(fraction / 1_000)
            return Message(level: SOL_SOCKET, type: SCM_TIMESTAMP, data: withUnsafeBytes(of: value) { Array($0) })
            #elseif canImport(Glibc)
            var value = timespec()
            value.tv_sec = .init(whole)
            value.tv_nsec = .init(fraction)
            return Message(level: SOL_SOCKET, type: SCM_TIMESTAMPNS, data: withUnsafeBytes(of: value) { Array($0) })
            #else
            return nil
            #endif
        }
    }

    /// `messages` laid out in a control buffer as the kernel lays them out (`CMSG_SPACE` apart); for tests and fuzzing.
    package static func controlBuffer(_ messages: [Message]) -> [UInt8] {
        let dataOffset = aligned(MemoryLayout<cmsghdr>.size)
        var bytes: [UInt8] = []
        for message in messages {
            var header = cmsghdr()
            header.cmsg_len = .init(dataOffset + message.data.count)
            header.cmsg_level = message.level
            header.cmsg_type = message.type
            let start = bytes.count
            bytes += withUnsafeBytes(of: header) { Array($0) }
            bytes += [UInt8](repeating: 0, count: start + dataOffset - bytes.count)
            bytes += message.data
            bytes += [UInt8](repeating: 0, count: start + aligned(bytes.count - start) - bytes.count)
        }
        return bytes
    }

    /// `length` rounded up to the control-message alignment (`CMSG_ALIGN`).
    private static func aligned(_ length: Int) -> Int {
        let mask = alignment - 1
        let (sum, overflow) = length.addingReportingOverflow(mask)
        return overflow ? 0 : sum & ~mask
    }
}
