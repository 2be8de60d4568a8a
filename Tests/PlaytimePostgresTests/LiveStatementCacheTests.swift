import Testing

@testable import PlaytimePostgres

/// The per-connection cache of named prepared statements, against the real server.
@Suite("Prepared-statement cache against a real PostgreSQL", .enabled(if: LiveServer.isAvailable))
struct LiveStatementCacheTests {
    func connect(capacity: Int = 64) throws -> PostgresConnection {
        var configuration = try LiveServer.configuration()
        configuration.statementCacheCapacity = capacity
        return try PostgresConnection.connect(configuration)
    }

    /// This session's prepared statements whose text is `sql`.
    func preparedCount(_ connection: PostgresConnection, _ sql: String) throws -> Int {
        Int(try connection.query("SELECT count(*) FROM pg_prepared_statements WHERE statement = $1", [sql]).rows[0][0] ?? "") ?? -1
    }

    @Test("A repeated statement is prepared once and reused, with its columns")
    func reuse() throws {
        let connection = try connect()
        defer { connection.close() }
        let sql = "SELECT $1::int * 2 AS doubled, 'x' AS tag"
        for value in 1...5 {
            let result = try connection.query(sql, [String(value)])
            #expect(result.columns == ["doubled", "tag"])
            #expect(result.rows == [[String(value * 2), "x"]])
        }
        #expect(try preparedCount(connection, sql) == 1)
    }

    @Test("Capacity 0: nothing is prepared by name")
    func disabled() throws {
        let connection = try connect(capacity: 0)
        defer { connection.close() }
        _ = try connection.query("SELECT 7")
        _ = try connection.query("SELECT 7")
        #expect(try connection.query("SELECT count(*) FROM pg_prepared_statements").rows == [["0"]])
    }

    @Test("The oldest statement is closed when the cache is full")
    func eviction() throws {
        let connection = try connect(capacity: 2)
        defer { connection.close() }
        _ = try connection.query("SELECT 1")
        _ = try connection.query("SELECT 2")
        _ = try connection.query("SELECT 3")
        // The count query is a fourth statement: preparing it evicts "SELECT 2", whose Close goes out with the next
        // pipeline; "SELECT 1" was closed before it. So: 3 while it first runs, then 2 (itself and "SELECT 3").
        let count = "SELECT count(*) FROM pg_prepared_statements"
        #expect(try connection.query(count).rows == [["3"]])
        #expect(try connection.query(count).rows == [["2"]])
        #expect(try connection.query("SELECT 1").rows == [["1"]])
    }

    @Test("A table change that alters a cached statement's columns: the statement is prepared anew, the query succeeds")
    func resultTypeChange() throws {
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.query("CREATE TEMP TABLE shape (a int)")
        _ = try connection.query("INSERT INTO shape VALUES (1)")
        #expect(try connection.query("SELECT * FROM shape").columns == ["a"])
        _ = try connection.query("ALTER TABLE shape ADD COLUMN b text DEFAULT 'new'")
        let after = try connection.query("SELECT * FROM shape")
        #expect(after.columns == ["a", "b"])
        #expect(after.rows == [["1", "new"]])
    }

    @Test("A cached statement deallocated behind the client's back (26000) is prepared anew; DISCARD ALL is noticed")
    func deallocated() throws {
        let connection = try connect()
        defer { connection.close() }
        let sql = "SELECT $1::text || '!'"
        _ = try connection.query(sql, ["a"])
        let name = try #require(try connection.query("SELECT name FROM pg_prepared_statements WHERE statement = $1", [sql]).rows.first?[0] ?? nil)
        _ = try connection.simpleQuery("DEALLOCATE \(name)")
        #expect(try connection.query(sql, ["b"]).rows == [["b!"]])
        _ = try connection.query("DISCARD ALL")
        #expect(try connection.query(sql, ["c"]).rows == [["c!"]])
        #expect(try preparedCount(connection, sql) == 1)
    }

    @Test("A statement that fails to parse is not cached; one that fails later is, and works next time")
    func failures() throws {
        let connection = try connect()
        defer { connection.close() }
        for _ in 0..<2 {
            #expect(throws: PostgresError.self) { try connection.query("SELEC 1") }
        }
        let division = "SELECT 10 / $1::int"
        #expect(throws: PostgresError.self) { try connection.query(division, ["0"]) }
        #expect(try connection.query(division, ["5"]).rows == [["2"]])
        #expect(try preparedCount(connection, division) == 1)
    }

    @Test("Inside a failed transaction the cache does not get in the way of ROLLBACK")
    func failedTransaction() throws {
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.query("BEGIN")
        #expect(throws: PostgresError.self) { try connection.query("SELECT 1 / 0") }
        _ = try connection.query("ROLLBACK")
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.query("SELECT 1 / 1").rows == [["1"]])
    }
}
