import PlaytimeNTP

/// `playtime ntp`: one check against one or more servers.
enum NTPCommand: Command {
    static let name = "ntp"
    static let summary = "Ask NTP servers for the time and show what they agree on"
    static let help = """
        USAGE: playtime ntp [--json] [--timeout SECONDS] [--samples N] [--spacing SECONDS] [--quorum N]
                            [--max-root-distance SECONDS] [SERVER ...]

        Queries every SERVER at once over UDP, validates each reply (origin check, Kiss-o'-Death, leap,
        stratum, zero timestamps, root distance, negative delay), and intersects the servers' intervals.
        A server that has not answered is asked again after 200 ms, then after waits 1.25 times longer, with
        a new random origin each time (at most 5 requests); the check ends once enough servers agree.

        SERVER is host, host:port, [ipv6]:port or an IPv6 literal. Default: \(NTPConfiguration.defaultServers.map(\.host).joined(separator: ", ")).

        OPTIONS:
          --json                 Print one JSON object instead of a table.
          --timeout SECONDS      How long to wait for replies, retries included (default 1.5; 0.001 to 60).
          --samples N            Requests per server, spaced --spacing apart; the lowest delay wins (default 1).
          --spacing SECONDS      Spacing between samples to one server (default 2, at most 60; be polite to public servers).
          --quorum N             Servers that must agree (default: a strict majority of those that answered validly).
          --max-root-distance SECONDS
                                 Reject replies whose rootDelay/2 + rootDispersion exceeds this (default 1, at most 16).

        EXIT STATUS:
          0  a fix      3  offline (no route, no usable interface)
          4  online but no trustworthy time (unreachable, dns-failure, rejected, no-majority)
          2  usage error
        """

    /// `--timeout`: a millisecond to a minute.
    static let timeoutRange: ClosedRange<Int64> = 1_000_000...60_000_000_000
    /// `--spacing`: up to a minute (with at most 8 samples a check stays within minutes, never days).
    static let spacingRange: ClosedRange<Int64> = 0...60_000_000_000

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var configuration = NTPConfiguration()
        var servers: [NTPServer] = []
        do throws(UsageError) {
            parsed = try scanArguments(arguments, valueOptions: ["--timeout", "--samples", "--spacing", "--quorum", "--max-root-distance"], flags: ["--json"])
            if let text = parsed.value("--timeout") { configuration.timeoutNanoseconds = try parseSeconds(text, option: "--timeout", in: Self.timeoutRange) }
            if let text = parsed.value("--samples") { configuration.samplesPerServer = try parseInteger(text, option: "--samples", in: 1...8) }
            if let text = parsed.value("--spacing") {
                configuration.burstSpacingNanoseconds = try parseSeconds(text, option: "--spacing", in: Self.spacingRange)
            }
            if let text = parsed.value("--quorum") { configuration.quorum = .atLeast(try parseInteger(text, option: "--quorum", in: 1...64)) }
            if let text = parsed.value("--max-root-distance") {
                configuration.limits.maximumRootDistanceNanoseconds = try parseSeconds(text, option: "--max-root-distance", in: 0...16_000_000_000)
            }
            for text in parsed.positionals {
                guard let server = NTPServer(parsing: text) else { throw UsageError(description: serverSyntaxMessage(text)) }
                servers.append(server)
            }
        } catch {
            return usageFailure(error, command: name)
        }
        if servers.isEmpty { servers = NTPConfiguration.defaultServers }
        let client = NTPClient(configuration: configuration)
        let json = parsed.has("--json")
        do {
            let fix = try await client.query(servers)
            print(json ? NTPReport.json(fix: fix) : NTPReport.table(fix: fix))
            return ExitCode.success
        } catch {
            print(json ? NTPReport.json(error: error) : NTPReport.table(error: error))
            return error.kind == .offline ? ExitCode.offline : ExitCode.noTrustworthyTime
        }
    }
}
