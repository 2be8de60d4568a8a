#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Module-qualified wrappers for calls whose names clash with Swift methods (`close`, `read`, `send`).

@inline(__always)
func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
    return Darwin.close(fd)
    #elseif canImport(Musl)
    return Musl.close(fd)
    #else
    return Glibc.close(fd)
    #endif
}

@inline(__always)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.read(fd, buffer, count)
    #elseif canImport(Musl)
    return Musl.read(fd, buffer, count)
    #else
    return Glibc.read(fd, buffer, count)
    #endif
}

@inline(__always)
func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Darwin)
    return Darwin.send(fd, buffer, count, flags)
    #elseif canImport(Musl)
    return Musl.send(fd, buffer, count, flags)
    #else
    return Glibc.send(fd, buffer, count, flags)
    #endif
}

/// A non-blocking, close-on-exec UDP socket of `family`: one call on Linux, three on Darwin. -1 on failure.
func openNonBlockingDatagramSocket(family: Int32) -> Int32 {
    #if canImport(Darwin)
    let fd = socket(family, SOCK_DGRAM, CInt(IPPROTO_UDP))
    guard fd >= 0 else { return fd }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return fd
    #else
    let type = CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
    return socket(family, type, CInt(IPPROTO_UDP))
    #endif
}

@inline(__always)
func bindSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}
