import ExampleSupport
import Foundation
import PlaytimeServer
import PlaytimeSystem

/// A game server on loopback: departure tickets by its own clock, single-use redemption that survives
/// restarts, and journal audits. Connections are answered concurrently, at most `--max-connections` at once,
/// each request bounded by a read deadline and strict parsing; it stops by itself (request count, lifetime,
/// idle time), so it never runs forever in CI.
enum GameServer {
    static let usage = """
    USAGE: game-server [--port N] [--state DIR] [--max-requests N] [--seconds S] [--idle-seconds S]
                       [--journal-key FILE] [--policy demo|default|FILE] [--ticket-lifetime SECONDS]
                       [--player-rate PLAYER=GOLD_PER_HOUR]… [--grant-multiplier PLAYER=NAME]…
                       [--store postgres://USER[:PASSWORD]@HOST[:PORT]/DB] [--ticket-key FILE]
                       [--roughtime-keys FILE] [--max-connections N] [--read-seconds S]
                       [--ad-network-secret TEXT]
           game-server --print-policy [--policy demo|default|FILE]

    Listens on 127.0.0.1 only and prints `listening on 127.0.0.1:PORT` as its first line.

    ENDPOINTS:
      POST /tickets  {"player","session"}                   → {"ticket",…}: a departure ticket, server clock,
                                                               at the server's rate for the player
      POST /redeem   {"player","ticket"}                    → {"elapsedSeconds","gold","withheldByBudget",…};
                                                               409 if the ticket or its session was already
                                                               redeemed, 422 {"error": reason} otherwise
      POST /audit    journal bytes, header X-Player          → {"sessions","creditedSeconds",…,"findings"};
                                                               413 {"error":"over-limit"} unjudged when over a
                                                               server limit (docs/fleet.md, "Limits and cost")
      POST /grant    {"player","session","multiplier"},      → the ad network's callback: the session is granted
                     header X-Ad-Network-Secret               the multiplier (paid once, with the session); 403
                                                               without the secret, 404 when --ad-network-secret
                                                               is not set, 422 for a name the policy lacks
      GET  /health                                           → {"status":"ok"}
    Bad input gets 400 with a message (also a duplicate key or any other field); the server keeps going.
    Requests are read strictly: lines end with CR LF, each header once (two Content-Lengths are refused),
    no Transfer-Encoding, headers valid UTF-8 without control characters (400); at most 64 headers in
    16 KiB (431); a body of at most 64 MiB (413); the whole request within --read-seconds (408).
    Client text in the log (ids, paths) is escaped: a newline shows as \\n and never starts a line.
    Gold passes each player's rolling 24 h budget (the policy's dailyBudgetGold).

    OPTIONS:
      --port N              TCP port on 127.0.0.1 (default 0: any free port).
      --state DIR           Ticket secret, replay and budget files, journal key (default: a new temporary directory).
                            Reuse it across restarts: a ticket redeemed once stays redeemed.
      --max-requests N      Stop after N connections (default: no limit).
      --max-connections N   Answer at most N connections at once, each on a thread of its own (default 32);
                            one more gets 503 at once and is closed, never queued.
      --read-seconds S      How long a client may take to send its whole request, headers and body
                            (default 5); a slower one gets 408. Also bounds each write of the answer.
      --seconds S           Stop after S seconds in all (default: no limit).
      --idle-seconds S      Stop after S seconds without a request (default 60; 0 = never).
      --journal-key FILE    Key to audit uploaded journals with (default DIR/journal.key, created with the
                            public demo key of Examples/Samples/demo.key).
      --policy P            demo (default), default (the library's), or a policy JSON file.
      --retired V=TIME      The server time (Unix seconds) at which the retained policy of version V stopped being
                            the server's (default: this server's start): sessions the server's anchors place
                            later are paid under --policy, whatever their departure names (docs/anchors.md).
      --ticket-lifetime S   How long a ticket stays redeemable (default 604800 = 7 days).
      --player-rate P=N     The earn rate of player P, gold per hour (default: the policy's goldPerHour).
      --grant-multiplier P=M  The server grants player P's sessions the policy's multiplier M (a real server
                            records such a grant when, say, its ad network confirms a view server to server).
      --store URL           Keep redeemed tickets, budgets, the device registry and account intervals in this
                            PostgreSQL database (docs/fleet.md) instead of files in DIR, so several servers share
                            them; the schema is created or migrated at start, and expired rows are collected
                            at start and then hourly. Default: the files in DIR.
      --roughtime-keys FILE The operator's Roughtime public keys (one base64 key a line): signed time in uploaded
                            journals proves time away under them (docs/journal-format.md §12). Default: none.
      --ticket-key FILE     The ticket signing secret (hex text, at least 16 bytes, like journal keys) instead of
                            DIR/ticket.secret, so several servers accept each other's tickets. It must exist.
      --ad-network-secret T The secret the ad network's server-to-server callback sends (X-Ad-Network-Secret) with
                            POST /grant; without it POST /grant is off. A player never knows it.
      --print-policy        Print the policy as JSON and exit.
    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: ExampleArguments
        let policy: RewardPolicy
        let port: Int64
        var limits = ServeLimits()
        let lifetime: Int64
        let rates: PlayerRates
        let grants: StaticMultiplierGrants
        var retirements: [String: Int64] = [:]
        do {
            options = try ExampleArguments(arguments, options: ["--port", "--state", "--max-requests", "--seconds", "--idle-seconds",
                                                                "--journal-key", "--policy", "--ticket-lifetime",
                                                                "--player-rate", "--grant-multiplier", "--store", "--ticket-key", "--roughtime-keys",
                                                                "--max-connections", "--read-seconds", "--retired", "--ad-network-secret"],
                                           flags: ["--print-policy"])
            port = try options.integer("--port", in: 0...65_535, default: 0)
            limits.maxRequests = try options.integer("--max-requests", in: 0...Int64.max, default: 0)
            limits.maximumConnections = Int(try options.integer("--max-connections", in: 1...1_024, default: 32))
            limits.http.readTimeoutNanoseconds = try options.seconds("--read-seconds", in: 0.1...3_600, default: 5)
            lifetime = try options.integer("--ticket-lifetime", in: 1...(10 * 365 * 86_400), default: TicketAuthority.defaultLifetimeSeconds)
            limits.idleNanoseconds = try options.seconds("--idle-seconds", in: 0...86_400, default: 60)
            limits.totalNanoseconds = try options.seconds("--seconds", in: 0...(365 * 86_400), default: 0)
            do {
                policy = try RewardPolicy.named(options.value("--policy") ?? "demo")
            } catch {
                throw ExampleUsageError("--policy: \(error)")
            }
            (rates, grants) = try serverConfiguration(options, policy: policy)
            for text in options.values("--retired") {
                guard let equals = text.lastIndex(of: "="), let seconds = Int64(text[text.index(after: equals)...]),
                      seconds >= 0, seconds < Int64.max / 1_000_000_000 else {
                    throw ExampleUsageError("--retired takes VERSION=UNIX_SECONDS, not '\(text)'")
                }
                retirements[String(text[..<equals])] = seconds * 1_000_000_000
            }
        } catch {
            StandardStreams.writeError("game-server: \(error)\n\n\(usage)")
            return 2
        }
        if options.has("--print-policy") {
            print(String(decoding: policy.jsonData(), as: UTF8.self))
            return 0
        }
        let directory = options.value("--state") ?? NSTemporaryDirectory() + "game-server-" + UUID().uuidString.prefix(8).lowercased()
        let state: ServerState
        let listener: TCPListener
        do {
            state = try ServerState(directory: directory, policy: policy, journalKeyPath: options.value("--journal-key"), lifetimeSeconds: lifetime,
                                rates: rates, grants: grants, retirements: retirements, store: options.value("--store"),
                                ticketKeyPath: options.value("--ticket-key"), roughtimeKeysPath: options.value("--roughtime-keys"),
                                databaseConnections: min(limits.maximumConnections, 8))
            guard let address = SocketAddress(numericHost: "127.0.0.1", port: UInt16(port)) else { return 2 }
            listener = try TCPListener(bindingTo: address)
        } catch {
            StandardStreams.writeError("game-server: \(error)")
            return 1
        }
        // The first line, always (standard output is line-buffered): clients and tests read the port from it.
        print("listening on \(listener.localAddress)")
        print("state \(directory) (ticket key \(ServerState.ticketKeyID), policy \(policy.version), \(state.storeDescription))")
        print("journal key \(state.journalKeyPath) (key id \(state.journalKey.keyIDHex))"
              + (state.usesDemoJournalKey ? " — the PUBLIC demo key: audits prove nothing against a real cheater" : ""))
        let router = Router(state: state, adNetworkSecret: options.value("--ad-network-secret").map { Array($0.utf8) }, limits: limits.http)
        let reason = serve(listener, router: router, limits: limits, maintenance: state.collect)
        listener.close()
        print("stopped: \(reason)")
        return 0
    }

    /// The operator's rates and multiplier grants from `--player-rate P=N` and `--grant-multiplier P=M`.
    static func serverConfiguration(_ options: ExampleArguments, policy: RewardPolicy) throws(ExampleUsageError)
        -> (PlayerRates, StaticMultiplierGrants) {
        func split(_ option: String, _ text: String) throws(ExampleUsageError) -> (PlayerKey, String) {
            guard let equals = text.lastIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
                throw ExampleUsageError("\(option) takes PLAYER=VALUE, not '\(text)'")
            }
            return (PlayerKey(String(text[..<equals])), String(text[text.index(after: equals)...]))
        }
        var rates = PlayerRates(defaultGoldPerHour: policy.goldPerHour)
        for text in options.values("--player-rate") {
            let (player, value) = try split("--player-rate", text)
            guard let rate = Int64(value), rate >= 0 else { throw ExampleUsageError("--player-rate: '\(value)' is not a rate ≥ 0") }
            rates.perPlayer[player] = rate
        }
        var grants = StaticMultiplierGrants()
        for text in options.values("--grant-multiplier") {
            let (player, name) = try split("--grant-multiplier", text)
            guard policy.multiplier(named: name) != nil else {
                throw ExampleUsageError("--grant-multiplier: policy \(policy.version) has no multiplier '\(name)'")
            }
            grants.perPlayer[player, default: []].append(name)
        }
        return (rates, grants)
    }
}
