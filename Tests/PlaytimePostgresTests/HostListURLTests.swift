import PlaytimePostgres
import Testing

/// Connection URLs listing several hosts, as libpq writes them (docs/postgres-client.md, "Several hosts").
@Suite("Connection URLs with several hosts")
struct HostListURLTests {
    @Test("h1:5432,h2:5433 with target_session_attrs=read-write: both hosts in order, the password in no description")
    func severalHosts() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app:hunter2@h1:5432,h2:5433/db?target_session_attrs=read-write")
        #expect(configuration.hosts == [PostgresHostAddress(host: "h1", port: 5432), PostgresHostAddress(host: "h2", port: 5433)])
        #expect(configuration.host == "h1" && configuration.port == 5432)
        #expect(configuration.targetSessionAttributes == .readWrite)
        #expect(configuration.searchesHosts)
        #expect(configuration.password == "hunter2")
        #expect(configuration.endpointDescription == "app@h1:5432,h2:5433/db")
        #expect(!"\(configuration.hosts)".contains("hunter2"))
    }

    @Test("A host without a port takes 5432; ?port= gives every host its port")
    func ports() throws {
        let listed = try PostgresConfiguration(url: "postgres://app@h1,h2:6000,h3/db")
        #expect(listed.hosts.map(\.port) == [5432, 6000, 5432])
        #expect(listed.hosts.map(\.host) == ["h1", "h2", "h3"])
        let overridden = try PostgresConfiguration(url: "postgres://app@h1,h2:6000/db?port=7000")
        #expect(overridden.hosts.map(\.port) == [7000, 7000])
    }

    @Test("IPv6 literals in brackets, with and without a port, beside names and a socket directory")
    func brackets() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app@[::1]:5433,[fe80::1],10.0.0.1:6,%2Frun%2Fpg/db")
        #expect(
            configuration.hosts == [
                PostgresHostAddress(host: "::1", port: 5433), PostgresHostAddress(host: "fe80::1", port: 5432),
                PostgresHostAddress(host: "10.0.0.1", port: 6), PostgresHostAddress(host: "localhost", port: 5432, socketDirectory: "/run/pg"),
            ])
        #expect(configuration.endpointDescription == "app@[::1]:5433,[fe80::1]:5432,10.0.0.1:6,/run/pg/.s.PGSQL.5432/db")
        #expect(configuration.selecting(configuration.hosts[1]).hosts == [PostgresHostAddress(host: "fe80::1", port: 5432)])
    }

    @Test("Every target_session_attrs value libpq knows is read; the default is any", arguments: PostgresTargetSessionAttributes.allCases)
    func attributes(_ attributes: PostgresTargetSessionAttributes) throws {
        let configuration = try PostgresConfiguration(url: "postgres://app@h1,h2/db?target_session_attrs=\(attributes.rawValue)")
        #expect(configuration.targetSessionAttributes == attributes)
        #expect(try PostgresConfiguration(url: "postgres://app@h1,h2/db").targetSessionAttributes == .any)
        #expect(PostgresTargetSessionAttributes.readWrite.expectsWrites && PostgresTargetSessionAttributes.primary.expectsWrites)
        #expect(!PostgresTargetSessionAttributes.any.expectsWrites && !PostgresTargetSessionAttributes.preferStandby.expectsWrites)
    }

    @Test("One host stays one host: no search, unless a target_session_attrs other than any is asked for")
    func oneHost() throws {
        let plain = try PostgresConfiguration(url: "postgres://app@h:6543/db?target_session_attrs=any")
        #expect(plain.additionalHosts.isEmpty && !plain.searchesHosts)
        #expect(plain.hosts == [PostgresHostAddress(host: "h", port: 6543)])
        #expect(try PostgresConfiguration(url: "postgres://app@h/db?target_session_attrs=primary").searchesHosts)
    }

    @Test(
        "Malformed lists are invalidURL, and the error never shows the password",
        arguments: [
            "postgres://u:hunter2@h1,,h2/db", "postgres://u:hunter2@,h2/db", "postgres://u:hunter2@h1,/db",
            "postgres://u:hunter2@h1:,h2/db", "postgres://u:hunter2@h1,h2:0/db", "postgres://u:hunter2@h1,h2:99999/db",
            "postgres://u:hunter2@h1,[::1/db", "postgres://u:hunter2@h1,[::1]x/db", "postgres://u:hunter2@h1,[]/db",
            "postgres://u:hunter2@h1,h2:x/db", "postgres://u:hunter2@h1,h2/db?host=h3", "postgres://u:hunter2@h/db?host=a,b",
            "postgres://u:hunter2@h1,h2/db?target_session_attrs=master", "postgres://u:hunter2@h1,h2/db?target_session_attrs=read_write",
            "postgres://u:hunter2@h1,h2/db?port=1,2",
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
            #expect(!error.description.contains("hunter2"))
        }
    }
}
