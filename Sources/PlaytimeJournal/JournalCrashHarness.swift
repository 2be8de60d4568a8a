internal import PlaytimeSystem

/// The child side of the crash test: appends forever and reports each durable sequence number.
///
/// Meant to be run as a hidden CLI subcommand (`playtime journal-append-loop <journal> <key> [count]`)
/// and killed with SIGKILL at random moments by a test.
package enum JournalCrashHarness {
    /// Opens (repairing a torn tail first) the journal at `journalPath` with the key file at `keyPath`,
    /// then appends records, writing `"<sequence>\n"` to standard output, unbuffered, after each
    /// append returns. Stops after `limit` records when given. Returns a process exit status.
    package static func appendLoop(journalPath: String, keyPath: String, limit: UInt64? = nil) -> Int32 {
        let key: JournalKey
        do { key = try KeyFile.load(path: keyPath) } catch {
            report("journal-append-loop: \(error)\n", to: 2)
            return 2
        }
        do {
            var writer = try openRepairing(path: journalPath, key: key)
            var appended: UInt64 = 0
            while limit.map({ appended < $0 }) ?? true {
                let next = writer.lastSequence + 1
                let payload = #"{"n":\#(next),"note":"crash-harness","pad":"\#(String(repeating: "x", count: Int(next % 97)))"}"#
                let sequence = try writer.append(type: "crash.test", payload: payload)
                report("\(sequence)\n", to: 1)
                appended += 1
            }
            try writer.close()
            return 0
        } catch {
            report("journal-append-loop: \(error)\n", to: 2)
            return 1
        }
    }

    /// Opens the writer; on a torn tail, repairs and opens again.
    static func openRepairing(path: String, key: JournalKey) throws(JournalError) -> JournalWriter {
        do {
            return try JournalWriter(path: path, key: key)
        } catch {
            guard case .tornTail = error else { throw error }
            try JournalWriter.repair(path: path, key: key)
            return try JournalWriter(path: path, key: key)
        }
    }

    /// Writes `text` straight to a descriptor (no stdio buffering that SIGKILL could lose).
    static func report(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { try? OpenFile.writeAll($0, toRawDescriptor: descriptor) }
    }
}
