import Foundation
import PlaytimeSystem
import Testing

@testable import PlaytimePostgres

/// Two real servers of this suite's own, one made read-only the way a demoted primary is
/// (`default_transaction_read_only`), under one pool with both hosts (docs/postgres-client.md, "Several hosts").
@Suite("Several hosts against two real PostgreSQL servers", .serialized, .enabled(if: LiveServer.isAvailable))
struct LiveSeveralHostsTests {
    /// Makes `server` read-only or writable for every session (running ones at their next statement), and waits
    /// (bounded) until a new session sees it: the reload reaches the server's processes asynchronously.
    func setReadOnly(_ server: PrivateServer, _ readOnly: Bool) throws {
        try LiveServer.harness([
            "sql", server.directory,
            "ALTER SYSTEM SET default_transaction_read_only = \(readOnly ? "on" : "off")", "SELECT pg_reload_conf()",
        ])
        let deadline = SystemClock.bootNanoseconds() + 10_000_000_000
        while true {
            let probe = try PostgresConnection.connect(server.configuration)
            defer { probe.close() }
            if try probe.query("SHOW transaction_read_only").rows == [[readOnly ? "on" : "off"]] { return }
            try #require(SystemClock.bootNanoseconds() < deadline, "the server did not take default_transaction_read_only")
        }
    }

    /// The URL of both servers, in this order, as the SCRAM role.
    func url(_ servers: [PrivateServer], _ attributes: String, timeoutSeconds: Int = 5) -> String {
        let hosts = servers.map { "127.0.0.1:\($0.configuration.port)" }.joined(separator: ",")
        return "postgres://pt_scram:pt-scram-secret@\(hosts)/playtime?target_session_attrs=\(attributes)&connect_timeout=\(timeoutSeconds)"
    }

    /// A write that says which server took it.
    func write(_ pool: PostgresPool, _ id: String) throws(PostgresError) -> String? {
        try pool.query("INSERT INTO ledger (id) VALUES ($1) RETURNING current_setting('port')", [id]).rows.first?.first ?? nil
    }

    @Test(
        "read-write finds the writable host; any takes the first; a swap costs one typed 25006, then the other host; a lost primary one typed error; all down is noSuitableHost"
    )
    func failover() async throws {
        try await onOwnThread {
            let started = SystemClock.bootNanoseconds()
            let a = try PrivateServer.start("hosts-a", portOffset: 41)
            defer { a.stop() }
            let b = try PrivateServer.start("hosts-b", portOffset: 42)
            defer { b.stop() }
            let portA = String(a.configuration.port)
            let portB = String(b.configuration.port)
            for server in [a, b] {
                let admin = try PostgresConnection.connect(server.configuration)
                defer { admin.close() }
                _ = try admin.simpleQuery("CREATE TABLE ledger (id text PRIMARY KEY); GRANT ALL ON ledger TO pt_scram")
            }
            let ready = SystemClock.bootNanoseconds()

            // 1. [read-only, writable] with read-write: writes go to the second host.
            try setReadOnly(a, true)
            let pool = PostgresPool(configuration: try PostgresConfiguration(url: url([a, b], "read-write")), maximumConnections: 2)
            #expect(try write(pool, "w1") == portB)

            // 2. any takes the first host, read-only or not; its refused write is a typed 25006 and changes nothing.
            let anyPool = PostgresPool(configuration: try PostgresConfiguration(url: url([a, b], "any")), maximumConnections: 1)
            #expect(try anyPool.query("SELECT current_setting('port')").rows == [[portA]])
            do throws(PostgresError) {
                _ = try write(anyPool, "refused")
                Issue.record("a write on the read-only host went through")
            } catch {
                #expect(error.sqlState == "25006", "\(error)")
            }
            #expect(anyPool.hostChanges == 0)
            // primary: both are primaries (neither in recovery), so the first; prefer-standby: no standby, so the first.
            for attributes in ["primary", "prefer-standby", "read-only"] {
                let other = PostgresPool(configuration: try PostgresConfiguration(url: url([a, b], attributes)), maximumConnections: 1)
                #expect(try other.query("SELECT current_setting('port')").rows == [[portA]], "\(attributes)")
            }

            // 3. The pool holds two sessions on b; then a becomes writable and b read-only.
            let held: [[[String?]]] = try pool.withConnection { first throws(PostgresError) in
                try pool.withConnection { second throws(PostgresError) in
                    [try first.query("SELECT current_setting('port')").rows, try second.query("SELECT current_setting('port')").rows]
                }
            }
            #expect(held == [[[portB]], [[portB]]])
            #expect(pool.idleCount == 2)
            try setReadOnly(b, true)
            try setReadOnly(a, false)
            let swapped = SystemClock.bootNanoseconds()
            do throws(PostgresError) {
                _ = try write(pool, "w2")
                Issue.record("a write on the demoted host went through")
            } catch {
                guard case .server(let server) = error, server.sqlState == "25006" else {
                    Issue.record("\(error)")
                    return
                }
            }
            #expect(pool.idleCount == 0)
            #expect(pool.hostChanges == 1)
            #expect(try write(pool, "w3") == portA)
            let recovered = SystemClock.bootNanoseconds()
            let inTransaction = try pool.transaction { connection throws(PostgresError) in
                try connection.query("INSERT INTO ledger (id) VALUES ('w4') RETURNING current_setting('port')").rows
            }
            #expect(inTransaction == [[portA]])

            // 4. a goes away under a held session, b is writable again: that call fails typed, the next lands on b.
            try setReadOnly(b, false)
            do throws(PostgresError) {
                try pool.withConnection { connection throws(PostgresError) in
                    try? a.control("halt")
                    _ = try connection.query("INSERT INTO ledger (id) VALUES ('w5')")
                }
                Issue.record("a write on a stopped server went through")
            } catch {
                switch error {
                case .server(let server): #expect(server.endsSession, "\(server)")
                case .connectionClosed: break
                default: Issue.record("\(error)")
                }
            }
            #expect(pool.hostChanges == 2)
            #expect(try write(pool, "w6") == portB)

            // 5. Every host down: noSuitableHost within the deadline, naming both hosts, never the password.
            try b.control("halt")
            let short = PostgresPool(configuration: try PostgresConfiguration(url: url([a, b], "read-write", timeoutSeconds: 1)), maximumConnections: 1)
            let downStarted = SystemClock.bootNanoseconds()
            do throws(PostgresError) {
                _ = try short.query("SELECT 1")
                Issue.record("a query ran with both servers down")
            } catch {
                guard case .noSuitableHost(let reason) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(reason.contains("127.0.0.1:\(portA)") && reason.contains("127.0.0.1:\(portB)"), "\(reason)")
                #expect(!error.description.contains("pt-scram-secret"))
            }
            let downElapsed = SystemClock.bootNanoseconds() - downStarted
            #expect(downElapsed < 4_000_000_000, "\(downElapsed / 1_000_000) ms against a 1 s deadline")
            let end = SystemClock.bootNanoseconds()
            print(
                "several hosts: servers up in \((ready - started) / 1_000_000) ms; swap to first good write \((recovered - swapped) / 1_000_000) ms; all down refused in \(downElapsed / 1_000_000) ms; whole test \((end - started) / 1_000_000) ms"
            )
        }
    }
}
