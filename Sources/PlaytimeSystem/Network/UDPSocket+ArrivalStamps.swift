#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One datagram read by `UDPSocket.receiveStamped(into:)`: its length, the kernel's stamp of its arrival,
/// and the clocks read right after the read returned.
package struct StampedDatagram: Sendable, Hashable {
    /// Bytes written into the buffer.
    package var count: Int
    /// Wall clock (UTC nanoseconds since 1970) at which the kernel received the datagram; `nil` when the
    /// kernel gave no stamp.
    package var kernelWallNanoseconds: Int64?
    /// Wall and boot clocks read together right after `recvmsg` returned.
    package var readAt: WallBootPair

    /// Creates a record from its parts.
    package init(count: Int, kernelWallNanoseconds: Int64?, readAt: WallBootPair) {
        self.count = count
        self.kernelWallNanoseconds = kernelWallNanoseconds
        self.readAt = readAt
    }

    /// The boot-clock instant of arrival, in `[notBefore, readAt.bootNanoseconds]`: the kernel's stamp
    /// mapped onto the boot clock (`WallToBootMapping`); the read time when there is no stamp, or when the
    /// stamp does not fall between `notBefore` and the read on this process's wall clock (a step in between,
    /// or a faked wall clock).
    package func arrivalBootNanoseconds(notBefore: Int64) -> Int64 {
        guard let stamp = kernelWallNanoseconds,
            WallToBootMapping.fallsInWindow(stamp, pairedWith: readAt, notBefore: notBefore)
        else { return readAt.bootNanoseconds }
        return WallToBootMapping.bootNanoseconds(ofWall: stamp, pairedWith: readAt, notBefore: notBefore)
    }
}

extension UDPSocket {
    /// Asks the kernel to stamp every datagram this socket receives with the wall clock at arrival:
    /// Linux `SO_TIMESTAMPNS` (nanoseconds), Darwin `SO_TIMESTAMP` (microseconds). Returns false when the
    /// option is refused or unknown on this platform; `receiveStamped` then reports no stamp.
    package func requestArrivalStamps() -> Bool {
        #if canImport(Darwin)
        let option = SO_TIMESTAMP
        #elseif canImport(Glibc)
        let option = SO_TIMESTAMPNS
        #else
        return false
        #endif
        #if canImport(Darwin) || canImport(Glibc)
        var enabled: Int32 = 1
        return setsockopt(descriptor, SOL_SOCKET, option, &enabled, socklen_t(MemoryLayout<Int32>.size)) == 0
        #endif
    }

    /// Receives one datagram into `buffer` with `recvmsg`, with the kernel's arrival stamp when
    /// `requestArrivalStamps()` succeeded; `nil` when none is waiting. The clocks are read right after the
    /// call, before anything else, so that the stamp's age can be measured (see `StampedDatagram`).
    package func receiveStamped(into buffer: inout [UInt8]) throws(SystemError) -> StampedDatagram? {
        let fd = descriptor
        var readAt = WallBootPair(wallNanoseconds: 0, bootNanoseconds: 0)
        var failure: SystemError?
        var stamp: Int64?
        let count = buffer.withUnsafeMutableBytes { payload in
            withUnsafeTemporaryAllocation(byteCount: ArrivalStampControl.capacity, alignment: 16) { control in
                var vector = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = control.baseAddress
                    message.msg_controllen = .init(control.count)
                    let received = retryingOnInterrupt { recvmsg(fd, &message, 0) }
                    if received < 0 {
                        failure = SystemError.current("recvmsg")
                        return received
                    }
                    readAt = WallBootPair.now()
                    let length = min(Int(message.msg_controllen), control.count)
                    stamp = ArrivalStampControl.wallNanoseconds(in: UnsafeRawBufferPointer(rebasing: control[..<length]))
                    return received
                }
            }
        }
        if let failure {
            if failure.meansWouldBlock { return nil }
            throw failure
        }
        return StampedDatagram(count: count, kernelWallNanoseconds: stamp, readAt: readAt)
    }
}
