import Foundation
import PlaytimePostgres
import Testing

/// The real server that scripts/test.sh starts with scripts/postgres-loopback.sh (its `export` lines). Without
/// PLAYTIME_POSTGRES_URL the live suites are skipped, unless PLAYTIME_REQUIRE_POSTGRES=1 (CI) makes that a failure.
enum LiveServer {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static var isAvailable: Bool { environment["PLAYTIME_POSTGRES_URL"] != nil }
    static var isRequired: Bool { environment["PLAYTIME_REQUIRE_POSTGRES"] == "1" }

    /// The configuration of one of the harness's URLs, with short deadlines so a failure shows quickly.
    static func configuration(_ variable: String = "PLAYTIME_POSTGRES_URL") throws -> PostgresConfiguration {
        let url = try #require(environment[variable], "\(variable) is not set")
        var configuration = try PostgresConfiguration(url: url)
        configuration.connectTimeoutNanoseconds = 10_000_000_000
        configuration.queryTimeoutNanoseconds = 20_000_000_000
        return configuration
    }

    /// The same role and database over the harness's Unix socket directory.
    static func socketConfiguration(_ variable: String) throws -> PostgresConfiguration {
        var configuration = try configuration(variable)
        let directory: String = try #require(environment["PLAYTIME_POSTGRES_SOCKET_DIR"])
        configuration.socketDirectory = directory
        return configuration
    }

    /// Runs scripts/postgres-loopback.sh with `arguments`; returns its standard output. The output goes to a file,
    /// not a pipe: a child that another test spawns at the same moment may inherit a pipe's write end and keep it
    /// open for its whole life.
    @discardableResult
    static func harness(_ arguments: [String]) throws -> String {
        let script = try #require(environment["PLAYTIME_POSTGRES_HARNESS"], "PLAYTIME_POSTGRES_HARNESS is not set")
        let outputPath = NSTemporaryDirectory() + "playtime-postgres-harness-" + UUID().uuidString
        try #require(FileManager.default.createFile(atPath: outputPath, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try #require(process.terminationStatus == 0, "postgres-loopback.sh \(arguments.joined(separator: " ")) failed")
        return try String(contentsOfFile: outputPath, encoding: .utf8)
    }

    /// A table name no other test run uses.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UInt64.random(in: 0...UInt64.max) % 1_000_000_000_000)"
    }
}

/// A server of the test's own, started with the harness in a directory next to the shared one, so stopping and
/// restarting it cannot disturb the tests that share the main server.
struct PrivateServer {
    let directory: String
    let configuration: PostgresConfiguration

    /// Starts a fresh server (a leftover in the same directory from a killed run is replaced) on the shared
    /// server's port plus `portOffset`: servers that may run at the same time (suites run in parallel) need
    /// offsets of their own.
    static func start(_ name: String, portOffset: Int) throws -> PrivateServer {
        let shared = try #require(LiveServer.environment["PLAYTIME_POSTGRES_DIR"])
        let port = Int(LiveServer.environment["PLAYTIME_POSTGRES_PORT"] ?? "") ?? 25432
        let directory = "\(shared)-\(name)"
        let facts = try LiveServer.harness(["start", directory, String(port + portOffset)])
        let line = try #require(facts.split(separator: "\n").first { $0.hasPrefix("export PLAYTIME_POSTGRES_URL=") })
        let url = line.dropFirst("export PLAYTIME_POSTGRES_URL=".count).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        var configuration = try PostgresConfiguration(url: url)
        configuration.connectTimeoutNanoseconds = 5_000_000_000
        configuration.queryTimeoutNanoseconds = 20_000_000_000
        return PrivateServer(directory: directory, configuration: configuration)
    }

    /// `halt`, `resume` or `restart`.
    func control(_ action: String) throws { try LiveServer.harness([action, directory]) }

    /// Stops the server and removes its directory.
    func stop() { _ = try? LiveServer.harness(["stop", directory]) }
}

/// PLAYTIME_REQUIRE_POSTGRES=1 without a server is a failure, not a skip.
@Suite("PostgreSQL harness")
struct LiveServerPresenceTests {
    @Test("The server must be configured when required")
    func configuredWhenRequired() {
        if LiveServer.isRequired {
            #expect(LiveServer.isAvailable, "PLAYTIME_REQUIRE_POSTGRES=1 but PLAYTIME_POSTGRES_URL is not set")
        }
    }
}

/// Runs a blocking test body (waiting on a server, a child process or other threads) on a thread of its own rather
/// than on Swift's cooperative pool, which every suite of the test process shares: scripts/test.sh runs all suites
/// at once, and a body that holds a pool thread for seconds starves the others. The body stays in the test's
/// task, so `#expect` and `#require` work in it as anywhere.
func onOwnThread<T>(_ body: () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor()) { try body() }
}

/// A task executor that runs each job on a new thread.
private final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { unowned.runSynchronously(on: executor) }
        thread.start()
    }
}
