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
        var line: [UInt8] = []
        for byte in name.utf8 { line += Self.hexDigits(byte) }
        line.append(0x0a)
        do throws(SystemError) {
            let file = try OpenFile(path: path, options: [.readWrite, .create, .append], permissions: 0o600)
            try file.writeAll(line)
            try file.sync()
            try file.close()
            if existing.isEmpty { try FileSystem.syncParentDirectory(of: path) }
        } catch {
            throw .system(error)
        }
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
                if let name = Self.decoded(line), !names.contains(name) { names.append(name) }
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(byte)
        }
        return names
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
    }

    /// A line of hex digit pairs as UTF-8 text; `nil` for anything else (a line no writer of this format wrote).
    private static func decoded(_ line: [UInt8]) -> String? {
        guard !line.isEmpty, line.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < line.count {
            guard let high = value(line[index]), let low = value(line[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return String(strictUTF8: bytes)
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
