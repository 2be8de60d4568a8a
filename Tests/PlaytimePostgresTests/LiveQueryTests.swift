import PlaytimeSystem
import Testing

@testable import PlaytimePostgres

/// Queries against the real server: parameters, results, errors with SQLSTATE, transaction status, timeouts.
@Suite("Queries against a real PostgreSQL", .enabled(if: LiveServer.isAvailable))
struct LiveQueryTests {
    func connect(queryTimeout: Int64? = nil) throws -> PostgresConnection {
        var configuration = try LiveServer.configuration()
        if let queryTimeout { configuration.queryTimeoutNanoseconds = queryTimeout }
        return try PostgresConnection.connect(configuration)
    }

    @Test("NULL, empty, Unicode and quote-laden parameters round-trip as text")
    func parameterRoundTrip() throws {
        let connection = try connect()
        defer { connection.close() }
        let values: [String?] = [nil, "", "héllo wörld ✓ 日本語 🎮", "it's \"quoted\" \\ back\\slash", "  spaces  ", "\n\t"]
        for value in values {
            let result = try connection.query("SELECT $1::text, $1::text IS NULL", [value])
            #expect(result.columns.count == 2)
            #expect(result.rows == [[value, value == nil ? "t" : "f"]], "\(String(describing: value))")
        }
    }

    @Test("Several parameters, integer arithmetic, and a NUL inside a parameter is the server's error")
    func severalParameters() throws {
        let connection = try connect()
        defer { connection.close() }
        let result = try connection.query("SELECT $1::bigint + $2::bigint AS sum, $3::text || $4::text AS joined", ["40", "2", "a", "b"])
        #expect(result.columns == ["sum", "joined"])
        #expect(result.rows == [["42", "ab"]])
        #expect(result.commandTag == "SELECT 1")
        #expect(result.affectedRows == 1)
        do {
            _ = try connection.query("SELECT $1::text", ["a\u{0}b"])
            Issue.record("the server took a NUL in text")
        } catch {
            #expect(error.sqlState == "22021", "\(error)")
        }
        #expect(try connection.query("SELECT 1").rows == [["1"]])
    }

    @Test("A 10 MB parameter and a 10 MB row round-trip")
    func hugeValues() async throws {
        try await onOwnThread {
            let connection = try connect()
            defer { connection.close() }
            let big = String(repeating: "abcdefghij", count: 1_000_000)
            let echoed = try connection.query("SELECT length($1::text), md5($1::text) = md5(repeat('abcdefghij', 1000000))", [big])
            #expect(echoed.rows == [["10000000", "t"]])
            let row = try connection.query("SELECT repeat('x', 10000000), 'after'")
            #expect(row.rows.count == 1)
            #expect(row.rows[0][0]?.utf8.count == 10_000_000)
            #expect(row.rows[0][0]?.utf8.allSatisfy { $0 == UInt8(ascii: "x") } == true)
            #expect(row.rows[0][1] == "after")
        }
    }

    @Test("A row longer than maximumMessageBytes is messageTooLarge and closes the connection")
    func rowOverLimit() async throws {
        try await onOwnThread {
            var configuration = try LiveServer.configuration()
            configuration.maximumMessageBytes = 1 << 20
            let connection = try PostgresConnection.connect(configuration)
            do throws(PostgresError) {
                _ = try connection.query("SELECT repeat('x', 2000000)")
                Issue.record("accepted a message over the limit")
            } catch {
                guard case .messageTooLarge(let announced, let limit) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(announced > limit)
            }
            #expect(!connection.isOpen)
        }
    }

