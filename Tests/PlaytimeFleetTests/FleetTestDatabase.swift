import Foundation
import PlaytimeFleet
import PlaytimePostgres

/// The PostgreSQL server of the test run (scripts/test.sh starts one with scripts/postgres-loopback.sh and exports
/// PLAYTIME_POSTGRES_URL); each test gets a database of its own, dropped afterwards, so counts are its own.
/// Without a server the PostgreSQL tests are skipped; with PLAYTIME_REQUIRE_POSTGRES=1 (CI) that is a failure.
enum FleetTestServer {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    /// The URL of the harness's `playtime` database.
    static var url: String? { environment["PLAYTIME_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 } }
    /// True when a missing server must fail the run.
    static var required: Bool { environment["PLAYTIME_REQUIRE_POSTGRES"] == "1" }
    /// True when the PostgreSQL tests can run.
    static var available: Bool { url != nil }
    /// scripts/postgres-loopback.sh, for a server of a test's own.
    static var harness: String? { environment["PLAYTIME_POSTGRES_HARNESS"] }

    /// `url` with its database name replaced by `database`.
    static func url(_ base: String, database: String) -> String {
        var text = base
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        let start = text.range(of: "://").map(\.upperBound) ?? text.startIndex
        if let slash = text[start...].firstIndex(of: "/") { text = String(text[..<slash]) }
        return text + "/" + database
    }
}

/// A fresh database on the test server, created by the harness's user (it may create databases).
final class FleetTestDatabase: @unchecked Sendable {
    let name: String
    let url: String
    private let admin: PostgresPool
    /// One connection to the new database, for the tests' own checks.
    let pool: PostgresPool

    /// Creates `pt_<random>` on the server at `base` (default PLAYTIME_POSTGRES_URL).
    init(base: String? = FleetTestServer.url) throws {
        guard let base else { throw FleetTestError("PLAYTIME_POSTGRES_URL is not set") }
        name = "pt_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        url = FleetTestServer.url(base, database: String(name))
        admin = PostgresPool(configuration: try PostgresConfiguration(url: base), maximumConnections: 1)
        _ = try admin.query("CREATE DATABASE \(name)", [])
        pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maximumConnections: 1)
    }

    /// A fleet database on it (migrated).
    func open(connections: Int = 4) throws -> FleetDatabase {
        try FleetDatabase(url: url, maximumConnections: connections)
    }

    /// One value of a one-row, one-column query.
    func scalar(_ sql: String, _ parameters: [String?] = []) throws -> String? {
        try pool.query(sql, parameters).rows.first?.first ?? nil
    }

    /// An integer of a one-row, one-column query.
    func count(_ sql: String, _ parameters: [String?] = []) throws -> Int {
        guard let text = try scalar(sql, parameters), let value = Int(text) else { throw FleetTestError("\(sql) gave no integer") }
        return value
    }

    /// Drops it (forcing out connections left open).
    func drop() {
        _ = try? admin.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", [])
    }
}

struct FleetTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
