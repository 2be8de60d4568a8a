#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemError {
    /// True when the path does not exist (`ENOENT`).
    package var meansNoSuchFile: Bool { code == ENOENT }
    /// True when the path exists and exclusive creation was asked for (`EEXIST`).
    package var meansAlreadyExists: Bool { code == EEXIST }
    /// True when access was refused (`EACCES` or `EPERM`).
    package var meansPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// True when the path is a directory (`EISDIR`).
    package var meansIsDirectory: Bool { code == EISDIR }
}

extension SystemError {
    /// `EEXIST`, for an error made without a failed call (every name tried was taken).
    package static var alreadyExistsCode: Int32 { EEXIST }
}
