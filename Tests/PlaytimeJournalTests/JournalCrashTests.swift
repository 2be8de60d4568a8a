import Foundation
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills a real appending process with SIGKILL at random moments and checks that every append that
/// returned survived and that the journal verifies up to at most a torn tail.
///
/// The child is `playtime journal-append-loop <journal> <key>` (``JournalCrashHarness/appendLoop(journalPath:keyPath:limit:)``),
/// found next to the test binary or named by `PLAYTIME_CRASH_CHILD`. The test is disabled when that
/// binary does not exist or does not implement the subcommand. `PLAYTIME_CRASH_KILLS` sets the number
/// of kills (default 200).
@Suite("Journal crash safety (SIGKILL)")
struct JournalCrashTests {
    /// The child executable, if it exists and answers the probe correctly.
    static let child: String? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates =
            [environment["PLAYTIME_CRASH_CHILD"]].compactMap { $0 } + [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("playtime").path
            ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if probe(candidate) { return candidate }
        }
        return nil
    }()

    /// Runs the child with a limit of 2 records and expects it to report "1" and "2".
    static func probe(_ executable: String) -> Bool {
        (try? JournalFixtures.withTemporaryDirectory { directory -> Bool in
            guard (try? KeyFile.generate(path: directory + "/key")) != nil else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["journal-append-loop", directory + "/probe.jsonl", directory + "/key", "2"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus == 0 && String(decoding: data, as: UTF8.self) == "1\n2\n"
        }) ?? false
    }

    @Test("The crash child exists when required (PLAYTIME_REQUIRE_CRASH_CHILD=1 in CI)")
    func childPresentWhenRequired() {
        if ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_CRASH_CHILD"] == "1" {
            #expect(Self.child != nil, "playtime journal-append-loop was not found or did not answer the probe")
        }
    }

    @Test("SIGKILL at random moments never loses an acknowledged append", .enabled(if: child != nil))
    func killLoop() async throws {
        let executable = try #require(Self.child)
        let kills = Int(ProcessInfo.processInfo.environment["PLAYTIME_CRASH_KILLS"] ?? "") ?? 200
        try await JournalFixtures.withTemporaryDirectory { directory in
            let keyPath = directory + "/key"
            let journalPath = directory + "/crash.jsonl"
            let key = try KeyFile.generate(path: keyPath)
            var random = SeededGenerator(seed: UInt64(UInt32.random(in: 0...UInt32.max)))
            var highestAcknowledged: UInt64 = 0
            var tornTails = 0

            for round in 0..<kills {
                let pause = UInt32.random(in: 1_000...40_000, using: &random)
                // The child runs, is killed and reaped on a thread of its own (not the cooperative pool).
                let data = try await runOffCooperativePool {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: executable)
                    process.arguments = ["journal-append-loop", journalPath, keyPath]
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    usleep(pause)
                    kill(process.processIdentifier, SIGKILL)
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return data
                }
                let acknowledged = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
                if let last = acknowledged.last.flatMap({ UInt64($0) }) {
                    highestAcknowledged = max(highestAcknowledged, last)
                }

                // A child killed before its first fsync'd header may leave no file or an empty/torn header.
                guard FileManager.default.fileExists(atPath: journalPath) else {
                    #expect(highestAcknowledged == 0, "round \(round): journal vanished")
                    continue
                }
                let result = try JournalReader.verify(path: journalPath, key: key)
                if let failure = result.failure {
                    #expect(failure.reason == .truncated, "round \(round): \(failure)")
                    #expect(result.header != nil || highestAcknowledged == 0, "round \(round): header lost")
                    tornTails += 1
                }
                #expect(
                    result.recordCount >= highestAcknowledged,
                    "round \(round): acknowledged \(highestAcknowledged) but only \(result.recordCount) verified")
            }
            #expect(highestAcknowledged > 0, "the child never completed an append before being killed")
            print("crash test: \(kills) kills, \(highestAcknowledged) acknowledged appends, \(tornTails) torn tails seen")
        }
    }
}
