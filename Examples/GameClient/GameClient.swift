import ExampleSupport
import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// The client side of the ticket story: depart with a server-issued ticket, come back, redeem it once,
/// watch the replay fail, and optionally hand the server a journal to audit.
enum GameClient {
    static let usage = """
    USAGE: game-client --server 127.0.0.1:PORT --player NAME [--session ID]
                       [--wait SECONDS] [--journal FILE --key-file FILE | --earnings DIR [--ad --ad-network-secret TEXT]]

    1. POST /tickets: the player leaves; the server issues a departure ticket by its own clock, at the rate
       it keeps for the player (the client sends only the player and the session).
    2. Waits --wait seconds (default 1.2): the time away, measured by the server, not by this machine.
    3. POST /redeem: paid once (elapsed seconds and gold are printed; multipliers are the ones the server
       granted, and the gold is capped by the player's daily budget).
    4. POST /redeem with the same ticket again: must be refused (409).
    5. With --journal: checks the journal locally with --key-file, uploads it to POST /audit, prints the summary.

    With --earnings DIR the game runs the library's OfflineEarnings in DIR instead: it enrolls once (POST /enroll,
    kept in DIR/enrollment.json), records a server anchor (POST /anchor) at launch, at the ticket, at the return
    and after the upload, leaves and comes back around the ticket, and uploads its journal (docs/anchors.md).
    With --earnings DIR --ad the player plays offline instead (no ticket) and watched an ad: the game shows its gold
    and the ad's as pending, POST /grant stands in for the ad network's callback, and the upload must pay exactly
    what the game showed plus the pending gold (docs/reward-policy.md, "Multipliers are the server's").

    OPTIONS:
      --server ADDR      The game server, a numeric loopback address with port (the example speaks plain HTTP).
      --player NAME      The player's id.
      --session ID       The departing session's id (default: random).
      --wait SECONDS     Time away before redeeming, 0...60 (default 1.2).
      --journal FILE     A journal to upload for audit (needs --key-file).
      --key-file FILE    The journal's key, for the local check before the upload (never sent).
      --earnings DIR     The game's directory for the anchored story (created on first use).
      --ad               With --earnings: the offline story with an ad the server grants.
      --ad-network-secret T  With --ad: the game-server's --ad-network-secret (the example plays the ad network's
                         callback, which a real game never does).

    EXIT STATUS: 0 when the story went as expected (paid once, the replay refused, the audit answered);
    1 otherwise; 2 usage error.
    """

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: ExampleArguments
        let server: SocketAddress
        let player: String
        let wait: Int64
        do {
            options = try ExampleArguments(arguments, options: ["--server", "--player", "--session", "--wait", "--journal", "--key-file", "--earnings",
                                                                  "--ad-network-secret"],
                                           flags: ["--ad"])
            guard let text = options.value("--server") else { throw ExampleUsageError("--server 127.0.0.1:PORT is required") }
            server = try parseServer(text)
            guard let name = options.value("--player"), !name.isEmpty else { throw ExampleUsageError("--player NAME is required") }
            player = name
            wait = try options.seconds("--wait", in: 0...60, default: 1.2)
            guard (options.value("--journal") == nil) == (options.value("--key-file") == nil) else {
                throw ExampleUsageError("--journal and --key-file go together")
            }
            guard options.value("--earnings") == nil || options.value("--journal") == nil else {
                throw ExampleUsageError("--earnings and --journal exclude each other")
            }
            guard !options.has("--ad") || (options.value("--earnings") != nil && options.value("--ad-network-secret") != nil) else {
                throw ExampleUsageError("--ad needs --earnings DIR and --ad-network-secret TEXT")
            }
        } catch {
            StandardStreams.writeError("game-client: \(error)\n\n\(usage)")
            return 2
        }
        let session = options.value("--session") ?? "session-" + UUID().uuidString.prefix(8).lowercased()
        if let directory = options.value("--earnings") {
            do {
                let story = try AnchoredStory(server: server, player: player, directory: directory)
                if options.has("--ad") {
                    try await story.runWithAd(wait: wait, adNetworkSecret: options.value("--ad-network-secret") ?? "")
                    line("result", "as expected: the server paid what the game showed, and the ad once it was granted")
                    return 0
                }
                try await story.run(session: session, wait: wait)
                line("result", "as expected: every contact anchored, the ticket paid once, the upload judged on the server's clock")
                return 0
            } catch {
                line("result", "NOT as expected: \(error)")
                return 1
            }
        }
        do {
            try story(server: server, player: player, session: session, wait: wait,
                      journal: options.value("--journal"), keyFile: options.value("--key-file"))
            line("result", "as expected: the ticket paid once and its replay was refused")
            return 0
        } catch {
            line("result", "NOT as expected: \(error)")
            return 1
        }
    }

    static func story(server: SocketAddress, player: String, session: String, wait: Int64,
                      journal: String?, keyFile: String?) throws {
        line("server", "\(server)")
        let issued: TicketResponse = try call(server, "/tickets", TicketRequest(player: player, session: session), expect: 200)
        line("departure", "ticket for \(player), session \(session) under policy \(issued.policy) (the server snapshots the rate)")
        line("ticket", issued.ticket)

        line("away", "\(Double(wait) / 1e9) s (the server's clock measures it)")
        Thread.sleep(forTimeInterval: Double(wait) / 1e9)

        let redeem = RedeemRequest(player: player, ticket: issued.ticket)
        let paid: RedeemResponse = try call(server, "/redeem", redeem, expect: 200)
        let multipliers = paid.multipliers.isEmpty ? "" : " (\(paid.multipliers.joined(separator: ", ")) applied)"
        let withheld = paid.withheldByBudget > 0 ? ", \(paid.withheldByBudget) withheld by the daily budget" : ""
        line("redeemed", "\(paid.elapsedSeconds) s away by the server's clock at \(paid.goldPerHour) gold/h: \(paid.gold) gold\(multipliers)\(withheld)")

        let (status, body) = try send(server, "/redeem", JSONBody.encode(redeem))
        let refusal = try? JSONDecoder().decode(ErrorBody.self, from: Data(body))
        guard status == 409, refusal?.error == "already-redeemed" else {
            throw Failure(description: "the second redemption answered \(status) \(String(decoding: body, as: UTF8.self))")
        }
        line("replay", "refused (409 \(refusal?.error ?? "")): \(refusal?.message ?? "")")

        guard let journal, let keyFile else { return }
        let key = try KeyFile.load(path: keyFile)
        guard let bytes = FileManager.default.contents(atPath: journal) else { throw Failure(description: "cannot read \(journal)") }
        let local = JournalReader.verify(bytes: Array(bytes), key: key)
        line("journal", "\(journal): \(local.recordCount) records, "
             + (local.isIntact ? "intact under key id \(key.keyIDHex)" : "broken locally (\(local.failure.map(\.description) ?? "?")); uploading anyway"))
        let (auditStatus, auditBody) = try send(server, "/audit", Array(bytes), headers: ["X-Player": player])
        guard auditStatus == 200, let summary = try? JSONDecoder().decode(AuditResponse.self, from: Data(auditBody)) else {
            throw Failure(description: "the audit answered \(auditStatus) \(String(decoding: auditBody, as: UTF8.self))")
        }
        line("audit", "\(summary.sessions) session(s), \(summary.creditedSeconds) s credited, \(summary.recomputedGold) gold justified, "
             + "\(summary.claimedGold) claimed: " + (summary.clean ? "clean" : "\(summary.findings.count) finding(s)"))
        for finding in summary.findings { line("", finding) }
    }

    /// POSTs `value` as JSON and decodes the answer, which must have status `expect`.
    static func call<Request: Encodable, Response: Decodable>(_ server: SocketAddress, _ path: String, _ value: Request,
                                                              expect: Int) throws -> Response {
        let (status, body) = try send(server, path, JSONBody.encode(value))
        guard status == expect else {
            throw Failure(description: "POST \(path) answered \(status) \(String(decoding: body, as: UTF8.self))")
        }
        do {
            return try JSONDecoder().decode(Response.self, from: Data(body))
        } catch {
            throw Failure(description: "POST \(path) answered an unexpected body: \(String(decoding: body, as: UTF8.self))")
        }
    }

    static func send(_ server: SocketAddress, _ path: String, _ body: [UInt8], headers: [String: String] = [:]) throws -> (Int, [UInt8]) {
        var fields = headers
        fields["Content-Type"] = "application/json"
        do {
            return try MiniHTTP.send(HTTPRequest(method: "POST", path: path, headers: fields, body: body), to: server)
        } catch {
            throw Failure(description: "POST \(path) to \(server) failed: \(error)")
        }
    }

    /// `127.0.0.1:PORT` (or `[::1]:PORT`), loopback only: the example's HTTP has no encryption or authentication.
    static func parseServer(_ text: String) throws(ExampleUsageError) -> SocketAddress {
        var host = text
        var portText = ""
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { host = "127.0.0.1" }
        guard let port = UInt16(portText), port > 0, let address = SocketAddress(numericHost: host, port: port) else {
            throw ExampleUsageError("--server must be a numeric address with a port, e.g. 127.0.0.1:8080, not '\(text)'")
        }
        guard address.isLoopback else { throw ExampleUsageError("--server must be a loopback address (the example is not for networks)") }
        return address
    }

    static func line(_ label: String, _ text: String) {
        print(label + String(repeating: " ", count: max(1, 11 - label.count)) + text)
    }
}
