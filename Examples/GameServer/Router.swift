import ExampleSupport
import Foundation
import PlaytimeCrypto
import PlaytimeServer
import PlaytimeSystem

/// Reads one request, answers it, and logs one line. Nothing a client sends can crash it: every failure
/// becomes a status code with a JSON message. Connections are answered concurrently (``GameServer/serve``),
/// each by its own call of ``answer(_:)``; the state it shares is the library's `EarningsServer`, whose stores
/// are safe to call from several threads at once.
struct Router: Sendable {
    let state: ServerState
    /// The secret the ad network sends with its callback (`--ad-network-secret`); `nil`: `POST /grant` is off.
    var adNetworkSecret: [UInt8]?
    /// What one request may cost: the read deadline on the whole request, header and body limits.
    var limits = HTTPLimits()

    func answer(_ connection: TCPConnection) {
        let response: HTTPResponse
        let line: String
        var refused = false
        do throws(HTTPError) {
            let request = try MiniHTTP.readRequest(from: connection, limits: limits)
            (response, line) = route(request)
        } catch {
            (response, line) = (.json(error.status, ErrorBody(error: Self.code(error.status), message: error.description)),
                                "unreadable request: \(error)")
            refused = true
        }
        log("\(response.status) \(line)")
        do {
            try MiniHTTP.write(response, to: connection)
        } catch {
            log("    (the client left before the answer: \(error))")
        }
        // What the client still sends is read (for a second at most) so that closing does not reset the
        // connection before the client read the refusal.
        if refused { MiniHTTP.drain(connection) }
    }

    /// Prints one line of the server's log: whatever a client put in it (ids, paths, messages that quote
    /// them) is escaped (`LogText`), so a newline, CR, NUL or ESC shows as an escape and never starts a line.
    func log(_ line: String) {
        print(LogText.escaped(line))
    }

    /// The error code of a refused request's JSON body.
    static func code(_ status: Int) -> String {
        switch status {
        case 408: return "request-timeout"
        case 413: return "too-large"
        case 431: return "headers-too-large"
        default: return "bad-request"
        }
    }

