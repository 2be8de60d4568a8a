import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport

/// `gen-journal`: writes an honest journal of N sessions (departure, return, claim), ~1 KB per session,
/// quickly (no fsync per record), for the audit benchmark.
/// Arguments: `--sessions N --out FILE --key-file FILE` (the key file is created when absent).
func runGenerateJournal(arguments: [String]) throws {
    let options = BenchmarkArguments(arguments)
    guard let out = options.value("--out"), let keyPath = options.value("--key-file") else {
        print("usage: PlaytimeBenchmarks gen-journal --sessions N --out FILE --key-file FILE")
        return
    }
    let sessions = options.integer("--sessions") ?? 100_000
    let key: JournalKey
    if let existing = try? KeyFile.load(path: keyPath) { key = existing } else { key = try KeyFile.generate(path: keyPath) }
    var encoder = JournalEncoder(key: key)
    guard
        let handle = FileHandle(forWritingAtPath: out)
            ?? {
                _ = FileManager.default.createFile(atPath: out, contents: nil)
                return FileHandle(forWritingAtPath: out)
            }()
    else { throw CocoaError(.fileWriteUnknown) }
    try handle.truncate(atOffset: 0)
    var buffer = encoder.headerLine
    let calculator = try RewardCalculator(policy: .default)
    var wall: Int64 = 1_796_083_200_000_000_000
    var boot: Int64 = 5_000_000_000
    let bootID = "6f1c2a7e-93b4-4c51-8d0e-2b7f4a9c1e35"
    for index in 0..<sessions {
        let id = String(format: "%016llx", UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let away = Int64(60 + (index * 7919) % 3_540) * 1_000_000_000
        try appendClaimedSession(
            id: id, wall: wall, boot: boot, bootID: bootID, away: away, calculator: calculator,
            encoder: &encoder, into: &buffer)
        // Play half an hour, then the next departure: sessions never overlap, claims stay inside the daily
        // budget, and a million sessions span about 114 years (well inside Int64 nanoseconds).
        wall += away + 1_800_000_000_000
        boot += away + 1_800_000_000_000
        if buffer.count > 8 << 20 {
            handle.write(Data(buffer))
            buffer.removeAll(keepingCapacity: true)
        }
    }
    handle.write(Data(buffer))
    try handle.close()
    let size = (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
    print("wrote \(out): \(sessions) sessions, \(3 * sessions) records, \(size) bytes")
}

/// `audit`: audits a journal with the library (no output per session) and prints records/s, MB/s, and
/// peak resident memory. Arguments: `--journal FILE --key-file FILE [--single-thread]`.
func runAuditBenchmark(arguments: [String]) throws {
    let options = BenchmarkArguments(arguments)
    guard let path = options.value("--journal"), let keyPath = options.value("--key-file") else {
        print("usage: PlaytimeBenchmarks audit --journal FILE --key-file FILE")
        return
    }
    let key = try KeyFile.load(path: keyPath)
    if let stage = options.value("--stage") {
        try measureAuditStage(stage, path: path, key: key)
        return
    }
    let singleThread = arguments.contains("--single-thread")
    // The generated journal spans about 114 years from 2026: it is judged as of 2200, after its last record.
    let auditor = SessionAuditor(
        key: key, configuration: AuditConfiguration(serverNowNanoseconds: judgedAfterGeneratedJournal),
        crossDeviceChecks: false, judgesConcurrently: !singleThread)
    let started = SystemClock.bootNanoseconds()
    var sessions = 0
    let file = try OpenFile(path: path, options: [])
    try auditor.audit(file: file, name: path) { _ in sessions += 1 }
    let summary = auditor.finish()
    let seconds = Double(SystemClock.bootNanoseconds() - started) / 1e9
    print(
        String(
            format: "audit (%@): %d records, %d sessions, %.1f MB in %.3f s → %.0f records/s, %.1f MB/s; %d findings; peak RSS %.1f MB",
            singleThread ? "one thread" : "verify and judge on two threads", Int(summary.records), sessions, Double(summary.bytes) / 1e6, seconds,
            Double(summary.records) / seconds,
            Double(summary.bytes) / 1e6 / seconds, summary.findings.count, Double(peakResidentKilobytes()) / 1024))
}

/// Peak resident set size of this process, from /proc/self/status (VmHWM), in KiB; 0 where unavailable.
func peakResidentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Times one stage of the audit's hot path alone (`verify`, `stream`, `decode`), to see where time goes.
private func measureAuditStage(_ stage: String, path: String, key: JournalKey) throws {
    let started = SystemClock.bootNanoseconds()
    let verification: JournalVerification
    var decoded = 0
    switch stage {
    case "verify":
        verification = try JournalReader.verify(path: path, key: key)
    case "stream":
        let file = try OpenFile(path: path, options: [])
        verification = try JournalReader.stream(file: file, key: key) { view in decoded += view.payload.count & 1 }
    default:
        var decoder = EvidenceDecoder()
        let file = try OpenFile(path: path, options: [])
        verification = try JournalReader.stream(file: file, key: key) { view in
            if view.typeHasPrefix("session."), decoder.decode(view.payload) != nil {
                decoded += 1
            } else if view.hasType("claim"), ClaimCodec.decode(view.payload) != nil {
                decoded += 1
            }
        }
    }
    let seconds = Double(SystemClock.bootNanoseconds() - started) / 1e9
    print(
        String(
            format: "stage %@: %d records in %.3f s → %.1f MB/s (%d)", stage, Int(verification.recordCount), seconds,
            Double(verification.verifiedByteCount) / 1e6 / seconds, decoded))
}

/// 2200-01-01T00:00:00Z, after the last record of any journal `gen-journal` writes (`scripts/bench-audit.sh`
/// passes the same time to `playtime audit --now`).
let judgedAfterGeneratedJournal: Int64 = 7_258_118_400_000_000_000
