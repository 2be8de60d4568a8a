import PlaytimePostgres
import PropertyTesting
import Testing

/// Connection URLs: what is read, what is refused.
@Suite("Connection URLs")
struct ConfigurationURLTests {
    @Test("user, password, host, port and database, percent-decoded")
    func full() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app%40game:p%3Ass%2Fw%C3%B6rd@db.internal:6543/play%20time")
        #expect(configuration.user == "app@game")
        #expect(configuration.password == "p:ss/wörd")
        #expect(configuration.host == "db.internal")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "play time")
        #expect(configuration.socketDirectory == nil)
        #expect(configuration.endpointDescription == "app@game@db.internal:6543/play time")
    }

    @Test("postgresql:// too; defaults: localhost, 5432, no password, the role's database")
    func defaults() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://app@")
        #expect(configuration.host == "localhost")
        #expect(configuration.port == 5432)
        #expect(configuration.password == nil)
        #expect(configuration.database == nil)
    }

    @Test("IPv6 literal in brackets")
    func ipv6() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app@[::1]:5433/db")
        #expect(configuration.host == "::1")
        #expect(configuration.port == 5433)
        #expect(configuration.endpointDescription == "app@[::1]:5433/db")
    }

    @Test("A Unix socket directory: ?host=/dir, or a %-encoded host that starts with /")
    func unixSocket() throws {
        let query = try PostgresConfiguration(url: "postgres://app@/playtime?host=/run/postgresql&port=5433")
        #expect(query.socketDirectory == "/run/postgresql")
        #expect(query.unixSocketPath == "/run/postgresql/.s.PGSQL.5433")
        #expect(query.database == "playtime")
        let encoded = try PostgresConfiguration(url: "postgres://app@%2Ftmp%2Fpg/db")
        #expect(encoded.socketDirectory == "/tmp/pg")
        #expect(encoded.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
    }

    @Test("Query parameters: user, password, dbname, application_name, connect_timeout, sslmode=disable")
    func parameters() throws {
        let configuration = try PostgresConfiguration(
            url: "postgres://h/?user=u&password=p%26q&dbname=d&application_name=srv&connect_timeout=3&sslmode=disable")
        #expect(configuration.user == "u")
        #expect(configuration.password == "p&q")
        #expect(configuration.database == "d")
        #expect(configuration.host == "h")
        #expect(configuration.applicationName == "srv")
        #expect(configuration.connectTimeoutNanoseconds == 3_000_000_000)
        #expect(try PostgresConfiguration(url: "postgres://u@h/?sslmode=prefer").host == "h")
    }

    @Test("sslmode=require and verify-* are refused as tlsRequired", arguments: ["require", "verify-ca", "verify-full"])
    func tlsRequired(_ mode: String) {
        #expect(throws: PostgresError.tlsRequired) { try PostgresConfiguration(url: "postgres://u:secret@h/db?sslmode=\(mode)") }
    }

    @Test(
        "Malformed URLs are refused with invalidURL",
        arguments: [
            "mysql://u@h/db", "postgres:/u@h", "", "postgres://h/db", "postgres://u@h:0/db", "postgres://u@h:65536/db",
            "postgres://u@h:port/db", "postgres://u@h/db?sslmode=maybe", "postgres://u@h/db?foo=bar",
            "postgres://u@h/db?novalue", "postgres://u%zz@h/db", "postgres://u%ff@h/db", "postgres://u@[::1/db",
            "postgres://u@h/db?connect_timeout=0", "postgres://u@h/db?connect_timeout=-5", "postgres://u@h/db?host=a,b",
        ])
    func malformed(_ url: String) {
        do {
            _ = try PostgresConfiguration(url: url)
            Issue.record("accepted \(url)")
        } catch {
            guard case .invalidURL = error else {
                Issue.record("\(url): \(error)")
                return
            }
        }
    }

    @Test("The error text of tlsRequired says why, and never contains the password")
    func tlsMessage() {
        do {
            _ = try PostgresConfiguration(url: "postgres://u:hunter2@h/db?sslmode=require")
        } catch {
            #expect(error.description.contains("TLS"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test("Random URL-ish text is read or refused with a typed error, never a crash")
    func randomText() throws {
        let alphabet = Array("postgres:/@[]%?&=,.:-_abcAB019/\u{e9}\u{0} ")
        let character: Gen<Character> = Gen<Int>.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }
        let prefix: Gen<Bool> = .bool
        let gen = Gen<(Bool, [Character])>.zip(prefix, character.array(count: 0...40))
        try PropertyCheck.check(gen, count: 2000, name: "URL parsing is total") { (withScheme, characters) in
            let url = (withScheme ? "postgres://" : "") + String(characters)
            switch Result(catching: { () throws(PostgresError) in try PostgresConfiguration(url: url) }) {
            case .success(let configuration):
                try PropertyCheck.expect(!configuration.user.isEmpty, "accepted \(url.debugDescription) without a user")
            case .failure(.invalidURL), .failure(.tlsRequired):
                break
            case .failure(let error):
                throw PropertyAssertion("\(url.debugDescription): \(error)")
            }
        }
    }
}
