import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// Interoperability with the Python reference in Benchmarks/python/, written only from docs/journal-format.md:
/// a journal written by Python verifies in Swift with the same credited seconds, and the other way round.
@Suite("Interop with the Python reference implementation")
struct InteropTests {
    static var python: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/root/.pyenv/shims/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var scripts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/python")
    }

    /// Runs a Python script; returns status and standard output.
    func runPython(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let python = try #require(Self.python, "python3 is needed for the interop tests")
        let path = Self.scripts.appendingPathComponent(script).path
        return try await runOffCooperativePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [path] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    /// Credited seconds per session as Python's auditor computes them.
    func pythonCredits(journal: String, key: String) async throws -> [String: Int] {
        let run = try await runPython("auditor.py", ["--key-file", key, journal, "--json"])
        #expect(run.status == 0, "python auditor exit \(run.status)")
        var credits: [String: Int] = [:]
        for line in run.output.split(separator: "\n") {
            let object = try jsonObject(String(line))
            if let id = object["sessionId"] as? String, let seconds = object["creditedSeconds"] as? Int { credits[id] = seconds }
        }
        return credits
    }

    /// Credited seconds per session as Swift computes them (journal → assembler → verdict).
    func swiftCredits(journal: String, key: JournalKey) throws -> [String: Int] {
        var credits: [String: Int] = [:]
        let verification = try SessionJournal.read(path: journal, key: key) { timeline in
            credits[timeline.sessionID] = Int(ElapsedVerdict(timeline: timeline).creditedSeconds)
        }
        #expect(verification.failure == nil, "\(String(describing: verification.failure))")
        return credits
    }

    @Test("A journal written by Python verifies in Swift, with the same credited seconds per session", .enabled(if: python != nil))
    func pythonToSwift() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-py")
        defer { directory.cleanUp() }
        let keyPath = directory.file("py.key")
        let journal = directory.file("py.jsonl")
        let written = try await runPython("write_journal.py", ["--key-file", keyPath, "--out", journal, "--sessions", "300", "--seed", "11"])
        #expect(written.status == 0)
        let key = try KeyFile.load(path: keyPath)
        let swift = try swiftCredits(journal: journal, key: key)
        let python = try await pythonCredits(journal: journal, key: keyPath)
        #expect(swift.count >= 300)
        let differing = swift.filter { python[$0.key] != $0.value }.map { "\($0.key): Swift \($0.value) s, Python \(python[$0.key].map(String.init) ?? "missing") s" }
        #expect(differing.isEmpty, "\(differing.count) sessions differ, e.g. \(differing.sorted().prefix(5))")
        #expect(Set(swift.keys) == Set(python.keys))
    }

    @Test("A journal written by Swift verifies in Python, with the same credited seconds per session", .enabled(if: python != nil))
    func swiftToPython() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-swift")
        defer { directory.cleanUp() }
        let journal = directory.file("swift.jsonl")
        var builder = try JournalBuilder(path: journal, key: directory.key)
        var wall: Int64 = 1_796_083_200_000_000_000
        var boot: Int64 = 3_000_000_000_000
        for index in 0..<50 {
            try builder.honestSession(id: String(format: "%016x", index + 1), bootID: "boot-\(index / 10)", departWall: wall, departBoot: boot,
                                      awaySeconds: Int64(60 + index * 97), withNetwork: index % 3 != 0)
            wall += 9_000_000_000_000
            boot += 9_000_000_000_000
        }
        // A reboot while away without network, settled by a later fix in the new boot.
        let departure = Evidence(event: .background, sessionID: "00000000000000ff", clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: "boot-old"),
                                 network: NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: 3_000_000), connectivity: .unknown, goldPerHour: 600, policyVersion: "default-1")
        let arrival = Evidence(event: .launch, sessionID: "00000000000000ff", clock: ClockReading(wallNanoseconds: wall + 7_200_000_000_000, bootNanoseconds: 120_000_000_000, bootID: "boot-new"),
                               network: nil, connectivity: .unknown)
        let settlement = Evidence(event: .settlement, sessionID: "00000000000000ff", clock: ClockReading(wallNanoseconds: wall + 7_500_000_000_000, bootNanoseconds: 420_000_000_000, bootID: "boot-new"),
                                  network: NetworkTime(unixNanoseconds: wall + 7_500_000_000_000, errorBoundNanoseconds: 4_000_000), connectivity: Connectivity(state: .online, reason: "ntp-ok"))
        try builder.append(departure)
        try builder.append(arrival)
        try builder.append(settlement)
        try builder.close()
        let swift = try swiftCredits(journal: journal, key: directory.key)
        let python = try await pythonCredits(journal: journal, key: directory.keyPath)
        #expect(swift.count == 51)
        #expect(swift["00000000000000ff"] == 7_199)
        let differing = swift.filter { python[$0.key] != $0.value }.map { "\($0.key): Swift \($0.value) s, Python \(python[$0.key].map(String.init) ?? "missing") s" }
        #expect(differing.isEmpty, "\(differing.count) sessions differ, e.g. \(differing.sorted().prefix(5))")
        #expect(Set(swift.keys) == Set(python.keys))
    }
}
