internal import Foundation

/// The one table of `playtime-server`'s settings: each a flag, its JSON configuration key, what it takes, and its help
/// line (``usage`` is written from it, and a test checks that every flag is in docs/service.md).
package enum ServiceOptions {
    /// What a setting takes.
    enum Kind: Sendable {
        case text
        case integer(ClosedRange<Int64>)
        case list
    }

    struct Option: Sendable {
        let flag: String
        let key: String
        let kind: Kind
        let value: String
        let help: String
        let apply: @Sendable (inout ServiceConfiguration, any Sendable) -> Void
    }

    /// Every setting, in help order.
    static let all: [Option] = [
        text("--listen", "HOST:PORT", "Where to listen (default 127.0.0.1:8080; port 0: any free port, printed at start).") { $0.listen = $1 },
        text("--metrics-listen", "HOST:PORT", "Also serve GET /v1/metrics here, without an API key (default: only on --listen, with one).") {
            $0.metricsListen = $1
        },
        text("--state", "DIR", "The state directory: server secret, API keys, and the file stores (default ./playtime-server-state).") { $0.state = $1 },
        text(
            "--store", "URL",
            "postgres://USER[:PASSWORD]@HOST[:PORT][,HOST[:PORT]…]/DB[?target_session_attrs=read-write]: a fleet's stores (default: files in --state)."
        ) { $0.store = $1 },
        text(
            "--secret-file", "FILE",
            "The server secret, hex, ≥ 16 bytes; the same on every server of a fleet (default STATE/server.secret, made on first start)."
        ) { $0.secretFile = $1 },
        text(
            "--api-keys", "FILE",
            "The API keys file, NAME sha256:HEX [revoked] a line; reloaded on SIGHUP (default STATE/api-keys, made with one key on first start)."
        ) { $0.apiKeysFile = $1 },
        text(
            "--operator-keys", "FILE",
            "The support console's operator keys, as --api-keys but a file of their own; reloaded on SIGHUP (default STATE/operator-keys; none: every console look-up is 401)."
        ) { $0.operatorKeysFile = $1 },
        text("--ad-network-secret-file", "FILE", "The ad network's secret (≥ 16 bytes), sent as X-Ad-Network-Secret with grants (default: grants off).") {
            $0.adNetworkSecretFile = $1
        },
        text("--legacy-journal-key", "FILE", "Also accept journals under this one key shared by every player (legacy; default: enrolled journals only).") {
            $0.legacyJournalKeyFile = $1
        },
        text("--policy", "default|demo|FILE", "The reward policy (default: default).") { $0.policy = $1 },
        list("--retain-policy", "P[=UNIX_SECONDS]", "An earlier policy still honoured, retired at that time (default: now); repeatable.") {
            $0.retainedPolicies.append(contentsOf: $1)
        },
        text("--roughtime-keys", "FILE", "The operator's Roughtime public keys, one base64 key a line (default: none).") { $0.roughtimeKeysFile = $1 },
        integer("--ticket-lifetime", "SECONDS", 1...(10 * 365 * 86_400), "How long a ticket stays redeemable (default 604800).") {
            $0.ticketLifetimeSeconds = $1
        },
        list("--player-rate", "PLAYER=GOLD_PER_HOUR", "A player's own earn rate (default: the policy's); repeatable.") {
            $0.playerRates.append(contentsOf: $1)
        },
        integer("--max-connections", "N", 1...65_536, "Connections at once, all clients (default 256).") { $0.maxConnections = $1 },
        integer("--max-connections-per-client", "N", 0...65_536, "Connections at once from one address (default 64; 0: no limit, behind a proxy).") {
            $0.maxConnectionsPerClient = $1
        },
        integer("--reserved-connections", "N", 1...1_024, "Connections kept for health and readiness probes (default 16).") { $0.reservedConnections = $1 },
        integer("--body-memory-mib", "MIB", 1...65_536, "Request body memory, all requests together (default 128).") { $0.bodyMemoryMiB = $1 },
        integer("--max-upload-mib", "MIB", 1...4_096, "The largest journal upload (default 32; at most half the body memory).") { $0.maxUploadMiB = $1 },
        integer("--read-seconds", "S", 1...3_600, "How long a whole request may take to arrive (default 30).") { $0.readSeconds = $1 },
        integer("--head-seconds", "S", 1...600, "How long a request's headers may take (default 10).") { $0.headSeconds = $1 },
        integer("--idle-seconds", "S", 1...3_600, "How long an idle keep-alive connection stays open (default 15).") { $0.idleSeconds = $1 },
        integer("--shutdown-grace-seconds", "S", 0...3_600, "How long SIGTERM waits for requests in flight (default 25).") { $0.shutdownGraceSeconds = $1 },
        integer("--database-connections", "N", 1...256, "Database connections of a postgres:// store (default 8).") { $0.databaseConnections = $1 },
        text("--access-log", "-|off|FILE", "Where the access log (one JSON line a request) goes (default -: standard output).") { $0.accessLog = $1 },
    ]

    /// Every flag, `--config` first (the documentation test checks each is in docs/service.md).
    package static var flags: [String] { ["--config"] + all.map(\.flag) }

    /// The usage text of `playtime-server --help`.
    package static var usage: String {
        var text = """
            USAGE: playtime-server [--config FILE] [OPTIONS]
                   playtime-server keys add NAME [--state DIR | --api-keys FILE]
                   playtime-server keys revoke NAME [--state DIR | --api-keys FILE]
                   playtime-server keys list [--state DIR | --api-keys FILE]
                   playtime-server operators add|revoke NAME [--state DIR | --operator-keys FILE]
                   playtime-server operators list [--state DIR | --operator-keys FILE]
                   playtime-server --version | --help

            The verification service (docs/service.md, contract docs/openapi.json): any game backend pays offline earnings
            through it over HTTP. On first start it makes the state directory, a server secret and one API key, which it
            prints once. Signals: SIGTERM or SIGINT stop it (requests in flight are answered first); SIGHUP reloads the API keys.

            OPTIONS:
              --config FILE         A JSON object of these settings, keys in camel case without dashes (--max-connections:
                                    "maxConnections"); flags override it.

            """
        for option in all {
            let left = "  \(option.flag) \(option.value)"
            text += left.padding(toLength: max(left.count + 1, 24), withPad: " ", startingAt: 0) + option.help + "\n"
        }
        text += """
              --version             Print the version and exit.
              --help                Print this and exit.
            """
        return text
    }

    /// The configuration from `arguments` (after the program name): `--config FILE` first, then every flag over it.
    package static func parse(_ arguments: [String]) throws(ServiceSetupError) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        var flags: [(Option, String)] = []
        var configPath: String?
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func value() throws(ServiceSetupError) -> String {
                if let inline { return inline }
                index += 1
                guard index < arguments.count else { throw ServiceSetupError("\(argument) needs a value") }
                return arguments[index]
            }
            if argument == "--config" {
                configPath = try value()
            } else if let option = all.first(where: { $0.flag == argument }) {
                flags.append((option, try value()))
            } else {
                throw ServiceSetupError("unknown option '\(argument)' (see --help)")
            }
            index += 1
        }
        if let configPath { try apply(file: configPath, to: &configuration) }
        for (option, text) in flags { try apply(option, text: text, to: &configuration) }
        return configuration
    }

    /// Applies the JSON object in `path`: every key a setting, of the setting's kind; anything else is refused.
    static func apply(file path: String, to configuration: inout ServiceConfiguration) throws(ServiceSetupError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw ServiceSetupError("--config \(path): cannot read it") }
        guard let object = try? JSONDecoder().decode([String: ConfigValue].self, from: data) else {
            throw ServiceSetupError("--config \(path): not a JSON object of strings, whole numbers and arrays of strings")
        }
        for key in object.keys.sorted() {
            guard let option = all.first(where: { $0.key == key }) else {
                throw ServiceSetupError("--config \(path): unknown setting '\(key)' (settings are the flags' names in camel case)")
            }
            switch (option.kind, object[key]!) {
            case (.text, .text(let text)): option.apply(&configuration, text)
            case (.list, .list(let items)): option.apply(&configuration, items)
            case (.integer(let range), .integer(let number)) where range.contains(number): option.apply(&configuration, number)
            case (.integer(let range), _):
                throw ServiceSetupError("--config \(path): '\(key)' must be a whole number in \(range.lowerBound)…\(range.upperBound)")
            case (.text, _): throw ServiceSetupError("--config \(path): '\(key)' must be a string")
            case (.list, _): throw ServiceSetupError("--config \(path): '\(key)' must be an array of strings")
            }
        }
    }

    /// A value of the configuration file.
    enum ConfigValue: Decodable {
        case text(String)
        case integer(Int64)
        case list([String])
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let list = try? container.decode([String].self) {
                self = .list(list)
            } else if (try? container.decode(Bool.self)) == nil, let number = try? container.decode(Int64.self) {
                self = .integer(number)
            } else {
                self = .other
            }
        }
    }

    private static func apply(_ option: Option, text: String, to configuration: inout ServiceConfiguration) throws(ServiceSetupError) {
        switch option.kind {
        case .text: option.apply(&configuration, text)
        case .list: option.apply(&configuration, [text])
        case .integer(let range):
            guard let number = Int64(text), range.contains(number) else {
                throw ServiceSetupError("\(option.flag) takes a whole number in \(range.lowerBound)…\(range.upperBound), not '\(text)'")
            }
            option.apply(&configuration, number)
        }
    }

    private static func camel(_ flag: String) -> String {
        let words = flag.dropFirst(2).split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    private static func text(_ flag: String, _ value: String, _ help: String, _ set: @escaping @Sendable (inout ServiceConfiguration, String) -> Void) -> Option
    {
        Option(flag: flag, key: keyName(flag), kind: .text, value: value, help: help) { configuration, any in set(&configuration, any as! String) }
    }

    private static func integer(
        _ flag: String, _ value: String, _ range: ClosedRange<Int64>, _ help: String,
        _ set: @escaping @Sendable (inout ServiceConfiguration, Int64) -> Void
    ) -> Option {
        Option(flag: flag, key: keyName(flag), kind: .integer(range), value: value, help: help) { configuration, any in set(&configuration, any as! Int64) }
    }

    private static func list(_ flag: String, _ value: String, _ help: String, _ set: @escaping @Sendable (inout ServiceConfiguration, [String]) -> Void)
        -> Option
    {
        Option(flag: flag, key: keyName(flag), kind: .list, value: value, help: help) { configuration, any in set(&configuration, any as! [String]) }
    }

    /// The JSON key of a flag: its words in camel case, with the documented exceptions (`--api-keys` is `apiKeysFile`, `--operator-keys` is `operatorKeysFile`,
    /// `--legacy-journal-key` is `legacyJournalKeyFile`, `--roughtime-keys` is `roughtimeKeysFile`, `--retain-policy`
    /// is `retainedPolicies`, `--player-rate` is `playerRates`): the configuration's own field names.
    private static func keyName(_ flag: String) -> String {
        switch flag {
        case "--api-keys": return "apiKeysFile"
        case "--operator-keys": return "operatorKeysFile"
        case "--legacy-journal-key": return "legacyJournalKeyFile"
        case "--roughtime-keys": return "roughtimeKeysFile"
        case "--retain-policy": return "retainedPolicies"
        case "--player-rate": return "playerRates"
        case "--ticket-lifetime": return "ticketLifetimeSeconds"
        default: return camel(flag)
        }
    }
}