    /// The response and a log line for one request.
    func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
        let label = "\(request.method) \(request.path)"
        let expected: String
        switch request.path {
        case "/tickets", "/redeem", "/audit", "/enroll", "/anchor", "/grant": expected = "POST"
        case "/health": expected = "GET"
        default: return (.json(404, ErrorBody(error: "not-found", message: "no endpoint \(request.path)")), label)
        }
        guard request.method == expected else {
            return (.json(405, ErrorBody(error: "method-not-allowed", message: "\(request.path) takes \(expected)")), label)
        }
        do {
            switch request.path {
            case "/tickets": return try issue(request, label)
            case "/redeem": return try redeem(request, label)
            case "/audit": return try audit(request, label)
            case "/enroll": return try enroll(request, label)
            case "/anchor": return try anchor(request, label)
            case "/grant": return try grant(request, label)
            default: return (.json(200, ["status": "ok"]), label)
            }
        } catch {
            return (.json(400, ErrorBody(error: "bad-request", message: error.description)), "\(label): \(error)")
        }
    }

    private func issue(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(TicketRequest.self, from: request.body)
        do {
            // The rate is the server's: its per-player configuration or the policy's, never the request's.
            let ticket = try state.server.issueTicket(player: body.player, session: body.session)
            let text = try ticket.encodedText()
            let reply = TicketResponse(ticket: text, issuedAt: ticket.issuedAt, expiresAt: ticket.expiresAt, policy: ticket.policyVersion)
            return (.json(200, reply), "\(label): ticket for \(body.player) session \(body.session) at \(ticket.goldPerHour) gold/h")
        } catch {
            throw HTTPError(description: "cannot issue: \(error)")
        }
    }

    /// `POST /redeem`: paid once, by the server's clock, within the player's daily budget, less the hours uploads
    /// of the same player were already paid for (`EarningsServer.redeem`).
    private func redeem(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(RedeemRequest.self, from: request.body)
        let payout: TicketPayout
        do {
            payout = try state.server.redeem(body.ticket, player: body.player)
        } catch {
            let (status, code) = Self.classify(error)
            return (.json(status, ErrorBody(error: code, message: error.description)), "\(label): refused, \(code)")
        }
        let redemption = payout.redemption
        let applied = redemption.breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
        var reply = RedeemResponse(player: body.player, session: redemption.ticket.sessionID, elapsedSeconds: payout.elapsedSeconds,
                                   gold: payout.gold, withheldByBudget: payout.withheldByBudget,
                                   goldPerHour: redemption.ticket.goldPerHour, multipliers: applied, policy: redemption.breakdown.policyVersion)
        reply.repeated = payout.isRepeat
        reply.attempts = payout.attempts
        let withheld = payout.withheldByBudget > 0 ? " (\(payout.withheldByBudget) withheld by the daily budget)" : ""
        let tries = payout.attempts > 1 ? ", after \(payout.attempts) attempts" : ""
        if payout.isRepeat {
            return (.json(200, reply), "\(label): \(body.player) redeemed this ticket before (\(payout.gold) gold): nothing paid now\(tries)")
        }
        return (.json(200, reply), "\(label): \(body.player) paid \(payout.gold) gold for \(payout.elapsedSeconds) s\(withheld)\(tries)")
    }

    /// 409 for a replay (the ticket or its session), 500 when a store failed (nothing was paid), 422 with the
    /// reason otherwise.
    static func classify(_ error: ServerError) -> (status: Int, code: String) {
        if let refusal = error.ticketError {
            switch refusal {
            case .alreadyRedeemed: return (409, "already-redeemed")
            case .storeFailure: return (500, "store-failure")
            case .ledgerFailure: return (500, "ledger-failure")
            case .malformed: return (422, "malformed")
            case .unknownKey: return (422, "unknown-key")
            case .forged: return (422, "forged")
            case .otherPlayer: return (422, "other-player")
            case .unknownPolicy: return (422, "unknown-policy")
            case .notYetValid: return (422, "not-yet-valid")
            case .expired: return (422, "expired")
            }
        }
        // A code this example does not know (a later version's) is a failure of the server, not of the request.
        switch error.code {
        case .anchor: return (422, "bad-anchor-request")
        case .grant: return (422, "bad-grant")
        default: return (500, "store-failure")
        }
    }

    /// `POST /audit`: the journal is judged on the server's clock; it must extend what the server accepted
    /// from it before (rollback, fork and replay pay nothing); each session is paid only what its evidence
    /// proves beyond what was paid for it, within the player's rolling daily budget (shared with tickets).
    private func audit(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        guard let player = request.headers["x-player"], !player.isEmpty, player.utf8.count <= 256 else {
            throw HTTPError(description: "send the player's id in the X-Player header")
        }
        guard !request.body.isEmpty else { throw HTTPError(description: "the body must be the journal's bytes") }
        // A journal this server enrolled is verified under the key derived from its id; any other under the
        // directory's journal key.
        let key = journalKey(for: player)
        var keyID = key.keyIDHex
        let payout: UploadPayout
        do throws(ServerError) {
            do {
                payout = try state.server.acceptUpload(request.body, player: player)
                keyID = "derived"
            } catch {
                guard case .notAJournal? = error.uploadError else { throw error }
                payout = try state.server.acceptUpload(request.body, player: player, key: key)
            }
        } catch {
            switch error.uploadError {
            case .notAJournal?:
                return (.json(422, ErrorBody(error: "not-a-journal", message: "key \(key.keyIDHex): \(error)")),
                        "\(label): \(player) sent something that is not a journal under this key")
            case .overLimit?:
                return (.json(413, ErrorBody(error: "over-limit", message: error.description)),
                        "\(label): \(player) sent an upload over a server limit, refused unjudged")
            case .concurrentUpload?:
                return (.json(409, ErrorBody(error: "concurrent-upload", message: error.description)), "\(label): \(player), concurrent upload")
            default:
                break
            }
            if error.code == .store {
                return (.json(500, ErrorBody(error: "store-failure", message: error.description)), "\(label): store failed, \(error)")
            }
            return (.json(500, ErrorBody(error: "audit-failed", message: error.description)), "\(label): audit failed, \(error)")
        }
        let decision = payout.decision
        let summary = decision.summary
        var reply = AuditResponse(player: player, keyID: keyID, outcome: decision.outcome.rawValue, records: summary.records,
                                  sessions: summary.sessions, creditedSeconds: summary.creditedSeconds, recomputedGold: summary.recomputedGold,
                                  claimedGold: summary.claimedGold, payableGold: payout.payableGold, paidGold: payout.paidGold,
                                  withheldByBudget: payout.withheldByBudget, clean: payout.isClean,
                                  findings: decision.findings.map(\.description))
        reply.repeated = payout.isRepeat
        reply.attempts = payout.attempts
        if payout.isRepeat {
            return (.json(200, reply), "\(label): \(player) sent this upload before (\(payout.paidGold) gold): nothing paid now")
        }
        return (.json(200, reply), "\(label): \(player), \(decision.outcome.rawValue), \(summary.sessions) session(s), "
                + "paid \(reply.paidGold) gold, \(decision.findings.count) finding(s)")
    }

    /// `POST /enroll`: a new journal for the player, its key derived from the server secret, and the enrollment
    /// anchor (`EarningsServer.enroll`).
    private func enroll(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(EnrollRequest.self, from: request.body)
        guard !body.player.isEmpty, body.player.utf8.count <= 256 else { throw HTTPError(description: "player must be 1–256 bytes") }
        do {
            let enrollment = try state.server.enroll(player: body.player)
            return (.json(200, EnrollResponse(journal: enrollment.journalID, key: HexText.encode(enrollment.key), anchor: enrollment.anchor,
                                              policy: state.server.policy.version)),
                    "\(label): \(body.player) enrolled journal \(enrollment.journalID)")
        } catch {
            throw HTTPError(description: "cannot enroll: \(error)")
        }
    }

    /// `POST /anchor`: the server's time for the journal head the device reports (`EarningsServer.anchor`).
    private func anchor(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(AnchorRequestBody.self, from: request.body)
        guard !body.player.isEmpty, body.player.utf8.count <= 256 else { throw HTTPError(description: "player must be 1–256 bytes") }
        do {
            let anchor = try state.server.anchor(player: body.player, journalID: body.journal, headSequence: body.seq, headMAC: body.mac)
            return (.json(200, AnchorResponse(anchor: anchor.text, serverTime: anchor.serverNanoseconds)),
                    "\(label): \(body.player) journal \(body.journal) at record \(body.seq)")
        } catch {
            return (.json(422, ErrorBody(error: "bad-anchor-request", message: error.description)), "\(label): refused, \(error)")
        }
    }

    /// `POST /grant`: the ad network confirms an ad for a session (`EarningsServer.grant`); the ticket or the upload
    /// that pays the session applies it, once. 422 for a name the policy does not define.
    private func grant(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        // Only the ad network may grant: a player who calls this himself does not know its secret (compared in
        // constant time). A real server checks the ad network's own signature on its callback instead.
        guard let secret = adNetworkSecret else {
            return (.json(404, ErrorBody(error: "grants-off", message: "start the server with --ad-network-secret to take ad callbacks")),
                    "\(label): refused, grants are off")
        }
        guard let sent = request.headers["x-ad-network-secret"], constantTimeEquals(Array(sent.utf8), secret) else {
            return (.json(403, ErrorBody(error: "not-the-ad-network", message: "the X-Ad-Network-Secret header is missing or wrong")),
                    "\(label): refused, not the ad network")
        }
        let body = try JSONBody.decode(GrantRequest.self, from: request.body)
        guard !body.player.isEmpty, body.player.utf8.count <= 256 else { throw HTTPError(description: "player must be 1–256 bytes") }
        do {
            try state.server.grant(body.multiplier, player: body.player, session: body.session)
        } catch {
            let (status, code) = Self.classify(error)
            return (.json(status, ErrorBody(error: code, message: error.description)), "\(label): refused, \(code)")
        }
        return (.json(200, body),
                "\(label): \(body.multiplier) granted to \(body.player) session \(body.session)")
    }

    /// The key a player's journals are written under. The example keeps one key per server directory; a real
    /// server stores a key per player (provisioned with the device) and looks it up here by the authenticated id.
    private func journalKey(for player: String) -> JournalKey {
        state.journalKey
    }
}
