#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemError {
    /// The error in plain lower-case words for a person, without the call's name or the errno number:
    /// "permission denied", "no space left on device", "the port refused (nothing listens on it)". What every
    /// message a person reads says of a failed call (the NTP and Roughtime reasons too); ``description`` is for logs.
    package var plainWords: String {
        switch code {
        case 0: return "no usable address"
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "a part of the path is not a directory"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the name is too long"
        case EROFS: return "read-only file system"
        case ENOSPC: return "no space left on device"
        case EPIPE: return "the reader went away"
        case ECONNREFUSED: return "the port refused (nothing listens on it)"
        case ECONNRESET: return "the other side dropped the connection"
        case ETIMEDOUT: return "no answer in time"
        case ENETUNREACH: return "no route to that network"
        case EHOSTUNREACH: return "no route to that host"
        case ENETDOWN: return "the network is down"
        case EADDRNOTAVAIL: return "no local address can reach it"
        case EAFNOSUPPORT: return "this machine has no network of that address family (IPv4 or IPv6)"
        case EMFILE, ENFILE: return "too many open files"
        default:
            // The system's own sentence, never the call's name or the number.
            let text = message
            guard let first = text.first, !text.hasPrefix("Unknown error") else { return "an unexpected system error" }
            return first.lowercased() + text.dropFirst()
        }
    }
}
