import Dispatch
internal import PlaytimeSystem

/// Finding a server of the kind ``PostgresConfiguration/targetSessionAttributes`` asks for among the configuration's
/// hosts (docs/postgres-client.md, "Several hosts").
///
/// libpq's rule: the hosts are tried in their order; a session is opened and, unless any host will do, asked what
/// it is (`SHOW transaction_read_only` for `read-write` / `read-only`, `SELECT pg_is_in_recovery()` for `primary`
/// / `standby`); one that does not qualify is closed and the next host tried. `prefer-standby` looks for a standby
/// over all hosts first, then takes any. Where libpq gives up after one pass, this goes on: full rounds over the
/// hosts with a pause between them (50 ms, doubling up to 250 ms: a promoted standby is found within a quarter of a second) until the configuration's connect deadline, so a
/// failover that is still under way (no primary yet) is waited out. Each host's attempt gets at most its share of
/// that deadline, so one silent host cannot use it all.
enum HostSearch {
    /// The pause after the first round that found nothing.
    static let firstPauseNanoseconds: Int64 = 50_000_000
    /// The longest pause between rounds.
    static let longestPauseNanoseconds: Int64 = 250_000_000

    /// The pause after one of `pause`.
    static func nextPause(after pause: Int64) -> Int64 { min(longestPauseNanoseconds, pause * 2) }

    /// A session on a host that qualifies. A configuration of one host and `any` connects exactly as
    /// ``PostgresConnection/connect(_:)`` (one attempt, its error as it is); otherwise every host failing or not
    /// qualifying until the deadline is ``PostgresError/noSuitableHost(_:)``, which names each host and why.
    static func connect(_ configuration: PostgresConfiguration) throws(PostgresError) -> PostgresConnection {
        guard configuration.searchesHosts else { return try PostgresConnection.connect(configuration) }
        let budget = max(0, configuration.connectTimeoutNanoseconds)
        let started = SystemClock.bootNanoseconds()
        let deadline = started &+ budget
        let hosts = configuration.hosts
        let share = max(1, budget / Int64(hosts.count))
        let wanted = configuration.targetSessionAttributes
        let passes: [PostgresTargetSessionAttributes] = wanted == .preferStandby ? [.standby, .any] : [wanted]
        var reasons = [String](repeating: "not tried before the deadline", count: hosts.count)
        var pause = firstPauseNanoseconds
        var rounds = 0
        search: while true {
            rounds += 1
            var everyFailurePermanent = true
            for pass in passes {
                for (index, address) in hosts.enumerated() {
                    let remaining = deadline &- SystemClock.bootNanoseconds()
                    guard remaining > 0 else { break search }
                    do throws(PostgresError) {
                        if let connection = try attempt(configuration.selecting(address), pass, within: min(share, remaining)) {
                            return connection
                        }
                        reasons[index] = "\(wantedWords(pass)) not offered: \(kindWords(pass))"
                        everyFailurePermanent = false
                    } catch {
                        reasons[index] = brief(error)
                        if !isPermanent(error) { everyFailurePermanent = false }
                    }
                }
            }
            if everyFailurePermanent { break search }
            let now = SystemClock.bootNanoseconds()
            guard now &+ pause < deadline else { break search }
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .nanoseconds(Int(clamping: pause)))
            pause = nextPause(after: pause)
        }
        let elapsed = (SystemClock.bootNanoseconds() &- started) / 1_000_000
        let listed = zip(hosts, reasons).map { "\($0.0) (\($0.1))" }.joined(separator: "; ")
        throw .noSuitableHost(
            "none of \(hosts.count) host\(hosts.count == 1 ? "" : "s") gave a \(wantedWords(wanted)) session in \(rounds) "
                + "round\(rounds == 1 ? "" : "s") over \(elapsed) ms: \(listed)")
    }

    /// Opens a session on the one host of `single` within `budget` and keeps it if it is of the `pass` kind;
    /// `nil` (the session closed) when it is not.
    private static func attempt(
        _ single: PostgresConfiguration, _ pass: PostgresTargetSessionAttributes, within budget: Int64
    ) throws(PostgresError) -> PostgresConnection? {
        var bounded = single
        bounded.connectTimeoutNanoseconds = budget
        bounded.queryTimeoutNanoseconds = min(single.queryTimeoutNanoseconds, budget)
        let connection = try PostgresConnection.connect(bounded)
        do throws(PostgresError) {
            guard try qualifies(connection, pass) else {
                connection.close()
                return nil
            }
        } catch {
            connection.close()
            throw error
        }
        connection.configuration = single
        return connection
    }

    /// Whether the session's server is of the `pass` kind.
    private static func qualifies(_ connection: PostgresConnection, _ pass: PostgresTargetSessionAttributes) throws(PostgresError) -> Bool {
        switch pass {
        case .any, .preferStandby:
            return true
        case .readWrite, .readOnly:
            let readOnly = try answer(connection, "SHOW transaction_read_only", on: "on", off: "off")
            return readOnly == (pass == .readOnly)
        case .primary, .standby:
            let inRecovery = try answer(connection, "SELECT pg_is_in_recovery()", on: "t", off: "f")
            return inRecovery == (pass == .standby)
        }
    }

    /// The one-value answer to `sql` as a truth value.
    private static func answer(_ connection: PostgresConnection, _ sql: String, on: String, off: String) throws(PostgresError) -> Bool {
        let value = try connection.simpleQuery(sql).last?.rows.first?.first ?? nil
        switch value {
        case on: return true
        case off: return false
        default: throw .protocolViolation("\(sql) answered \(value.map { "\"\($0)\"" } ?? "nothing")")
        }
    }

    /// A failure that another round will not mend: authentication refused, TLS required, no such database or role.
    private static func isPermanent(_ error: PostgresError) -> Bool {
        switch error {
        case .authenticationFailed, .unsupportedAuthentication, .tlsRequired, .invalidArgument: return true
        case .server(let server): return server.sqlState.hasPrefix("28") || server.sqlState == "3D000"
        default: return false
        }
    }

    /// The error's text without the `postgres: ` every description starts with.
    private static func brief(_ error: PostgresError) -> String {
        let text = error.description
        return text.hasPrefix("postgres: ") ? String(text.dropFirst("postgres: ".count)) : text
    }

    private static func wantedWords(_ attributes: PostgresTargetSessionAttributes) -> String {
        attributes == .any ? "usable" : attributes.rawValue
    }

    private static func kindWords(_ pass: PostgresTargetSessionAttributes) -> String {
        switch pass {
        case .readWrite: return "the session is read-only"
        case .readOnly: return "the session may write"
        case .primary: return "the server is in recovery (a standby)"
        case .standby: return "the server is not in recovery (a primary)"
        case .any, .preferStandby: return "no session"
        }
    }
}
