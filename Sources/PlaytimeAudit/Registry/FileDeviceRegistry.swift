import Foundation
internal import PlaytimeSystem

/// A durable ``DeviceRegistry`` in a directory: one small JSON file per journal (`<journal id>.json`),
/// shared safely by threads and by server processes on one machine.
///
/// Every call holds an exclusive `flock` on `registry.lock` in the directory; a replacement writes the new
/// record to a temporary file, `fsync`s it, renames it over the old one and `fsync`s the directory before it
/// returns `true`, so a crash leaves either the old record or the new one, never a torn one. Fleet scale
/// (many hosts) needs a shared database behind the same protocol.
package final class FileDeviceRegistry: DeviceRegistry {
    /// The registry's directory.
    package let directory: String
    /// The largest record file read (a journal's record grows by one entry per paid session).
    package static let maximumRecordByteCount = 16 << 20

    /// Opens (creating when absent) the registry in `directory`.
    package init(directory: String) throws(RegistryError) {
        self.directory = directory
        do {
            try FileSystem.createDirectories(atPath: directory)
        } catch {
            throw RegistryError(error.description)
        }
    }

    /// The record of `journalID`, if any.
    package func record(journalID: String) throws(RegistryError) -> DeviceRecord? {
        let path = try recordPath(journalID)
        return try DirectoryLock.withLock(directory + "/registry.lock") { () throws(RegistryError) in try read(path) }
    }

    /// Compare-and-set under the directory's lock; durable before it returns `true`.
    package func replace(journalID: String, expected: DeviceRecord?, with new: DeviceRecord) throws(RegistryError) -> Bool {
        let path = try recordPath(journalID)
        return try DirectoryLock.withLock(directory + "/registry.lock") { () throws(RegistryError) -> Bool in
            guard try read(path) == expected else { return false }
            try write(new, to: path)
            return true
        }
    }

    // MARK: - Files

    private func recordPath(_ journalID: String) throws(RegistryError) -> String {
        guard !journalID.isEmpty, journalID.utf8.count <= 128,
            journalID.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw RegistryError("journal id '\(journalID)' is not lowercase hex")
        }
        return directory + "/" + journalID + ".json"
    }

    private func read(_ path: String) throws(RegistryError) -> DeviceRecord? {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: Self.maximumRecordByteCount)
        } catch  where error.reason == .noSuchFile {
            return nil
        } catch {
            throw RegistryError(error.description)
        }
        guard let record = try? JSONDecoder().decode(DeviceRecord.self, from: Data(bytes)) else {
            throw RegistryError("\(path) is not a registry record")
        }
        return record
    }

    /// Replaces the record file atomically (temporary sibling, `fsync`, rename, directory `fsync`).
    private func write(_ record: DeviceRecord, to path: String) throws(RegistryError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { throw RegistryError("cannot encode the record for \(path)") }
        do {
            try FileSystem.writeOutput(Array(data), toPath: path, permissions: 0o600)
        } catch {
            // The rename may have happened before the failure (the directory's fsync): then the record is
            // written and the compare-and-set succeeded; report failure only when it is not there.
            if let stored = try? read(path), stored == record { return }
            throw RegistryError(error.description)
        }
    }
}
