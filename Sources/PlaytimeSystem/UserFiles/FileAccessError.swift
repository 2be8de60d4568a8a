/// Why a file a person named could not be read or written, in plain words.
///
/// Its ``description`` is one line such as "cannot read policy.json: permission denied" or
/// "cannot write out: is not a regular file (it is a FIFO)".
package struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done with the file.
    package enum Access: Sendable, Equatable {
        /// Reading an input.
        case read
        /// Writing or replacing an output.
        case write
        /// Creating a directory.
        case createDirectory
    }

    /// What was wrong.
    package enum Reason: Sendable, Equatable {
        /// Nothing exists at the path.
        case noSuchFile
        /// The directory that would hold the file does not exist.
        case noSuchDirectory
        /// The system refused access.
        case permissionDenied
        /// The path names a directory.
        case isDirectory
        /// The path names something that is neither a regular file nor a directory (or, for writes,
        /// a symbolic link), which is never read or replaced.
        case notRegularFile(FileKind)
        /// Something other than a directory is in the way of a directory to be made or used.
        case notDirectory(FileKind)
        /// The file is larger than the limit, in bytes.
        case tooLarge(limit: Int)
        /// Something already exists at the path, which is never replaced (``FileSystem/createFile(atPath:bytes:permissions:)``).
        case alreadyExists
        /// The path is empty.
        case emptyPath
        /// A standard stream was named where it cannot be used.
        case standardStream
        /// Any other failure of a system call.
        case system(SystemError)
    }

    /// The path as the person gave it.
    package var path: String
    /// What was being done.
    package var access: Access
    /// What was wrong.
    package var reason: Reason

    /// Creates an error.
    package init(path: String, access: Access, reason: Reason) {
        self.path = path
        self.access = access
        self.reason = reason
    }

    /// Classifies a failed call's `errno` (missing, permission, directory; anything else as is).
    init(path: String, access: Access, _ error: SystemError) {
        let reason: Reason
        if error.meansNoSuchFile {
            reason = access == .read ? .noSuchFile : .noSuchDirectory
        } else if error.meansPermissionDenied {
            reason = .permissionDenied
        } else if error.meansIsDirectory {
            reason = .isDirectory
        } else if error.meansAlreadyExists {
            reason = .alreadyExists
        } else {
            reason = .system(error)
        }
        self.init(path: path, access: access, reason: reason)
    }

    /// The reason alone, in words: "permission denied", "is a directory", "is larger than 65536 bytes".
    package var reasonText: String {
        switch reason {
        case .noSuchFile: return "no such file"
        case .noSuchDirectory: return "no such directory"
        case .permissionDenied: return "permission denied"
        case .isDirectory: return "is a directory"
        case .notRegularFile(let kind): return "is not a regular file (it is \(kind))"
        case .notDirectory(let kind): return "is not a directory (it is \(kind))"
        case .tooLarge(let limit): return "is larger than \(limit) bytes"
        case .alreadyExists: return "already exists"
        case .emptyPath: return "the path is empty"
        case .standardStream: return "standard streams cannot be used here"
        case .system(let error): return error.plainWords
        }
    }

    /// `cannot read PATH: REASON` (or write, or create directory).
    package var description: String {
        let verb: String
        switch access {
        case .read: verb = "cannot read"
        case .write: verb = "cannot write"
        case .createDirectory: verb = "cannot create directory"
        }
        return "\(verb) \(path.isEmpty ? "''" : path): \(reasonText)"
    }
}
