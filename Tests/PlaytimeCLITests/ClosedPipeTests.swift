import Foundation
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `playtime … | head -c1`: a reader that leaves early ends the output quietly, with the command's own exit
/// status (never 141 from SIGPIPE, never a message).
@Suite("playtime with a closed standard output (binary)")
struct ClosedPipeTests {
    /// How the test plays the reader: gone before the binary writes a byte (every write meets a pipe without a
    /// reader: the old binary died of SIGPIPE every time), or gone after taking one byte (as `head -c1`).
    enum Reader: String, CaseIterable, Sendable {
        case goneBeforeTheFirstByte
        case goneAfterOneByte
    }

    struct Outcome {
        var status: Int32
        var killedBySignal: Bool
        var standardError: String
        var firstByte: [UInt8]
    }

    /// Runs the binary with standard output a pipe whose read end this test closes, as `reader` says.
    static func run(_ arguments: [String], reader: Reader) async throws -> Outcome {
        guard let url = PlaytimeBinary.url else { throw CLIError("the playtime binary was not found next to the tests; run 'swift build' first") }
        return try await runOffCooperativePool {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw CLIError("pipe failed") }
            let readEnd = ends[0]
            var readEndOpen = true
            defer { if readEndOpen { close(readEnd) } }
            let writeHandle = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            if reader == .goneBeforeTheFirstByte {
                close(readEnd)
                readEndOpen = false
            }
            let process = Process()
            process.executableURL = url
            process.arguments = arguments
            process.standardOutput = writeHandle
            process.standardInput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            try writeHandle.close()
            var first: [UInt8] = []
            if readEndOpen {
                var byte: UInt8 = 0
                if read(readEnd, &byte, 1) == 1 { first = [byte] }
                close(readEnd)
                readEndOpen = false
            }
            let errorData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Outcome(
                status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                standardError: String(decoding: errorData, as: UTF8.self), firstByte: first)
        }
    }

    @Test(
        "reward --curve, simulate --json and audit --json: no SIGPIPE, nothing on standard error, the status a full run gives",
        arguments: Reader.allCases)
    func quietEnd(reader: Reader) async throws {
        let directory = try TemporaryJournalDirectory(prefix: "playtime-pipe")
        defer { directory.cleanUp() }
        // Enough sessions that the audit writes well past a pipe's buffer.
        try AuditCommandTests.journal(directory.file("j"), key: directory.key, count: 40)
        let commands: [[String]] = [
            ["reward", "--curve"],
            ["reward", "--svg", "-"],
            ["simulate", "--json", "--trials", "1", "--seed", "3"],
            ["audit", "--json", "--key-file", directory.keyPath, "--now", "2026-12-10T00:00:00Z", directory.file("j")],
        ]
        for arguments in commands {
            let full = try await PlaytimeBinary.run(arguments)
            let cut = try await Self.run(arguments, reader: reader)
            let name = arguments.prefix(2).joined(separator: " ")
            #expect(!cut.killedBySignal, "\(name): killed by signal \(cut.status)")
            #expect(cut.status == full.status, "\(name): exit \(cut.status) with the reader gone, \(full.status) in full")
            #expect(cut.standardError.isEmpty, "\(name) wrote to standard error: \(cut.standardError)")
            if reader == .goneAfterOneByte { #expect(cut.firstByte == Array(full.standardOutput.utf8.prefix(1)), "\(name)") }
        }
    }

    @Test("reward --curve with the reader gone exits 0, as documented")
    func rewardExitsZero() async throws {
        let cut = try await Self.run(["reward", "--curve"], reader: .goneBeforeTheFirstByte)
        #expect(cut.status == 0 && !cut.killedBySignal)
    }
}
