internal import PlaytimeHTTP
internal import PlaytimeServer

/// The support console (docs/service.md, "Support console"): a page, its script and its style sheet, shipped in the
/// binary and served without a key (they hold no data), and three read-only look-ups behind an operator key that
/// the page's script sends. Nothing here writes to a store: the look-ups read the payment log and the budget ledger.
enum Console {
    /// The most payments one player look-up shows (then ``PlayerAnswer/truncated``): four pages of the payment log.
    static let maximumPayments = 4 * EarningsServer.maximumPaymentPage

    /// The Content-Security-Policy of every console answer: only the page's own script and style sheet, data fetched
    /// from this server, no inline script or style, no frames, no forms posting elsewhere.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The answer to one of the console's operations (the caller checked the operator key of the look-ups).
    static func answer(_ operation: ServiceOperation, player: String?, session: String?, server: EarningsServer) throws(Problem) -> HTTPResponse {
        var response: HTTPResponse
        switch operation {
        case .consolePage: response = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", text: ConsolePage.html)
        case .consoleScript: response = HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", text: ConsoleScript.source)
        case .consoleStyle: response = HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", text: ConsoleStyle.source)
        case .consolePlayer: response = .json(200, try look(up: player ?? "", server: server))
        case .consoleExport: response = HTTPResponse(status: 200, contentType: "application/jsonl", body: try export(player ?? "", server: server))
        case .consoleSession: response = .json(200, try search(session ?? "", server: server))
        default: throw Problem(404, "not-found", "\(operation.path) is not a console operation")
        }
        response.headers += headers(cached: operation == .consoleScript || operation == .consoleStyle)
        return response
    }

    /// The headers of every console answer: the policy above, no sniffing, no referrer, no framing; look-ups and the
    /// page are never cached (the script and style only briefly).
    static func headers(cached: Bool) -> [(name: String, value: String)] {
        [
            ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"), ("Cache-Control", cached ? "private, max-age=60" : "no-store"),
        ]
    }

    /// Every payment of `player` (up to ``maximumPayments``), oldest first.
    static func payments(_ player: String, server: EarningsServer) throws(Problem) -> (payments: [PaymentRecord], truncated: Bool) {
        var all: [PaymentRecord] = []
        var after: Int64 = 0
        while all.count < maximumPayments {
            let page: PaymentPage
            do { page = try server.payments(player: player, after: after, limit: EarningsServer.maximumPaymentPage) } catch { throw Problem(error) }
            all += page.payments
            guard let next = page.next else { return (all, false) }
            after = next
        }
        return (all, true)
    }

    /// `GET /v1/console/players/{player}`.
    static func look(up player: String, server: EarningsServer) throws(Problem) -> PlayerAnswer {
        let (payments, truncated) = try payments(player, server: server)
        let budget: BudgetStanding
        do { budget = try server.budgetStanding(player: player) } catch { throw Problem(error) }
        return PlayerAnswer(player: player, budget: budget, devices: DeviceSummary.devices(of: payments), payments: payments, truncated: truncated)
    }

    /// `GET /v1/console/players/{player}/export`: one payment record a line, as listPayments answers each.
    static func export(_ player: String, server: EarningsServer) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        for record in try payments(player, server: server).payments { bytes += JSONBody.encode(record) + [0x0a] }
        return bytes
    }

    /// `GET /v1/console/sessions/{session}`.
    static func search(_ session: String, server: EarningsServer) throws(Problem) -> SessionAnswer {
        do {
            return SessionAnswer(session: session, payments: try server.payments(mentioningSession: session, limit: EarningsServer.maximumSessionMatches))
        } catch {
            throw Problem(error)
        }
    }
}
