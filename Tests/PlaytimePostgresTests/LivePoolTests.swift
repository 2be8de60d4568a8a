import Foundation
import PlaytimeSystem
import Testing

@testable import PlaytimePostgres

/// The pool against the real server: bounds, reuse, discarding, transactions, threads.
@Suite("Pool against a real PostgreSQL", .enabled(if: LiveServer.isAvailable))
struct LivePoolTests {
    func makeTable(_ pool: PostgresPool, _ prefix: String) throws -> String {
        let table = LiveServer.uniqueName(prefix)
        _ = try pool.query("CREATE TABLE \(table) (id text PRIMARY KEY, n bigint NOT NULL DEFAULT 0)")
        return table
    }

    @Test("A pool of 4 used from 8 threads: every increment counted once, never more than 4 sessions")
    func eightThreads() async throws {
        try await onOwnThread {
            let pool = PostgresPool(configuration: try LiveServer.configuration(), maximumConnections: 4)
            let table = try makeTable(pool, "pool_counter")
            defer { _ = try? pool.query("DROP TABLE \(table)") }
            _ = try pool.query("INSERT INTO \(table) (id) VALUES ('c')")
            let backends = ThreadLock<Set<String>>([])
            let failures = ThreadLock<[String]>([])
            let done = DispatchGroup()
            for _ in 0..<8 {
                done.enter()
                Thread {
                    defer { done.leave() }
                    for _ in 0..<25 {
                        do throws(PostgresError) {
                            let pid = try pool.transaction { connection throws(PostgresError) in
                                _ = try connection.query("UPDATE \(table) SET n = n + 1 WHERE id = 'c'")
                                return try connection.query("SELECT pg_backend_pid()").rows[0][0] ?? "?"
                            }
                            backends.withLock { _ = $0.insert(pid) }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }.start()
            }
            done.wait()
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(3))")
            #expect(try pool.query("SELECT n FROM \(table)").rows == [["200"]])
            let sessions = backends.withLock { $0.count }
            #expect(sessions >= 1 && sessions <= 4, "\(sessions) sessions")
            #expect(pool.idleCount <= 4)
        }
    }

    @Test("All connections busy past the checkout timeout is poolExhausted")
    func exhausted() async throws {
        try await onOwnThread {
            let pool = PostgresPool(configuration: try LiveServer.configuration(), maximumConnections: 1, checkoutTimeoutNanoseconds: 100_000_000)
            let started = SystemClock.bootNanoseconds()
            let inner: PostgresError? = try pool.withConnection { _ throws(PostgresError) -> PostgresError? in
                do throws(PostgresError) {
                    _ = try pool.query("SELECT 1")
                    return nil
                } catch {
                    return error
                }
            }
            guard case .poolExhausted = inner else {
                Issue.record("\(String(describing: inner))")
                return
            }
            #expect(SystemClock.bootNanoseconds() - started < 3_000_000_000)
            #expect(try pool.query("SELECT 1").rows == [["1"]])
        }
    }

    @Test("Connections are reused; a closed one or one left in a transaction is discarded, and the next checkout connects anew")
    func discarding() throws {
        let pool = PostgresPool(configuration: try LiveServer.configuration(), maximumConnections: 2)
        let first = try pool.query("SELECT pg_backend_pid()").rows
        #expect(try pool.query("SELECT pg_backend_pid()").rows == first)
        #expect(pool.idleCount == 1)
        try pool.withConnection { connection throws(PostgresError) in connection.close() }
        #expect(pool.idleCount == 0)
        try pool.withConnection { connection throws(PostgresError) in _ = try connection.query("BEGIN") }
        #expect(pool.idleCount == 0)
        #expect(try pool.query("SELECT pg_backend_pid()").rows != first)
        #expect(pool.idleCount == 1)
    }

    @Test("An idle pooled session the server terminated is noticed at checkout: the next query runs on a new one")
    func terminatedWhileIdle() async throws {
        try await onOwnThread {
            let pool = PostgresPool(configuration: try LiveServer.configuration(), maximumConnections: 1)
            let pid = try #require(try pool.query("SELECT pg_backend_pid()").rows[0][0] ?? nil)
            let admin = try PostgresConnection.connect(try LiveServer.configuration())
            defer { admin.close() }
            #expect(try admin.query("SELECT pg_terminate_backend($1::int)", [pid]).rows == [["t"]])
            // pg_terminate_backend only signals; wait (bounded) until the backend is gone before the checkout.
            let deadline = SystemClock.bootNanoseconds() + 10_000_000_000
            while try admin.query("SELECT count(*) FROM pg_stat_activity WHERE pid = $1::int", [pid]).rows != [["0"]],
                SystemClock.bootNanoseconds() < deadline
            {}
            let next = try pool.query("SELECT pg_backend_pid()").rows[0][0]
            #expect(next != pid)
        }
    }

    @Test("A hung server under a pool: timedOut, and the connection is not returned to the pool")
    func hungServer() async throws {
        try await onOwnThread {
            let fake = try FakePostgresServer([.send(FakePostgresServer.startupDone), .hang])
            let pool = PostgresPool(configuration: fake.configuration(timeout: 300_000_000), maximumConnections: 1)
            do throws(PostgresError) {
                _ = try pool.query("SELECT 1")
                Issue.record("an answer from a hung server")
            } catch {
                guard case .timedOut = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            #expect(pool.idleCount == 0)
        }
    }

    @Test("transaction: a thrown error rolls back; a swallowed statement error is transactionRolledBack; success commits")
    func transactions() throws {
        let pool = PostgresPool(configuration: try LiveServer.configuration(), maximumConnections: 2)
        let table = try makeTable(pool, "pool_tx")
        defer { _ = try? pool.query("DROP TABLE \(table)") }
        #expect(throws: PostgresError.invalidArgument("boom")) {
            try pool.transaction { connection throws(PostgresError) in
                _ = try connection.query("INSERT INTO \(table) (id) VALUES ('a')")
                throw .invalidArgument("boom")
            }
        }
        do {
            try pool.transaction { connection throws(PostgresError) in
                _ = try connection.query("INSERT INTO \(table) (id) VALUES ('b')")
                _ = try? connection.query("INSERT INTO \(table) (id) VALUES ('b')")  // 23505, swallowed
            }
            Issue.record("committed a failed transaction")
        } catch {
            guard case .transactionRolledBack = error else {
                Issue.record("\(error)")
                return
            }
        }
        let value = try pool.transaction { connection throws(PostgresError) in
            try connection.query("INSERT INTO \(table) (id, n) VALUES ('c', 3) RETURNING n").rows[0][0]
        }
        #expect(value == "3")
        #expect(try pool.query("SELECT id FROM \(table) ORDER BY id").rows == [["c"]])
        #expect(pool.idleCount >= 1)
    }
}

/// Restarts and shutdowns, on a server of this suite's own (scripts/postgres-loopback.sh halt/resume/restart).
@Suite("Server restarts under a pool", .serialized, .enabled(if: LiveServer.isAvailable))
struct LiveRestartTests {
    @Test("The pool reconnects after a restart; a held session gets a typed error; a stopped server is connectFailed; a stop mid-transaction applies nothing")
    func restartAndShutdown() async throws {
        try await onOwnThread {
            let server = try PrivateServer.start("restart", portOffset: 40)
            defer { server.stop() }
            let pool = PostgresPool(configuration: server.configuration, maximumConnections: 2)
            _ = try pool.query("CREATE TABLE ledger (id text PRIMARY KEY)")
            let before = try pool.query("SELECT pg_backend_pid()").rows
            #expect(pool.idleCount == 1)

            // 1. Restart: the pooled session is gone; the next checkout notices and connects anew, no query fails.
            try server.control("restart")
            let after = try pool.query("SELECT pg_backend_pid()").rows
            #expect(after != before)

            // 2. A session held across a restart fails with a typed error, then is closed.
            let held = try PostgresConnection.connect(server.configuration)
            try server.control("restart")
            do throws(PostgresError) {
                _ = try held.query("SELECT 1")
                Issue.record("a session survived a restart")
            } catch {
                switch error {
                case .server(let server): #expect(server.sqlState == "57P01", "\(server)")
                case .connectionClosed: break
                default: Issue.record("\(error)")
                }
            }
            #expect(!held.isOpen)

            // 3. While the server is down, checkouts fail with connectFailed, quickly.
            try server.control("halt")
            do throws(PostgresError) {
                _ = try pool.query("SELECT 1")
                Issue.record("a query ran on a stopped server")
            } catch {
                guard case .connectFailed = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            try server.control("resume")
            #expect(try pool.query("SELECT 1").rows == [["1"]])

            // 4. The server stops in the middle of a transaction: a typed error, and after the restart nothing of it.
            var halted = false
            do throws(PostgresError) {
                try pool.transaction { connection throws(PostgresError) in
                    _ = try connection.query("INSERT INTO ledger VALUES ('first-half')")
                    halted = (try? server.control("halt")) != nil
                    _ = try connection.query("INSERT INTO ledger VALUES ('second-half')")
                }
                Issue.record("the transaction committed across a shutdown")
            } catch {
                switch error {
                case .server(let server): #expect(server.endsSession, "\(server)")
                case .connectionClosed, .commitOutcomeUnknown: break
                default: Issue.record("\(error)")
                }
            }
            #expect(halted)
            try server.control("resume")
            #expect(try pool.query("SELECT count(*) FROM ledger").rows == [["0"]])
        }
    }
}
