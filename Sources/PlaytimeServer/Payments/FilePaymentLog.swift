import Foundation
internal import PlaytimeCrypto
package import PlaytimeFleet
internal import PlaytimeSystem

/// The payment log and the exactly-once records of a server's file stores (docs/service.md, "Payments"), in the
/// state directory's `payments/`:
///
/// - `players/<SHA-256 of the player id, hex>.jsonl`: one line per paying call of that player, appended and
///   `fsync`ed before the call answers; a line left torn by a crash (never acknowledged) is cut off before the next
///   append and never read.
/// - `once/<2 hex digits>/<key, hex>.json`: what each call answered, under its idempotency key (a ticket's nonce,
///   an upload's bytes and player), written atomically: a retry of the same call finds it and gets the same answer.
/// - `locks/<2 hex digits>.lock`: a call holds its key's lock (one of 256) from the look-up to the record, so two
///   calls with one key — threads or processes of one machine — take turns and the second finds the first's record.
package final class FilePaymentLog: PaymentLogStore {
    /// The `payments` directory.
    package let directory: String
    /// The largest record read (a record is a few KiB; an upload's sessions at most ``UploadDecision/maximumReports``).
    static let maximumRecordBytes = 64 << 20

    /// Opens (creating when absent) the log in `directory`.
    package init(directory: String) throws(PaymentLogError) {
        self.directory = directory
        for sub in ["", "/players", "/once", "/locks"] {
            do { try FileSystem.createDirectories(atPath: directory + sub) } catch { throw PaymentLogError(error.description) }
        }
    }

    /// Runs `pay` once per `key` on this machine: under the key's lock, a key with a record answers `repeated` with
    /// it; otherwise `pay` runs and its outcome (the answer's text and the payment record) is logged and recorded
    /// before the lock is released. A throwing `pay` records nothing.
    ///
    /// Once `pay` returned, the stores have paid: the payment is answered even when its log entry or record cannot be
    /// written (a disk that filled up in between), and `unrecorded` says why — never a refusal of a payment that was
    /// made (the caller would credit nothing for gold the stores count as paid). A retry of such a call then finds
    /// the stores' own answer (the ticket used, the journal's sessions paid) and pays nothing twice.
    package func once<Value, Failure: Error>(
        key: [UInt8], account: String, paidAt: Int64,
        _ pay: () throws(Failure) -> (Value, result: String, record: String),
        repeated: (_ result: String) throws(Failure) -> Value,
        failed: (PaymentLogError) -> Failure
    ) throws(Failure) -> (Value, record: String, isRepeat: Bool, unrecorded: PaymentLogError?) {
        let bucket = Hex.encode([SHA256.hash(key)[0]])
        let lock = try Self.locked(directory + "/locks/" + bucket + ".lock", failed: failed)
        defer { try? lock.unlock() }
        let path = onceDirectory(bucket) + "/" + Hex.encode(key) + ".json"
        let found: OnceRecord?
        do throws(PaymentLogError) { found = try read(path) } catch { throw failed(error) }
        if let found { return (try repeated(found.result), found.payment, true, nil) }
        let (value, result, record) = try pay()
        do throws(PaymentLogError) {
            try append(account: account, key: key, paidAt: paidAt, record: record)
            try write(OnceRecord(result: result, payment: record), to: path, bucket: bucket)
        } catch {
            return (value, record, false, error)
        }
        return (value, record, false, nil)
    }

    /// Appends `record` to `account`'s file (under that file's own lock), `fsync`ed before it returns.
    package func append(account: String, key: [UInt8], paidAt: Int64, record: String) throws(PaymentLogError) {
        let path = playerPath(account)
        do throws(SystemError) {
            let existed = (try? FileSystem.kind(ofPath: path, followingLinks: false)) != nil
            let file = try OpenFile(path: path, options: [.readWrite, .create], permissions: 0o600)
            try file.lockExclusive()
            let size = try file.size()
            // A tail without its line end was torn by a crash before it was acknowledged: cut it off.
            let keep = try Self.lastLineEnd(file, size: size)
            if keep < size { try file.truncate(to: keep) }
            try file.seek(to: keep)
            try file.writeAll(Array(record.utf8) + [0x0a])
            try file.sync()
            try file.unlock()
            if !existed { try FileSystem.syncParentDirectory(of: path) }
        } catch {
            throw PaymentLogError("payment log \(path): \(error.message)")
        }
    }

    /// The payment record the call with `key` wrote.
    package func record(key: [UInt8]) throws(PaymentLogError) -> String? {
        let bucket = Hex.encode([SHA256.hash(key)[0]])
        return try read(onceDirectory(bucket) + "/" + Hex.encode(key) + ".json")?.payment
    }

    /// Lines `after + 1 …` of `account`'s file (position: the line's number), at most `limit`, read in one pass.
    package func entries(account: String, after: Int64, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry] {
        try entries(path: playerPath(account), after: after, limit: limit)
    }

    /// Lines of every player's file that contain `fragment`, at most `limit` (files in name order, lines in file
    /// order): a scan of `players/`, read-only.
    package func entries(containing fragment: String, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory + "/players").filter { $0.hasSuffix(".jsonl") }.sorted() } catch {
            throw PaymentLogError("payment log \(directory)/players: \(error.localizedDescription)")
        }
        var found: [PaymentLogEntry] = []
        for name in names where found.count < limit {
            for entry in try entries(path: directory + "/players/" + name, after: 0, limit: .max) where entry.record.contains(fragment) {
                found.append(entry)
                if found.count == limit { break }
            }
        }
        return found
    }

    private func entries(path: String, after: Int64, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry] {
        guard let file = try Self.openForReading(path) else { return [] }
        var entries: [PaymentLogEntry] = []
        var line: [UInt8] = []
        var position: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while entries.count < limit {
            let count: Int
            do throws(SystemError) {
                count = try chunk.withUnsafeMutableBytesThrowing { (raw) throws(SystemError) -> Int in try file.read(into: raw) }
            } catch {
                throw PaymentLogError("payment log \(path): \(error.message)")
            }
            if count == 0 { break }
            for byte in chunk[..<count] {
                guard byte == 0x0a else {
                    if position >= after, line.count < Self.maximumRecordBytes { line.append(byte) }
                    continue
                }
                position += 1
                if position > after, entries.count < limit {
                    entries.append(PaymentLogEntry(position: position, record: String(decoding: line, as: UTF8.self)))
                }
                line.removeAll(keepingCapacity: true)
            }
        }
        return entries
    }

    // MARK: - Files

    private struct OnceRecord: Codable {
        var result: String
        var payment: String
    }

    /// The lock file at `path`, opened (created when absent) and locked.
    private static func locked<Failure: Error>(_ path: String, failed: (PaymentLogError) -> Failure) throws(Failure) -> OpenFile {
        do throws(SystemError) {
            let lock = try OpenFile(path: path, options: [.readWrite, .create], permissions: 0o600)
            try lock.lockExclusive()
            return lock
        } catch {
            throw failed(PaymentLogError("payment lock \(path): \(error.message)"))
        }
    }

    /// The file at `path` open for reading, `nil` when it does not exist.
    private static func openForReading(_ path: String) throws(PaymentLogError) -> OpenFile? {
        do throws(SystemError) {
            return try OpenFile(path: path, options: [])
        } catch {
            if error.meansNoSuchFile { return nil }
            throw PaymentLogError("payment log \(path): \(error.message)")
        }
    }

    private func onceDirectory(_ bucket: String) -> String { directory + "/once/" + bucket }

    private func playerPath(_ account: String) -> String {
        directory + "/players/" + Hex.encode(SHA256.hash(Array(account.utf8))) + ".jsonl"
    }

    private func read(_ path: String) throws(PaymentLogError) -> OnceRecord? {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: Self.maximumRecordBytes)
        } catch  where error.reason == .noSuchFile || error.reason == .noSuchDirectory {
            return nil
        } catch {
            throw PaymentLogError(error.description)
        }
        guard let record = PaymentJSON.decode(OnceRecord.self, from: bytes) else {
            throw PaymentLogError("the payment record \(path) is unreadable")
        }
        return record
    }

    private func write(_ record: OnceRecord, to path: String, bucket: String) throws(PaymentLogError) {
        do {
            try FileSystem.createDirectories(atPath: onceDirectory(bucket))
            try FileSystem.writeOutput(PaymentJSON.encode(record), toPath: path, permissions: 0o600)
        } catch {
            throw PaymentLogError(error.description)
        }
    }

    /// The offset just after the file's last line end (0 when it has none).
    private static func lastLineEnd(_ file: borrowing OpenFile, size: Int64) throws(SystemError) -> Int64 {
        var end = size
        var chunk = [UInt8](repeating: 0, count: 4096)
        while end > 0 {
            let start = max(0, end - Int64(chunk.count))
            try file.seek(to: start)
            let wanted = Int(end - start)
            var got = 0
            while got < wanted {
                let count = try chunk.withUnsafeMutableBytesThrowing { (raw) throws(SystemError) -> Int in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[got..<wanted]))
                }
                if count == 0 { break }
                got += count
            }
            if let last = chunk[..<got].lastIndex(of: 0x0a) { return start + Int64(last) + 1 }
            end = start
        }
        return 0
    }
}
