import Foundation
import PlaytimeTestSupport

/// Runs the built `playtime` binary, as a user would, and captures what it prints.
struct PlaytimeBinary {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var seconds: Double
    }

    /// The binary next to the test bundle (`swift build` puts both in the same folder), or `PLAYTIME_BINARY`.
    static var url: URL? {
        if let explicit = ProcessInfo.processInfo.environment["PLAYTIME_BINARY"] { return URL(fileURLWithPath: explicit) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("playtime")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `playtime ARGUMENTS` (optionally through a wrapper such as `ip netns exec NS`), with standard input
    /// closed, on a thread of its own so that waiting never blocks the cooperative pool.
    static func run(
        _ arguments: [String], wrapper: [String] = [], environment: [String: String] = [:],
        standardInput: String? = nil, currentDirectory: String? = nil
    ) async throws -> Run {
        try await runOffCooperativePool {
            try runBlocking(arguments, wrapper: wrapper, environment: environment, standardInput: standardInput, currentDirectory: currentDirectory)
        }
    }

    private static func runBlocking(
        _ arguments: [String], wrapper: [String], environment: [String: String], standardInput: String?,
        currentDirectory: String?
    ) throws -> Run {
        guard let url else { throw CLIError("the playtime binary was not found next to the tests; run 'swift build' first") }
        let process = Process()
        if wrapper.isEmpty {
            process.executableURL = url
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: wrapper[0])
            process.arguments = Array(wrapper.dropFirst()) + [url.path] + arguments
        }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        if let standardInput {
            guard let handle = FileHandle(forReadingAtPath: standardInput) else { throw CLIError("cannot open \(standardInput)") }
            process.standardInput = handle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let started = Date()
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    /// Runs an arbitrary helper command (e.g. `ip`), returning its status.
    @discardableResult
    static func shell(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Parses one JSON object printed by the CLI.
func jsonObject(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw CLIError("not a JSON object: \(text)")
    }
    return object
}
