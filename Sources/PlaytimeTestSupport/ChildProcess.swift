import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built executable of this package (`playtime-fleet-worker`, `playtime-server`), found next to the test bundle.
package enum BuiltBinary {
    /// The path of the built executable `name`, looked for beside the test bundle and up to five folders above it.
    package static func path(_ name: String) throws -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw ChildProcessError(description: "the \(name) binary was not found next to the tests; run 'swift build --build-tests' first")
    }
}

/// A child process whose standard output is read line by line as it arrives, so a test can wait for a line
/// (never for a time) and kill it with SIGKILL at that point.
package final class ChildProcess: @unchecked Sendable {
    /// The process.
    package let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial: [UInt8] = []
    private var ended = false
    private var errorText: [UInt8] = []
    private let errorsRead = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments` (standard input empty; `environment` added to this process's).
    package init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                lock.lock()
                if chunk.isEmpty {
                    if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)) }
                    ended = true
                    lock.broadcast()
                    lock.unlock()
                    return
                }
                for byte in chunk {
                    if byte == 0x0a {
                        lines.append(String(decoding: partial, as: UTF8.self))
                        partial.removeAll(keepingCapacity: true)
                    } else {
                        partial.append(byte)
                    }
                }
                lock.broadcast()
                lock.unlock()
            }
        }
        let errorHandle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            let data = errorHandle.readDataToEndOfFile()
            lock.lock()
            errorText = Array(data)
            lock.unlock()
            errorsRead.signal()
        }
    }

    /// Blocks until `predicate` holds for the lines so far, or the output ended; returns the lines.
    package func wait(until predicate: ([String]) -> Bool) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        while !predicate(lines) && !ended { lock.wait() }
        return lines
    }

    /// Blocks until the process exits and its output is read; returns every line. Waits for the end of the output
    /// at most 5 s after the exit: a process spawned meanwhile by another test may have inherited the pipe.
    package func finish() -> [String] {
        process.waitUntilExit()
        lock.lock()
        let limit = Date().addingTimeInterval(5)
        while !ended && lock.wait(until: limit) {}
        let all = lines
        lock.unlock()
        _ = errorsRead.wait(timeout: .now() + 5)
        errorsRead.signal()
        return all
    }

    /// SIGKILL, as a crash: the process gets no chance to finish anything.
    package func killHard() {
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` (SIGTERM, SIGHUP, …) if it still runs.
    package func send(_ signal: Int32) {
        if process.isRunning { _ = kill(process.processIdentifier, signal) }
    }

    /// The exit status once it ended (`finish()` waits for it).
    package var exitStatus: Int32 { process.terminationStatus }

    /// The lines so far.
    package var currentLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// What it wrote to standard error so far.
    package var standardError: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self)
    }
}

/// A child process could not be found or started.
package struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String

    /// An error saying `description`.
    package init(description: String) { self.description = description }
}