    @Test("Many rows each under the message limit but over maximumResultBytes together: resultTooLarge, connection closed")
    func resultOverLimit() async throws {
        try await onOwnThread {
            var configuration = try LiveServer.configuration()
            configuration.maximumResultBytes = 1 << 20
            let connection = try PostgresConnection.connect(configuration)
            #expect(try connection.query("SELECT repeat('x', 1000) FROM generate_series(1, 500)").rows.count == 500)
            #expect(throws: PostgresError.resultTooLarge(limitBytes: 1 << 20)) {
                try connection.query("SELECT repeat('x', 1000) FROM generate_series(1, 5000)")
            }
            #expect(!connection.isOpen)
        }
    }

    @Test("A syntax error is 42601 and the connection stays usable")
    func syntaxError() throws {
        let connection = try connect()
        defer { connection.close() }
        do {
            _ = try connection.query("SELEC 1")
            Issue.record("accepted SELEC")
        } catch {
            #expect(error.sqlState == "42601")
            guard case .server(let server) = error else { return }
            #expect(server.severity == "ERROR")
            #expect(server.message.contains("syntax"))
        }
        #expect(connection.isOpen)
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.query("SELECT 'still here'").rows == [["still here"]])
    }

    @Test("A unique violation is 23505 with detail and constraint; counts and RETURNING come back")
    func uniqueViolation() throws {
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.query("CREATE TEMP TABLE claims (id text PRIMARY KEY, amount bigint NOT NULL)")
        let first = try connection.query("INSERT INTO claims VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id", ["t1", "5"])
        #expect(first.rows == [["t1"]])
        #expect(first.affectedRows == 1)
        let replay = try connection.query("INSERT INTO claims VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id", ["t1", "5"])
        #expect(replay.rows.isEmpty)
        #expect(replay.commandTag == "INSERT 0 0")
        do {
            _ = try connection.query("INSERT INTO claims VALUES ($1, $2)", ["t1", "7"])
            Issue.record("inserted a duplicate key")
        } catch {
            #expect(error.sqlState == "23505")
            guard case .server(let server) = error else { return }
            #expect(server.detail?.contains("t1") == true)
            #expect(server.constraintName == "claims_pkey")
        }
        let update = try connection.query("UPDATE claims SET amount = amount + 1 WHERE id = $1", ["t1"])
        #expect(update.affectedRows == 1)
        #expect(try connection.query("SELECT amount FROM claims").rows == [["6"]])
    }

    @Test("Transaction status follows ReadyForQuery: idle, in transaction, failed, idle")
    func transactionStatus() throws {
        let connection = try connect()
        defer { connection.close() }
        #expect(connection.transactionStatus == .idle)
        _ = try connection.query("BEGIN")
        #expect(connection.transactionStatus == .inTransaction)
        #expect(throws: PostgresError.self) { try connection.query("SELECT 1/0") }
        #expect(connection.transactionStatus == .failedTransaction)
        do {
            _ = try connection.query("SELECT 1")
            Issue.record("a statement ran in a failed transaction")
        } catch {
            #expect(error.sqlState == "25P02")
        }
        _ = try connection.query("ROLLBACK")
        #expect(connection.transactionStatus == .idle)
    }

    @Test("Notices are ignored, ParameterStatus is tracked, an empty query has an empty tag")
    func asynchronousMessages() throws {
        let connection = try connect()
        defer { connection.close() }
        let notice = try connection.query("DO $$ BEGIN RAISE NOTICE 'hello'; RAISE WARNING 'careful'; END $$")
        #expect(notice.commandTag == "DO")
        _ = try connection.query("SET application_name = 'pt-renamed'")
        #expect(connection.serverParameters["application_name"] == "pt-renamed")
        #expect(connection.serverParameters["server_version"] != nil)
        #expect(try connection.query("").commandTag == "")
    }

    @Test("COPY: TO STDOUT is skipped to its tag; FROM STDIN is refused by the client and stays an ordinary error")
    func copy() throws {
        let connection = try connect()
        defer { connection.close() }
        #expect(try connection.query("COPY (SELECT 1 UNION ALL SELECT 2) TO STDOUT").commandTag == "COPY 2")
        _ = try connection.query("CREATE TEMP TABLE sink (x int)")
        #expect(throws: PostgresError.self) { try connection.query("COPY sink FROM STDIN") }
        #expect(connection.isOpen)
        #expect(try connection.query("SELECT count(*) FROM sink").rows == [["0"]])
    }

    @Test("A script of several statements runs through the simple query protocol")
    func script() throws {
        let connection = try connect()
        defer { connection.close() }
        let results = try connection.simpleQuery("CREATE TEMP TABLE s (x int); INSERT INTO s VALUES (1), (2); SELECT sum(x) FROM s")
        #expect(results.map(\.commandTag) == ["CREATE TABLE", "INSERT 0 2", "SELECT 1"])
        #expect(results.last?.rows == [["3"]])
        #expect(throws: PostgresError.self) { try connection.simpleQuery("SELECT 1; SELEC 2") }
        #expect(try connection.query("SELECT 1").rows == [["1"]])
    }

    @Test("SQL with a NUL or 65 536 parameters is invalidArgument and leaves the connection usable")
    func invalidArguments() throws {
        let connection = try connect()
        defer { connection.close() }
        #expect(throws: PostgresError.invalidArgument("the SQL text contains a NUL character")) { try connection.query("SELECT 1\u{0}") }
        #expect(throws: PostgresError.self) { try connection.query("SELECT 1", Array(repeating: "x", count: 65_536)) }
        #expect(try connection.query("SELECT 2").rows == [["2"]])
    }

    @Test("pg_sleep past the query timeout is timedOut; the connection is closed and the server's query cancelled")
    func queryTimeout() async throws {
        try await onOwnThread {
            let connection = try connect(queryTimeout: 300_000_000)
            let marker = LiveServer.uniqueName("sleep")
            let started = SystemClock.bootNanoseconds()
            do throws(PostgresError) {
                _ = try connection.query("SELECT pg_sleep(30), '\(marker)'")
                Issue.record("slept through the timeout")
            } catch {
                guard case .timedOut = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            let elapsed = SystemClock.bootNanoseconds() - started
            #expect(elapsed >= 290_000_000)
            #expect(elapsed < 5_000_000_000)
            #expect(!connection.isOpen)
            // The CancelRequest stops the sleep on the server: soon no backend is running it.
            let observer = try connect()
            defer { observer.close() }
            let deadline = SystemClock.bootNanoseconds() + 10_000_000_000
            var running = true
            while running && SystemClock.bootNanoseconds() < deadline {
                let rows = try observer.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1", ["%\(marker)%"]
                ).rows
                // Our own observing query contains the marker too; only a second match is the sleeper.
                running = (Int((rows.first?.first ?? nil) ?? "0") ?? 0) > 1
            }
            #expect(!running, "the timed-out query kept running on the server")
        }
    }

    @Test("A refused port is connectFailed quickly; an unknown host is connectFailed")
    func connectFailures() async throws {
        try await onOwnThread {
            var configuration = try LiveServer.configuration()
            configuration.host = "127.0.0.1"
            configuration.port = 1
            do throws(PostgresError) {
                _ = try PostgresConnection.connect(configuration)
                Issue.record("connected to port 1")
            } catch {
                guard case .connectFailed = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            configuration.host = "no-such-host.invalid"
            do throws(PostgresError) {
                _ = try PostgresConnection.connect(configuration)
                Issue.record("resolved .invalid")
            } catch {
                guard case .connectFailed = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            var socket = try LiveServer.configuration()
            socket.socketDirectory = "/" + String(repeating: "d", count: 200)
            do throws(PostgresError) {
                _ = try PostgresConnection.connect(socket)
                Issue.record("connected through an impossible socket path")
            } catch {
                guard case .connectFailed = error else {
                    Issue.record("\(error)")
                    return
                }
            }
        }
    }
}
