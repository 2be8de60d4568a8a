import PlaytimeRoughtime
import PlaytimeSystem

/// `playtime roughtime`: one chained query of Roughtime servers, every answer verified.
enum RoughtimeCommand: Command {
    static let name = "roughtime"
    static let summary = "Ask Roughtime servers for signed time and verify every answer"
    static let help = """
        USAGE: playtime roughtime [--json] [--timeout SECONDS] SERVER=KEY ...

        Queries the servers in order as a chain (each nonce derived from the previous verified answer),
        verifies every answer completely (signatures by the delegated and the long-term key, MINT <= MIDP <= MAXT,
        the Merkle path, nonce, version, radius), checks that the answers agree in causal order, and
        intersects them. An invalid answer (servers send some on purpose) is refused, never trusted.

        SERVER is host, host:port, [ipv6]:port or an IPv6 literal (port 2002 unless given); KEY is the server's
        long-term Ed25519 public key in base64. Example: roughtime.example.com=2O3mkkheDExCuhG+ZNIoWmO/IdCdLzADgUn8SnC4hME=

        OPTIONS:
          --json                 Print one JSON object instead of a table.
          --timeout SECONDS      How long to wait for each server's answer (default 1; 0.001 to 60).

        EXIT STATUS:
          0  verified time      3  offline (no route, no usable interface)
          4  no trustworthy time (rejected answers, no answer, inconsistent or disagreeing servers)
          2  usage error
        """

    /// `--timeout`: a millisecond to a minute.
    static let timeoutRange: ClosedRange<Int64> = 1_000_000...60_000_000_000

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var timeout: Int64 = 1_000_000_000
        var servers: [RoughtimeServer] = []
        do throws(UsageError) {
            parsed = try scanArguments(arguments, valueOptions: ["--timeout"], flags: ["--json"])
            if let text = parsed.value("--timeout") { timeout = try parseSeconds(text, option: "--timeout", in: Self.timeoutRange) }
            for text in parsed.positionals {
                do { servers.append(try RoughtimeServer(parsing: text)) } catch {
                    throw UsageError(description: "'\(text)': \(error.description)")
                }
            }
            guard !servers.isEmpty else { throw UsageError(description: "give at least one SERVER=KEY") }
        } catch {
            return usageFailure(error, command: name)
        }
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let result = await RoughtimeClient(servers: servers, timeoutNanoseconds: timeout).query(firstNonce: nonce)
        print(parsed.has("--json") ? RoughtimeReport.json(result) : RoughtimeReport.table(result))
        switch result.status {
        case .verified: return ExitCode.success
        case .offline: return ExitCode.offline
        case .untrustworthy: return ExitCode.noTrustworthyTime
        }
    }
}
