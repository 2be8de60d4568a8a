internal import PlaytimeCrypto
internal import PlaytimeSystem

/// Multiplier grants in a directory the processes of one machine share: one small file per (player, session),
/// named by the session key's digest, one line per granted name (its UTF-8 bytes in hex), appended and `fsync`ed
/// before ``record(_:for:expiresAt:now:)`` returns. A line torn by a crash (no newline) was never acknowledged and
/// is ignored; a name appended twice by two processes at once is read once. The server grants only names its
/// policies define (at most 8 each), so a file stays a few hundred bytes. Files are not collected: a session's
/// file stays after its session can no longer be paid (docs/tickets.md, "Multiplier grants").
package final class FileMultiplierGrants: MultiplierGrantStore {
    /// The directory of grant files.
    package let directory: String
    /// The most a grant file is read to: far above what names defined by a policy fill.
    static let fileLimit = 64 * 1024

    /// Uses `directory`, creating it when absent.
    package init(directory: String) throws(TicketStoreError) {
        self.directory = directory
        do { try FileSystem.createDirectories(atPath: directory) } catch {
            throw .database(reason: "cannot create the grant directory \(directory): \(error.reasonText)")
        }
    }

    /// Appends `name` to the session's file and syncs it (and the directory, when the file is new), unless the file
    /// already names it.
    package func record(_ name: String, for session: SessionKey, expiresAt: Int64, now: Int64) throws(TicketStoreError) {
        let path = self.path(of: session)
        let existing = try names(at: path)
        guard !existing.contains(name) else { return }
        var line = Array((Hex.encode(name.utf8) + "\n").utf8)
        do throws(SystemError) {
            let file = try OpenFile(path: path, options: [.readWrite, .create, .append], permissions: 0o600)
            let length = try file.size()
            // A line torn by a crash is never completed: the new one begins on a line of its own.
            if length > 0, try Self.lastByte(of: file, length: length) != 0x0a { line.insert(0x0a, at: 0) }
            do {
                try file.writeAll(line)
                try file.sync()
            } catch {
                // A full disk: what part was written is cut back (and the cut synced), so no torn line is left.
                try? file.truncate(to: length)
                try? file.sync()
                throw error
            }
            try file.close()
            if existing.isEmpty { try FileSystem.syncParentDirectory(of: path) }
        } catch {
            throw .system(error)
        }
    }

    /// The last byte of `file`, `length` bytes long (`length` > 0).
    private static func lastByte(of file: borrowing OpenFile, length: Int64) throws(SystemError) -> UInt8 {
        try file.seek(to: length - 1)
        var byte: UInt8 = 0
        _ = try withUnsafeMutableBytes(of: &byte) { buffer throws(SystemError) in try file.read(into: buffer) }
        return byte
    }

    /// The names granted to `session`, in the order they were recorded.
    package func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String] {
        try names(at: path(of: session))
    }

    private func path(of session: SessionKey) -> String {
        let digest = session.digest
        var name: [UInt8] = []
        for word in [digest.words.0, digest.words.1, digest.words.2, digest.words.3] { StoreHex.append(word, to: &name) }
        return directory + "/" + String(decoding: name, as: UTF8.self)
    }

    /// The complete lines of the file at `path` decoded, each name once; none when the file does not exist.
    private func names(at path: String) throws(TicketStoreError) -> [String] {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: Self.fileLimit) } catch {
            if error.reason == .noSuchFile { return [] }
            throw .database(reason: "grant file \(path): \(error.reasonText)")
        }
        var names: [String] = []
        var line: [UInt8] = []
        for byte in bytes {
            guard byte != 0x0a else {
                // Lowercase hex of UTF-8 text, as `record` writes it; any other line was never written by it.
                if let bytes = Hex.decodeLowercase(String(decoding: line, as: UTF8.self)), !bytes.isEmpty,
                    let name = String(strictUTF8: bytes), !names.contains(name)
                {
                    names.append(name)
                }
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(byte)
        }
        return names
    }
}
