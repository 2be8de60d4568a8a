#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Makes sure a directory exists at `path`, creating it and any missing parents (`mkdir -p`) with
    /// `permissions` less the umask. An existing directory (or a link to one) is accepted as it is;
    /// anything else in the way is refused, in words.
    package static func createDirectories(atPath path: String, permissions: UInt32 = 0o700) throws(FileAccessError) {
        guard !path.isEmpty else { throw FileAccessError(path: path, access: .createDirectory, reason: .emptyPath) }
        var prefix = path.hasPrefix("/") ? "/" : ""
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        for (index, component) in components.enumerated() {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            let isLast = index == components.count - 1
            if mkdir(prefix, mode_t(permissions)) == 0 { continue }
            let failure = SystemError.current("mkdir")
            guard failure.meansAlreadyExists else {
                throw FileAccessError(path: isLast ? path : prefix, access: .createDirectory, failure)
            }
            let existing: FileKind?
            do { existing = try kind(ofPath: prefix, followingLinks: true) } catch {
                throw FileAccessError(path: prefix, access: .createDirectory, error)
            }
            guard let existing, existing == .directory else {
                throw FileAccessError(
                    path: isLast ? path : prefix, access: .createDirectory,
                    reason: .notDirectory(existing ?? .symbolicLink))
            }
        }
    }
}
