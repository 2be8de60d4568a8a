import ExampleSupport
import Foundation
import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeSystem

/// A game and its backend in one demo program, against `playtime-server` (docs/service.md): the game runs the
/// library's `OfflineEarnings`; the "backend" half calls the service with its API key, as any backend in any
/// language would (the same calls as the README's curl lines).
enum GameClient {
    static let usage = """
        USAGE: game-client --server 127.0.0.1:PORT --api-key KEY --player NAME --earnings DIR
                           [--session ID] [--wait SECONDS] [--ad --ad-network-secret TEXT]

        The game keeps its journal in --earnings DIR and is enrolled once by the service (kept in DIR/enrollment.txt);
        at every contact — launch, departure, return, upload — it records an anchor of the service's clock.

        1. The player leaves: a departure ticket (issueTicket), then the game records the departure.
        2. --wait SECONDS away (default 1.2), measured by the service's clock.
        3. The return: the game shows what it proves; the ticket is redeemed (redeemTicket) and paid once; the same
           redemption sent again (its answer lost) gets the first payment back, marked repeated, and pays nothing more.
        4. The journal is uploaded (uploadJournal): the ticket's hours are not paid twice.

        With --ad the player plays offline instead (no ticket) and watches an ad: the game shows its gold and the ad's
        as pending; the ad network's callback (grantMultiplier, which this demo sends in its place with
        --ad-network-secret) records the grant, and the upload pays exactly what the game showed plus the ad's gold.

        OPTIONS:
          --server ADDR          The service, a numeric loopback address with port (plain HTTP: loopback only).
          --api-key KEY          The backend's API key (playtime-server printed it at first start).
          --player NAME          The player's id.
          --earnings DIR         The game's directory (created on first use).
          --session ID           The departing session's ticket id (default: random).
          --wait SECONDS         Time away, 0...60 (default 1.2).
          --ad                   The offline story with an ad the service grants.
          --ad-network-secret T  With --ad: the service's ad network secret.

        EXIT STATUS: 0 when the story went as expected; 1 otherwise; 2 usage error.
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
        let wait: Int64
        do {
            options = try ExampleArguments(
                arguments,
                options: [
                    "--server", "--api-key", "--player", "--session", "--wait", "--earnings",
                    "--ad-network-secret",
                ],
                flags: ["--ad"])
            guard let text = options.value("--server") else { throw ExampleUsageError("--server 127.0.0.1:PORT is required") }
            server = try parseServer(text)
            guard options.value("--api-key") != nil else { throw ExampleUsageError("--api-key KEY is required") }
            guard let name = options.value("--player"), !name.isEmpty else { throw ExampleUsageError("--player NAME is required") }
            guard options.value("--earnings") != nil else { throw ExampleUsageError("--earnings DIR is required") }
            _ = name
            wait = try options.seconds("--wait", in: 0...60, default: 1.2)
            guard !options.has("--ad") || options.value("--ad-network-secret") != nil else {
                throw ExampleUsageError("--ad needs --ad-network-secret TEXT")
            }
        } catch {
            StandardStreams.writeError("game-client: \(error)\n\n\(usage)")
            return 2
        }
        let service = ServiceClient(address: server, apiKey: options.value("--api-key")!)
        let session = options.value("--session") ?? "session-" + UUID().uuidString.prefix(8).lowercased()
        do {
            let story = try AnchoredStory(service: service, player: options.value("--player")!, directory: options.value("--earnings")!)
            if options.has("--ad") {
                try await story.runWithAd(wait: wait, adNetworkSecret: options.value("--ad-network-secret") ?? "")
                line("result", "as expected: the service paid what the game showed, and the ad once it was granted")
                return 0
            }
            try await story.run(session: session, wait: wait)
            line("result", "as expected: every contact anchored, the ticket paid once (its retry repeated it), no hour paid twice")
            return 0
        } catch {
            line("result", "NOT as expected: \(error)")
            return 1
        }
    }

    /// `127.0.0.1:PORT` (or `[::1]:PORT`), loopback only: the demo speaks plain HTTP.
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
        guard address.isLoopback else { throw ExampleUsageError("--server must be a loopback address (the demo speaks plain HTTP)") }
        return address
    }

    static func line(_ label: String, _ text: String) {
        print(label + String(repeating: " ", count: max(1, 11 - label.count)) + text)
    }
}
