import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport

/// `cost`: the inputs that once cost more than linear time (docs/fleet.md, "Limits and cost"), each judged
/// beside a plain journal of the same size judged the same way in the same run (audited by `SessionAuditor`,
/// or uploaded through `UploadGate` to fresh file stores), with the ratio. Best of `--runs` (3).
/// `--breakdown` adds the upload through the gate on in-memory stores, without the account store, and
/// audited, each against the plain journal audited.
/// Arguments: `[--sessions 4000] [--held 1100] [--heartbeats 180000] [--names 70000] [--runs 3] [--dir DIR] [--breakdown]`.
func runCostBenchmark(arguments: [String]) throws {
    let options = BenchmarkArguments(arguments)
    let runs = max(1, options.integer("--runs") ?? 3)
    let directory = options.value("--dir") ?? NSTemporaryDirectory() + "playtime-bench-cost-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { if options.value("--dir") == nil { try? FileManager.default.removeItem(atPath: directory) } }
    let key = try JournalKey(bytes: Array(repeating: 0x5a, count: 32))
    // Limits raised so that each input is judged in full (the defaults refuse the largest ones unread).
    var limits = InputLimits()
    limits.bytesPerUpload = 1 << 30
    limits.records = 10_000_000
    limits.sessions = 10_000_000
    limits.claims = 10_000_000
    limits.multipliersPerClaim = 1_000_000
    let bench = CostBench(directory: directory, key: key, limits: limits, runs: runs)

    print(pad("input") + " " + ["MB", "seconds", "plain s", "ratio"].map { String(repeating: " ", count: 9 - $0.count) + $0 }.joined(separator: " "))
    let sessions = options.integer("--sessions") ?? 4_000
    let upload = try CostlyJournals.networkSessions(count: sessions, key: key)
    try bench.compare("upload of \(sessions) network-proven sessions (gate, file stores)", upload, path: .gate)
    if arguments.contains("--breakdown") {
        try bench.compare("  the same, gate on in-memory stores (vs plain audited)", upload, path: .memoryGate)
        try bench.compare("  the same, gate without an account store (vs plain audited)", upload, path: .noAccounts)
        try bench.compare("  the same, audited", upload, path: .audit)
    }
    let held = options.integer("--held") ?? 1_100
    let beats = options.integer("--heartbeats") ?? 180_000
    let withNetwork = try CostlyJournals.heldReturns(held, heartbeats: beats, heartbeatNetwork: true, key: key)
    try bench.compare("\(held) held returns + \(beats) heartbeats with network (audit)", withNetwork, path: .audit)
    try bench.compare("the same, as an upload (gate, file stores)", withNetwork, path: .gate)
    try bench.compare(
        "\(held) held returns + \(beats) heartbeats, no network (audit)",
        CostlyJournals.heldReturns(held, heartbeats: beats, heartbeatNetwork: false, key: key), path: .audit)
    let names = options.integer("--names") ?? 70_000
    try bench.compare(
        "1 claim naming \(names) distinct multipliers (audit)",
        CostlyJournals.multiplierClaims(1, names: names, key: key), path: .audit)
    try bench.compare(
        "3 claims naming \(names) distinct multipliers each (audit)",
        CostlyJournals.multiplierClaims(3, names: names, key: key), path: .audit)
}

/// `text` padded to the label column.
private func pad(_ text: String) -> String { text.count >= 62 ? text : text + String(repeating: " ", count: 62 - text.count) }

/// Measures one input and its plain control.
private struct CostBench {
    enum Path { case audit, gate, memoryGate, noAccounts }

    let directory: String
    let key: JournalKey
    let limits: InputLimits
    let runs: Int

    func compare(_ label: String, _ bytes: [UInt8], path: Path) throws {
        let input = directory + "/input.jsonl"
        let control = directory + "/plain.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        try Data(CostlyJournals.plain(byteCount: bytes.count, key: key)).write(to: URL(fileURLWithPath: control))
        var best = Double.infinity
        var bestPlain = Double.infinity
        for run in 0..<runs {
            // The control is the plain journal judged the same way (audited, or uploaded to the same kind of stores).
            bestPlain = min(
                bestPlain,
                try time {
                    switch path {
                    case .audit: try audit(control)
                    case .gate: try gate(control, run: run)
                    case .memoryGate, .noAccounts: try audit(control)
                    }
                })
            best = min(
                best,
                try time {
                    switch path {
                    case .audit: try audit(input)
                    case .gate: try gate(input, run: run)
                    case .memoryGate: try memoryGate(input, accounts: true)
                    case .noAccounts: try memoryGate(input, accounts: false)
                    }
                })
        }
        print(pad(label) + String(format: " %9.1f %9.3f %9.3f %8.2f×", Double(bytes.count) / 1e6, best, bestPlain, best / bestPlain))
    }

    private func time(_ body: () throws -> Void) throws -> Double {
        let started = SystemClock.bootNanoseconds()
        try body()
        return Double(SystemClock.bootNanoseconds() - started) / 1e9
    }

    private func configuration() -> AuditConfiguration {
        var configuration = AuditConfiguration(serverNowNanoseconds: CostlyJournals.judgedAfter)
        configuration.limits = limits
        return configuration
    }

    private func audit(_ path: String) throws {
        let auditor = SessionAuditor(key: key, configuration: configuration(), crossDeviceChecks: false)
        let file = try OpenFile(path: path, options: [])
        try auditor.audit(file: file, name: path) { _ in }
        _ = auditor.finish()
    }

    /// The gate on in-memory stores (with or without the account store): what the gate itself costs.
    private func memoryGate(_ path: String, accounts: Bool) throws {
        let gate = UploadGate(
            key: key, configuration: configuration(), registry: InMemoryDeviceRegistry(),
            accounts: accounts ? InMemoryAccountIntervalStore() : nil)
        let file = try OpenFile(path: path, options: [])
        _ = try gate.accept(file: file, now: CostlyJournals.judgedAfter, account: "player")
    }

    /// The server's path: a fresh file registry and account store, then the upload gate.
    private func gate(_ path: String, run: Int) throws {
        let state = directory + "/state-\(run)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let gate = UploadGate(
            key: key, configuration: configuration(), registry: try FileDeviceRegistry(directory: state + "/registry"),
            accounts: try FileAccountIntervalStore(directory: state + "/accounts"))
        let file = try OpenFile(path: path, options: [])
        _ = try gate.accept(file: file, now: CostlyJournals.judgedAfter, account: "player")
    }
}
