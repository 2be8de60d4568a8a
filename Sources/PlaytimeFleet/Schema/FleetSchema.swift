package import PlaytimePostgres

/// The fleet's versioned schema: created and migrated by the library, idempotently (docs/fleet.md, "Schema").
///
/// ``migrate(_:)`` runs in one transaction that first takes a transaction-scoped advisory lock, so any number
/// of server processes starting at once against an empty or older database take turns: the first creates or
/// upgrades, the others find the version current and change nothing. A database whose version is newer than
/// ``currentVersion`` is refused untouched.
package enum FleetSchema {
    /// The schema version this code creates and reads.
    package static let currentVersion = 4
    /// The advisory lock key that serialises migrations: the ASCII bytes of `playtime` as a big-endian bigint.
    static let migrationLockKey: Int64 = 8_100_957_004_004_683_109

    /// Each version's statements; index 0 holds version 1.
    static let migrations: [[String]] = [
        FleetSchemaV1.statements, FleetSchemaV2.statements, FleetSchemaV3.statements,
        FleetSchemaV4.statements,
    ]

    /// Creates the schema or upgrades it to ``currentVersion``; returns the version found before (0: none).
    @discardableResult
    package static func migrate(_ pool: PostgresPool) throws(FleetError) -> Int {
        let outcome: Result<Int, FleetError>
        do {
            outcome = try pool.transaction { (connection) throws(PostgresError) -> Result<Int, FleetError> in
                _ = try connection.query("SELECT pg_advisory_xact_lock($1)", ["\(migrationLockKey)"])
                _ = try connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS playtime_schema (
                        id int PRIMARY KEY CHECK (id = 1),
                        version int NOT NULL,
                        migrated_at timestamptz NOT NULL DEFAULT now()
                    )
                    """, [])
                let found = try connection.query("SELECT version FROM playtime_schema WHERE id = 1", [])
                let version: Int
                if let row = found.rows.first {
                    guard let text = row.first ?? nil, let value = Int(text) else {
                        return .failure(.unexpectedAnswer("playtime_schema.version is \(String(describing: row.first ?? nil))"))
                    }
                    version = value
                } else {
                    version = 0
                }
                guard version <= currentVersion else {
                    return .failure(.unsupportedSchema(found: version, supported: currentVersion))
                }
                guard version < currentVersion else { return .success(version) }
                for statements in migrations[version...] {
                    for statement in statements { _ = try connection.query(statement, []) }
                }
                _ = try connection.query(
                    """
                    INSERT INTO playtime_schema (id, version) VALUES (1, $1)
                    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, migrated_at = now()
                    """, ["\(currentVersion)"])
                return .success(version)
            }
        } catch {
            throw .database(error)
        }
        return try outcome.get()
    }

    /// The version the database holds (0 when the schema was never created).
    package static func version(_ pool: PostgresPool) throws(FleetError) -> Int {
        let result: PostgresResult
        do {
            result = try pool.query("SELECT version FROM playtime_schema WHERE id = 1", [])
        } catch {
            if case .server(let server) = error, server.sqlState == "42P01" { return 0 }
            throw .database(error)
        }
        guard let row = result.rows.first else { return 0 }
        guard let text = row.first ?? nil, let value = Int(text) else {
            throw .unexpectedAnswer("playtime_schema.version is \(String(describing: row.first ?? nil))")
        }
        return value
    }
}
