import Foundation
import PlaytimeCrypto
import PlaytimeJournal

/// Measures journal appends per second (each written and fsynced) and verification throughput.
///
/// Arguments: `[--appends N] [--verify-mb M] [--payload-bytes P] [--dir D]`. Files go in a fresh
/// temporary directory (under `D`, default the system temp dir) that is removed afterwards.
/// Verification MB/s counts every journal byte (10^6 bytes per second), median of 5 runs, and is
/// printed next to raw SHA-256 over the same number of bytes, the ratio the auditor target uses.
func runJournalBenchmark(arguments: [String]) {
    var appends = 2_000
    var verifyMegabytes = 64
    var payloadBytes = 160
    var directory = NSTemporaryDirectory()
    var index = 0
    while index + 1 < arguments.count {
        let value = arguments[index + 1]
        switch arguments[index] {
        case "--appends": appends = Int(value) ?? appends
        case "--verify-mb": verifyMegabytes = Int(value) ?? verifyMegabytes
        case "--payload-bytes": payloadBytes = Int(value) ?? payloadBytes
        case "--dir": directory = value
        default: break
        }
        index += 2
    }
    let base = (directory as NSString).appendingPathComponent("playtime-journal-bench-\(getpid())")
    try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    do {
        let key = try JournalKey(bytes: Array(0..<32))
        let padding = String(repeating: "p", count: max(0, payloadBytes - 40))
        let payload = Array(#"{"at":1700000000123,"rate":42,"pad":"\#(padding)"}"#.utf8)

        // 1. Durable appends.
        let appendPath = (base as NSString).appendingPathComponent("appends.jsonl")
        var writer = try JournalWriter(path: appendPath, key: key)
        let appendSeconds = try BenchmarkClock.seconds { () throws(JournalError) in
            for _ in 0..<appends { try writer.append(type: "session.heartbeat", payload: payload) }
        }
        try writer.close()
        print(
            String(
                format: "appends (write+fsync): %d in %.2f s = %.0f appends/s, %.1f us each",
                appends, appendSeconds, Double(appends) / appendSeconds, appendSeconds / Double(appends) * 1e6))

        // 2. Verification throughput on a large journal built in memory, then written once.
        let verifyPath = (base as NSString).appendingPathComponent("verify.jsonl")
        var encoder = JournalEncoder(key: key)
        var journal = encoder.headerLine
        journal.reserveCapacity(verifyMegabytes << 20 + 4096)
        while journal.count < verifyMegabytes << 20 {
            journal += try encoder.encodeRecord(type: "session.heartbeat", payload: payload)
        }
        _ = FileManager.default.createFile(atPath: verifyPath, contents: Data(journal))
        let lineBytes = journal.count / Int(encoder.lastSequence + 1)
        let options = ThroughputBenchmarkOptions(arguments: [], defaultSeconds: 5, defaultRuns: 5)
        var verifyRates: [Double] = []
        for _ in 0..<options.runs {
            let time = try BenchmarkClock.seconds { () throws(JournalError) in
                let result = try JournalReader.verify(path: verifyPath, key: key)
                precondition(result.isIntact && result.recordCount == encoder.lastSequence)
            }
            verifyRates.append(Double(journal.count) / time / 1e6)
        }
        verifyRates.sort()
        var rawRates: [Double] = []
        for _ in 0..<options.runs {
            let time = BenchmarkClock.seconds { _ = journal.withUnsafeBytes { SHA256.hash(bufferPointer: $0) } }
            rawRates.append(Double(journal.count) / time / 1e6)
        }
        rawRates.sort()
        let verify = verifyRates[verifyRates.count / 2]
        let raw = rawRates[rawRates.count / 2]
        print(
            String(
                format: "verify (file, %d MB, ~%d B/line): %.1f MB/s; raw SHA-256 same bytes: %.1f MB/s; ratio %.2f",
                journal.count / 1_000_000, lineBytes, verify, raw, verify / raw))
    } catch {
        print("journal benchmark failed: \(error)")
    }
}
