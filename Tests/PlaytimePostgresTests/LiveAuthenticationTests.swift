import PlaytimePostgres
import Testing

/// Every authentication method of the harness's pg_hba.conf, over TCP and over the Unix socket.
@Suite("Authentication against a real PostgreSQL", .enabled(if: LiveServer.isAvailable))
struct LiveAuthenticationTests {
    static let methods = ["PLAYTIME_POSTGRES_TRUST_URL", "PLAYTIME_POSTGRES_PASSWORD_URL", "PLAYTIME_POSTGRES_SCRAM_URL"]

    @Test("trust, cleartext password and SCRAM-SHA-256 log in over TCP", arguments: methods)
    func tcp(_ variable: String) throws {
        let configuration = try LiveServer.configuration(variable)
        let connection = try PostgresConnection.connect(configuration)
        defer { connection.close() }
        let result = try connection.query("SELECT current_user, $1::int + 1", ["41"])
        #expect(result.rows == [[configuration.user, "42"]])
        #expect(connection.transactionStatus == .idle)
    }

    @Test("trust, cleartext password and SCRAM-SHA-256 log in over the Unix socket", arguments: methods)
    func unixSocket(_ variable: String) throws {
        let configuration = try LiveServer.socketConfiguration(variable)
        let connection = try PostgresConnection.connect(configuration)
        defer { connection.close() }
        let result = try connection.query("SELECT current_user, inet_server_addr() IS NULL")
        // No server address: the session really runs over the Unix socket.
        #expect(result.rows == [[configuration.user, "t"]])
    }

    @Test("SCRAM with a wrong password is the server's 28P01, over TCP and the socket", arguments: [false, true])
    func scramWrongPassword(overSocket: Bool) throws {
        var configuration =
            try overSocket
            ? LiveServer.socketConfiguration("PLAYTIME_POSTGRES_SCRAM_URL") : LiveServer.configuration("PLAYTIME_POSTGRES_SCRAM_URL")
        configuration.password = "not-the-password"
        #expect(throws: PostgresError.self) { try PostgresConnection.connect(configuration) }
        do {
            _ = try PostgresConnection.connect(configuration)
        } catch {
            #expect(error.sqlState == "28P01", "\(error)")
        }
    }

    @Test("A cleartext-password role with a wrong password is refused with 28P01")
    func cleartextWrongPassword() throws {
        var configuration = try LiveServer.configuration("PLAYTIME_POSTGRES_PASSWORD_URL")
        configuration.password = "wrong"
        do {
            _ = try PostgresConnection.connect(configuration)
            Issue.record("logged in with a wrong password")
        } catch {
            #expect(error.sqlState == "28P01", "\(error)")
        }
    }

    @Test("A password role without a password configured fails on the client side")
    func missingPassword() throws {
        var configuration = try LiveServer.configuration("PLAYTIME_POSTGRES_SCRAM_URL")
        configuration.password = nil
        do {
            _ = try PostgresConnection.connect(configuration)
            Issue.record("logged in without a password")
        } catch {
            guard case .authenticationFailed = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("MD5 is refused with a clear message, over TCP and the socket", arguments: [false, true])
    func md5Refused(overSocket: Bool) throws {
        let configuration =
            try overSocket
            ? LiveServer.socketConfiguration("PLAYTIME_POSTGRES_MD5_URL") : LiveServer.configuration("PLAYTIME_POSTGRES_MD5_URL")
        do {
            _ = try PostgresConnection.connect(configuration)
            Issue.record("logged in with MD5")
        } catch {
            guard case .unsupportedAuthentication(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("MD5"))
            #expect(reason.contains("scram-sha-256"))
        }
    }

    @Test("The host name localhost resolves and connects (trying ::1, where nothing listens, then 127.0.0.1)")
    func hostName() throws {
        var configuration = try LiveServer.configuration("PLAYTIME_POSTGRES_SCRAM_URL")
        configuration.host = "localhost"
        let connection = try PostgresConnection.connect(configuration)
        defer { connection.close() }
        #expect(try connection.query("SELECT inet_server_addr()::text").rows == [["127.0.0.1/32"]])
    }

    @Test("An unknown database is the server's 3D000")
    func unknownDatabase() throws {
        var configuration = try LiveServer.configuration()
        configuration.database = "no_such_database"
        do {
            _ = try PostgresConnection.connect(configuration)
            Issue.record("connected to a missing database")
        } catch {
            #expect(error.sqlState == "3D000", "\(error)")
        }
    }
}
