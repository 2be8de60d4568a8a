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

    /// Runs the harness script (`halt`, `resume`, `restart`) on the test server's directory.
    static func harness(_ action: String) throws {
        let script = try #require(environment["PLAYTIME_POSTGRES_HARNESS"])
        let directory = try #require(environment["PLAYTIME_POSTGRES_DIR"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [action, directory]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "postgres-loopback.sh \(action) failed")
    }

    /// A table name no other test run uses.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UInt64.random(in: 0...UInt64.max) % 1_000_000_000_000)"
    }
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
