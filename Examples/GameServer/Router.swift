import ExampleSupport
import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTickets

/// Reads one request, answers it, and logs one line. Nothing a client sends can crash it: every failure
/// becomes a status code with a JSON message.
struct Router {
    let state: ServerState

    /// How long a client may take to send its whole request.
    static let readTimeoutNanoseconds: Int64 = 15_000_000_000

    func answer(_ connection: TCPConnection) {
        let response: HTTPResponse
        let line: String
        do {
            let request = try MiniHTTP.readRequest(from: connection, timeoutNanoseconds: Self.readTimeoutNanoseconds)
            (response, line) = route(request)
        } catch {
            (response, line) = (.json(400, ErrorBody(error: "bad-request", message: "\(error)")), "unreadable request: \(error)")
        }
        print("\(response.status) \(line)")
        do {
            try MiniHTTP.write(response, to: connection)
        } catch {
            print("    (the client left before the answer: \(error))")
        }
    }

    /// The response and a log line for one request.
    func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
        let label = "\(request.method) \(request.path)"
        let expected: String
        switch request.path {
        case "/tickets", "/redeem", "/audit": expected = "POST"
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
            default: return (.json(200, ["status": "ok"]), label)
            }
        } catch {
            return (.json(400, ErrorBody(error: "bad-request", message: error.description)), "\(label): \(error)")
        }
    }

    /// The server's clock, the authority for every ticket: Unix nanoseconds.
    private var now: Int64 { SystemClock.wallNanoseconds() }

    private func issue(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(TicketRequest.self, from: request.body)
        do {
            // The rate is the server's: its per-player configuration or the policy's, never the request's.
            let ticket = try state.authority.issue(player: body.player, session: body.session, at: now)
            let text = try ticket.encodedText()
            let reply = TicketResponse(ticket: text, issuedAt: ticket.issuedAt, expiresAt: ticket.expiresAt, policy: ticket.policyVersion)
            return (.json(200, reply), "\(label): ticket for \(body.player) session \(body.session) at \(ticket.goldPerHour) gold/h")
        } catch {
            throw HTTPError(description: "cannot issue: \(error)")
        }
    }

    private func redeem(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        let body = try JSONBody.decode(RedeemRequest.self, from: request.body)
        do {
            // Multipliers are the server's grants for the session; the gold passes the player's daily budget.
            let redeemedAt = now
            let redemption = try state.authority.redeem(body.ticket, player: body.player, at: redeemedAt)
            let breakdown = redemption.breakdown
            let applied = breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
            // The ticket's time away, on the server's clock, joins the player's paid intervals: an upload of the
            // same hours (from any journal) is not paid again, and hours an upload already paid are not paid here.
            let gold: Int64
            do {
                gold = try Self.trimmed(redemption.paidGold, of: redemption, player: body.player, at: redeemedAt, in: state.accounts)
            } catch {
                return (.json(500, ErrorBody(error: "store-failure", message: "\(error)")), "\(label): account store failed, \(error)")
            }
            let reply = RedeemResponse(player: body.player, session: redemption.ticket.sessionID, elapsedSeconds: redemption.elapsedSeconds,
                                       gold: gold, withheldByBudget: redemption.withheldByBudget,
                                       goldPerHour: redemption.ticket.goldPerHour, multipliers: applied, policy: breakdown.policyVersion)
            let withheld = redemption.withheldByBudget > 0 ? " (\(redemption.withheldByBudget) withheld by the daily budget)" : ""
            return (.json(200, reply), "\(label): \(body.player) paid \(gold) gold for \(redemption.elapsedSeconds) s\(withheld)")
        } catch {
            let (status, code) = Self.classify(error)
            return (.json(status, ErrorBody(error: code, message: error.description)), "\(label): refused, \(code)")
        }
    }

    /// `gold` less the share of the ticket's interval `[issuedAt, now)` that uploads already paid for `player`.
    static func trimmed(_ gold: Int64, of redemption: Redemption, player: String, at now: Int64,
                        in accounts: any AccountIntervalStore) throws(RegistryError) -> Int64 {
        let start = redemption.ticket.issuedAt
        guard start < now else { return gold }
        return try accounts.recordAndTrim(gold, account: player, journalID: "ticket", sessionID: redemption.ticket.nonce.description,
                                          away: start..<now).gold
    }

    /// 409 for a replay (the ticket or its session), 500 when a store failed (nothing was paid), 422 with the
    /// reason otherwise.
    static func classify(_ error: TicketError) -> (status: Int, code: String) {
        switch error {
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

    /// `POST /audit`: the journal is judged on the server's clock; it must extend what the server accepted
    /// from it before (rollback, fork and replay pay nothing); each session is paid only what its evidence
    /// proves beyond what was paid for it, within the player's rolling daily budget (shared with tickets).
    private func audit(_ request: HTTPRequest, _ label: String) throws(HTTPError) -> (HTTPResponse, String) {
        guard let player = request.headers["x-player"], !player.isEmpty, player.utf8.count <= 256 else {
            throw HTTPError(description: "send the player's id in the X-Player header")
        }
        guard !request.body.isEmpty else { throw HTTPError(description: "the body must be the journal's bytes") }
        let key = journalKey(for: player)
        let path = state.directory + "/uploads/" + UUID().uuidString.lowercased() + ".jsonl"
        defer { try? FileSystem.removeFile(at: path) }
        let judgedAt = now
        let gate = UploadGate(key: key, configuration: state.audit, registry: state.registry, accounts: state.accounts,
                              decisions: PlayerDecisions(rates: state.rates, grants: state.grants, now: judgedAt))
        do throws(SystemError) {
            let file = try OpenFile(path: path, options: [.readWrite, .create, .exclusive], permissions: 0o600)
            try file.writeAll(request.body)
            try file.close()
        } catch {
            return (.json(500, ErrorBody(error: "audit-failed", message: "\(error)")), "\(label): audit failed, \(error)")
        }
        let decision: UploadDecision
        do {
            decision = try Self.accept(gate, path: path, at: judgedAt, account: player)
        } catch {
            switch error {
            case .notAJournal:
                return (.json(422, ErrorBody(error: "not-a-journal", message: "key \(key.keyIDHex): \(error)")),
                        "\(label): \(player) sent something that is not a journal under this key")
            case .concurrentUpload:
                return (.json(409, ErrorBody(error: "concurrent-upload", message: error.description)), "\(label): \(player), concurrent upload")
            case .unreadable, .registry:
                return (.json(500, ErrorBody(error: "audit-failed", message: error.description)), "\(label): audit failed, \(error)")
            }
        }
        // The registry already counts these sessions as paid: a crash before the grant loses that gold for the
        // player, never pays it twice (the same order as ticket redemption, docs/tickets.md). Sessions a
        // ticket already paid are not paid again.
        let sessions = SessionPaymentGuard(replayGuard: state.authority.replayGuard,
                                           memoryNanoseconds: (state.authority.lifetimeSeconds + state.authority.allowedSkewSeconds) &* 1_000_000_000)
        var payable: Int64 = 0
        do {
            for payment in decision.payments {
                let gold = try sessions.payable(payment, journalID: decision.journalID, player: player, at: judgedAt)
                payable = payable.addingReportingOverflow(gold).overflow ? .max : payable + gold
            }
        } catch {
            return (.json(500, ErrorBody(error: "store-failure", message: "\(error)")), "\(label): replay store failed, \(error)")
        }
        var grant: BudgetGrant?
        if payable > 0 {
            do {
                grant = try state.budgetLedger.grant(payable, to: PlayerKey(player), limit: state.audit.policy.dailyBudgetGold, at: judgedAt)
            } catch {
                return (.json(500, ErrorBody(error: "store-failure", message: "\(error)")), "\(label): budget store failed, \(error)")
            }
        }
        let summary = decision.summary
        let reply = AuditResponse(player: player, keyID: key.keyIDHex, outcome: decision.outcome.rawValue, records: summary.records,
                                  sessions: summary.sessions, creditedSeconds: summary.creditedSeconds, recomputedGold: summary.recomputedGold,
                                  claimedGold: summary.claimedGold, payableGold: payable, paidGold: grant?.granted ?? 0,
                                  withheldByBudget: grant?.withheld ?? 0, clean: decision.findings.isEmpty,
                                  findings: decision.findings.map(\.description))
        return (.json(200, reply), "\(label): \(player), \(decision.outcome.rawValue), \(summary.sessions) session(s), "
                + "paid \(reply.paidGold) gold, \(decision.findings.count) finding(s)")
    }

    /// Opens the stored upload and hands it to the gate.
    private static func accept(_ gate: UploadGate, path: String, at now: Int64, account: String) throws(UploadError) -> UploadDecision {
        let file: OpenFile
        do { file = try OpenFile(path: path, options: []) } catch { throw .unreadable(error.message) }
        return try gate.accept(file: file, now: now, account: account)
    }

    /// The key a player's journals are written under. The example keeps one key per server directory; a real
    /// server stores a key per player (provisioned with the device) and looks it up here by the authenticated id.
    private func journalKey(for player: String) -> JournalKey {
        state.journalKey
    }
}
