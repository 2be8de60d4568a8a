internal import PlaytimeCrypto
internal import PlaytimeSystem

/// Key files: the key as hex text (either case), optionally surrounded by ASCII whitespace,
/// decoding to at least 16 bytes. ``generate(path:byteCount:)`` writes 32 random bytes as
/// 64 lowercase hex digits and a newline, mode 0600.
package enum KeyFile {
    /// The size limit for a key file, in bytes.
    static let maximumFileByteCount = 4096

    /// Reads and decodes the key at `path`.
    package static func load(path: String) throws(KeyFileError) -> JournalKey {
        let bytes = try loadBytes(path: path)
        do {
            return try JournalKey(bytes: bytes)
        } catch {
            throw KeyFileError.tooShort(path: path, byteCount: bytes.count)
        }
    }

    /// The raw bytes of the key file at `path` (at least 16): a journal key, or a server secret that journal
    /// keys are derived from (docs/anchors.md).
    package static func loadBytes(path: String) throws(KeyFileError) -> [UInt8] {
        let text = try readSmallFile(path: path)
        let trimmed = text.drop { isWhitespace($0) }.reversed().drop { isWhitespace($0) }.reversed()
        guard !trimmed.isEmpty, let bytes = Hex.decode(ascii: Array(trimmed)) else {
            if trimmed.isEmpty { throw KeyFileError.tooShort(path: path, byteCount: 0) }
            throw KeyFileError.notHex(path: path)
        }
        guard bytes.count >= JournalFormat.minimumKeyByteCount else {
            throw KeyFileError.tooShort(path: path, byteCount: bytes.count)
        }
        return bytes
    }

    /// Creates a new key file of `byteCount` random bytes (from `SystemRandomNumberGenerator`) with mode 0600,
    /// atomically and durably (``FileSystem/createFile(atPath:bytes:permissions:)``: a full disk or a crash leaves
    /// no key file or the whole of it, never an empty one); never replaces an existing file.
    @discardableResult
    package static func generate(path: String, byteCount: Int = 32) throws(KeyFileError) -> JournalKey {
        let (bytes, text) = try newKeyText(path: path, byteCount: byteCount)
        do {
            try FileSystem.createFile(atPath: path, bytes: text, permissions: 0o600)
        } catch {
            if error.reason == .alreadyExists { throw KeyFileError.alreadyExists(path: path) }
            throw KeyFileError.cannotCreate(path: path, error)
        }
        return try key(bytes, path: path)
    }

    /// Replaces the damaged key file at `path` by a new key, atomically (a reader sees the old bytes or the new key).
    static func regenerate(path: String, byteCount: Int = 32) throws(KeyFileError) -> JournalKey {
        let (bytes, text) = try newKeyText(path: path, byteCount: byteCount)
        do { try FileSystem.writeOutput(text, toPath: path, permissions: 0o600) } catch { throw KeyFileError.cannotCreate(path: path, error) }
        return try key(bytes, path: path)
    }

    /// `byteCount` random bytes and their key-file text (64 lowercase hex digits and a newline for 32 bytes).
    private static func newKeyText(path: String, byteCount: Int) throws(KeyFileError) -> (bytes: [UInt8], text: [UInt8]) {
        guard byteCount >= JournalFormat.minimumKeyByteCount else {
            throw KeyFileError.tooShort(path: path, byteCount: byteCount)
        }
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        return (bytes, Array((Hex.encode(bytes) + "\n").utf8))
    }

    private static func key(_ bytes: [UInt8], path: String) throws(KeyFileError) -> JournalKey {
        do {
            return try JournalKey(bytes: bytes)
        } catch {
            throw KeyFileError.tooShort(path: path, byteCount: bytes.count)
        }
    }

    /// Reads at most ``maximumFileByteCount`` bytes of a regular file; larger files, and anything that is
    /// not a regular file (a FIFO never blocks the read, a device is never read), are rejected.
    static func readSmallFile(path: String) throws(KeyFileError) -> [UInt8] {
        do {
            return try FileSystem.readRegularFile(atPath: path, byteLimit: maximumFileByteCount)
        } catch {
            switch error.reason {
            case .noSuchFile: throw KeyFileError.missing(path: path)
            case .tooLarge: throw KeyFileError.tooLarge(path: path)
            default: throw KeyFileError.unreadable(path: path, error)
            }
        }
    }

    /// Space, tab, CR or LF.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }
}
