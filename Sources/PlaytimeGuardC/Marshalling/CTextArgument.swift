internal import PlaytimeSystem

/// Reads a `const char *` argument: NUL-terminated UTF-8 of at most a given length.
///
/// The bytes are scanned only up to the limit, so a string without its NUL costs at most `limit` bytes of reading
/// (past the limit the argument is refused, never read further).
enum CTextArgument {
    /// A directory path (PATH_MAX on Linux).
    static let pathLimit = 4_096
    /// The configuration JSON: a policy is at most 64 KiB (`RewardPolicy.maximumFileByteCount`), with room for
    /// retained policies and the server lists.
    static let configurationLimit = 1_048_576
    /// A multiplier list, an anchor request or token (a token is at most 1 024 bytes, docs/anchors.md).
    static let shortLimit = 65_536

    /// The text at `pointer`, or why not.
    static func read(_ pointer: UnsafePointer<CChar>?, _ name: String, limit: Int) throws(CFailure) -> String {
        guard let pointer else { throw .nullArgument(name) }
        let bytes = UnsafeRawPointer(pointer)
        var count = 0
        while bytes.load(fromByteOffset: count, as: UInt8.self) != 0 {
            count += 1
            guard count <= limit else { throw .invalidArgument("\(name) is longer than \(limit) bytes") }
        }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
        guard let text = String(strictUTF8: buffer) else { throw .invalidUTF8(name) }
        return text
    }

    /// The text at `pointer`, or `nil` for a NULL pointer (an argument that may be left out).
    static func optional(_ pointer: UnsafePointer<CChar>?, _ name: String, limit: Int) throws(CFailure) -> String? {
        guard pointer != nil else { return nil }
        return try read(pointer, name, limit: limit)
    }
}
