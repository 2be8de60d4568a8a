import Foundation
internal import PlaytimeCrypto
internal import PlaytimeSystem

/// A durable ``AccountIntervalStore`` in a directory: one small JSON file per account, named by the SHA-256
/// of the account's UTF-8 bytes, shared by threads and server processes on one machine. Each call holds an
/// exclusive `flock` on the account's own `.lock` file and replaces the account's file atomically before it returns: one
/// read and at most one write (and its fsync) per upload, whatever its number of sessions.
package final class FileAccountIntervalStore: AccountIntervalStore {
    /// The store's directory.
    package let directory: String
    /// The largest account file read or written (a placement that would go beyond it is refused, nothing placed).
    package static let maximumFileByteCount = 64 << 20

    /// Opens (creating when absent) the store in `directory`.
    package init(directory: String) throws(RegistryError) {
        self.directory = directory
        do { try FileSystem.createDirectories(atPath: directory) } catch { throw RegistryError(error.description) }
    }

    private let writes = ThreadLock(0)

    /// How many times this store replaced an account's file (each replacement is one fsync'd write).
    package var writeCount: Int { writes.withLock { $0 } }

    /// Reads, places and writes back under the directory's lock.
    package func place(account: String, journalID: String, placements: [Placement]) throws(RegistryError) -> [Int64] {
        let path = directory + "/" + Hex.encode(SHA256.hash(Array(account.utf8))) + ".json"
        // One lock per account: a slow account never holds up the others.
        return try DirectoryLock.withLock(path + ".lock") { () throws(RegistryError) -> [Int64] in
            try placeLocked(path: path, journalID: journalID, placements: placements)
        }
    }

    private func placeLocked(path: String, journalID: String, placements batch: [Placement]) throws(RegistryError) -> [Int64] {
        var intervals = AccountIntervals()
        var bytes: [UInt8]?
        do throws(FileAccessError) {
            bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: Self.maximumFileByteCount)
        } catch  where error.reason == .noSuchFile {
            // A new account.
        } catch {
            throw RegistryError(error.description)
        }
        if let bytes {
            guard let decoded = try? JSONDecoder().decode(AccountIntervals.self, from: Data(bytes)) else {
                throw RegistryError("\(path) is not an account interval file")
            }
            intervals = decoded
        }
        let before = intervals
        let held = intervals.place(journalID: journalID, batch)
        guard intervals != before else { return held }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(intervals) else { throw RegistryError("cannot encode \(path)") }
        // Never write what could not be read back: the account keeps its placements, this call places nothing.
        guard data.count <= Self.maximumFileByteCount else {
            throw RegistryError("the account's placements would exceed \(Self.maximumFileByteCount >> 20) MiB; nothing placed")
        }
        do { try FileSystem.writeOutput(Array(data), toPath: path, permissions: 0o600) } catch { throw RegistryError(error.description) }
        writes.withLock { $0 += 1 }
        return held
    }
}
