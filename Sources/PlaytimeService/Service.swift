internal import Foundation
internal import PlaytimeCrypto
package import PlaytimeHTTP
internal import PlaytimeJournal
package import PlaytimeServer
internal import PlaytimeSystem

/// The verification service's answers (docs/service.md; the contract is docs/openapi.json): the `/v1` operations on
/// the library's ``EarningsServer``, behind the backends' API keys, every error a problem document, every request
/// counted (``ServiceMetrics``) and logged (``AccessLog``). Called from many connection threads at once.
package final class Service: HTTPHandler {
    /// The state it serves.
    package let state: ServiceState
    /// The keys in force (reloaded on SIGHUP).
    private let keys: ThreadLock<APIKeys>
    /// The support console's operator keys in force (reloaded on SIGHUP).
    private let operators: ThreadLock<APIKeys>
    /// The counters.
    package let metrics: ServiceMetrics
    /// The access log.
    package let log: AccessLog
    /// The version string.
    package let version: String
    /// True for the metrics listener's handler: it serves `GET /v1/metrics` only, without a key.
    package let metricsOnly: Bool
    /// The largest journal upload.
    let uploadLimit: Int
    /// The HTTP layer's gauges at the time of a scrape.
    private let gauges: ThreadLock<(@Sendable () -> (connections: (general: Int, reserved: Int), bodyMemory: (inUse: Int, peak: Int)))?>

    /// The largest JSON request body.
    static let jsonLimit = 64 * 1024
    /// `health`'s body, made once.
    static let healthy = Array(#"{"status":"ok"}"#.utf8)
    /// The access log's clock text, made once a second.
    private let clockText = LogClock()

    /// A service on `state` with `keys` for the backends and `operators` for the support console.
    package init(
        state: ServiceState, keys: APIKeys, operators: APIKeys = APIKeys(entries: []), metrics: ServiceMetrics, log: AccessLog,
        version: String, uploadLimit: Int, metricsOnly: Bool = false
    ) {
        self.state = state
        self.keys = ThreadLock(keys)
        self.operators = ThreadLock(operators)
        self.metrics = metrics
        self.log = log
        self.version = version
        self.uploadLimit = uploadLimit
        self.metricsOnly = metricsOnly
        gauges = ThreadLock(nil)
    }

    /// Where the scrape reads the HTTP layer's connections and body memory.
    package func readGauges(from source: @escaping @Sendable () -> (connections: (general: Int, reserved: Int), bodyMemory: (inUse: Int, peak: Int))) {
        gauges.withLock { $0 = source }
    }

    /// Replaces the keys (SIGHUP): requests from now on are checked against `new`.
    package func reload(_ new: APIKeys) { keys.withLock { $0 = new } }

    /// The keys in force.
    package var currentKeys: APIKeys { keys.withLock { $0 } }

    /// Replaces the operator keys (SIGHUP).
    package func reload(operators new: APIKeys) { operators.withLock { $0 = new } }

    // MARK: - HTTPHandler

    /// What ``admit(_:on:)`` decided, handed to ``respond(to:on:)``.
    struct Decided: Sendable {
        var operation: ServiceOperation
        var player: String?
        var keyName: String?
        /// The session id of a console search.
        var session: String?
        /// The operator key's name, for the console's look-ups.
        var operatorName: String?
    }

    package func admit(_ head: HTTPRequestHead, on connection: HTTPConnectionInfo) -> HTTPAdmission {
        let matched: ServiceRoutes.Matched?
        do throws(Problem) { matched = try ServiceRoutes.match(path: head.path) } catch {
            return .answer(answer(error, operation: nil))
        }
        guard let matched, !metricsOnly || matched.operations == [.metrics] else {
            return .answer(answer(Problem(404, "not-found", "no operation at \(head.path); the operations are in docs/openapi.json"), operation: nil))
        }
        guard let operation = matched.operations.first(where: { $0.method == head.method }) else {
            let allowed = matched.operations.map(\.method).joined(separator: ", ")
            var refused = answer(Problem(405, "method-not-allowed", "\(head.path) takes \(allowed)"), operation: nil)
            refused.response.headers.append(("Allow", allowed))
            return .answer(refused)
        }
        var decided = Decided(operation: operation, player: matched.player, session: matched.session)
        if operation.needsOperatorKey {
            switch authorizeOperator(head) {
            case .success(let name): decided.operatorName = name
            case .failure(let problem): return .answer(answer(problem, decided))
            }
        } else if operation.needsKey, !metricsOnly {
            switch authorize(head) {
            case .success(let name): decided.keyName = name
            case .failure(let problem): return .answer(answer(problem, decided))
            }
        }
        if let problem = Self.checkQuery(head, operation) { return .answer(answer(problem, decided)) }
        switch operation.body {
        case .none:
            guard head.contentLength == 0 else {
                return .answer(answer(Problem(400, "bad-request", "\(operation.method) \(operation.path) takes no body"), decided))
            }
            return .readBody(limit: 0, tag: decided)
        case .json, .optionalJSON:
            if operation.body == .optionalJSON, head.contentLength == 0 { return .readBody(limit: 0, tag: decided) }
            guard Self.mediaType(head) == "application/json" else {
                return .answer(answer(Problem(415, "unsupported-media-type", "send the body as application/json"), decided))
            }
            return .readBody(limit: Self.jsonLimit, tag: decided)
        case .journal:
            guard Self.mediaType(head) == "application/octet-stream" else {
                return .answer(answer(Problem(415, "unsupported-media-type", "send the journal's bytes as application/octet-stream"), decided))
            }
            guard head.contentLength <= uploadLimit else {
                return .answer(
                    answer(
                        Problem(
                            413, "over-limit", "the upload is \(head.contentLength) bytes, over the limit of \(uploadLimit); it was not read",
                            category: "upload"), decided))
            }
            return .readBody(limit: uploadLimit, tag: decided)
        }
    }

    package func respond(to request: HTTPRequest, on connection: HTTPConnectionInfo) -> HTTPAnswer {
        guard let decided = request.tag as? Decided else {
            return answer(Problem(400, "bad-request", "the request was not admitted"), operation: nil)
        }
        do throws(Problem) {
            return try perform(decided, request)
        } catch {
            return answer(error, decided)
        }
    }

    package func refusal(_ error: PlaytimeHTTP.HTTPError, on connection: HTTPConnectionInfo) -> HTTPResponse {
        Problem(error).response
    }

    package func isProbe(_ head: HTTPRequestHead) -> Bool {
        head.method == "GET" && (head.path == ServiceOperation.health.path || head.path == ServiceOperation.ready.path)
    }

    package func completed(_ exchange: HTTPExchange) {
        let operation = exchange.note?.operation ?? "unmatched"
        var code: String?
        for (name, value) in exchange.note?.fields ?? [] where name == "code" {
            if case .text(let text) = value { code = text }
        }
        if exchange.refusal != nil, code == nil { code = Problem(PlaytimeHTTP.HTTPError(status: exchange.status, description: "")).code }
        metrics.request(
            operation: operation, status: exchange.status, durationNanoseconds: exchange.durationNanoseconds,
            bodyBytes: exchange.bytesRead, code: code)
        var fields: [(String, LogValue)] = [("time", .text(clockText.now())), ("operation", .text(operation))]
        if let head = exchange.head {
            fields.append(("method", .text(head.method)))
            fields.append(("path", .text(String(head.path))))
        }
        fields.append(("status", .number(Int64(exchange.status))))
        fields.append(("ms", .thousandths(exchange.durationNanoseconds / 1_000)))
        fields.append(("client", .text(exchange.connection.client)))
        fields.append(("connection", .number(Int64(exchange.connection.number))))
        fields.append(("bytesIn", .number(Int64(exchange.bytesRead))))
        fields.append(("bytesOut", .number(Int64(exchange.bytesWritten))))
        for (name, value) in exchange.note?.fields ?? [] {
            switch value {
            case .text(let text): fields.append((name, .text(text)))
            case .number(let number): fields.append((name, .number(number)))
            case .flag(let flag): fields.append((name, .flag(flag)))
            }
        }
        if exchange.refusal != nil, let code { fields.append(("code", .text(code))) }
        if let refusal = exchange.refusal { fields.append(("refusal", .text(refusal))) }
        log.write(fields)
    }

    // MARK: - Operations

    private func perform(_ decided: Decided, _ request: HTTPRequest) throws(Problem) -> HTTPAnswer {
        let server = state.server
        switch decided.operation {
        case .health:
            return answer(HTTPResponse(status: 200, contentType: "application/json", body: Self.healthy), decided)
        case .ready:
            do { try server.checkStore() } catch {
                throw Problem(503, "not-ready", "the store does not answer: \(error)", retryAfter: 1)
            }
            return answer(.json(200, StatusBody(status: "ready")), decided)
        case .metrics:
            let (connections, body) = gauges.withLock { $0 }?() ?? ((0, 0), (0, 0))
            let keys = currentKeys
            let valid = keys.entries.filter { !$0.revoked }.count
            let text = metrics.exposition(
                ServiceMetrics.Gauges(
                    connections: connections, bodyMemory: body,
                    keys: (valid, keys.entries.count - valid), version: version))
            return answer(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text), decided)
        case .enroll:
            if !request.body.isEmpty { _ = try fields(request, []) }
            let enrollment: Enrollment
            do { enrollment = try server.enroll(player: decided.player!) } catch { throw Problem(error) }
            var object = JSONObjectWriter()
            object.string("enrollment", enrollment.text)
            object.string("journal", enrollment.journalID)
            object.string("policy", server.policy.version)
            return answer(Self.json(object), decided)
        case .anchor:
            let text = try fields(request, ["request"])["request"]!
            guard (1...256).contains(text.unicodeScalars.count) else { throw Problem(400, "bad-request", "request must be 1–256 characters") }
            guard let head = AnchorRequestText.decode(text) else {
                throw Problem(422, "bad-anchor-request", "the request is not in the pr1 layout (docs/anchors.md)", category: "anchor")
            }
            let anchor: ServerAnchor
            do {
                anchor = try server.anchor(player: decided.player!, journalID: head.journalID, headSequence: head.headSequence, headMAC: head.headMAC)
            } catch {
                throw Problem(error)
            }
            var object = JSONObjectWriter()
            object.string("anchor", anchor.text)
            object.integer("serverTime", anchor.serverNanoseconds)
            return answer(Self.json(object), decided)
        case .issueTicket:
            let session = try fields(request, ["session"])["session"]!
            guard PlayerID.isSessionID(session) else {
                throw Problem(400, "bad-request", "session must be 1–128 printable ASCII characters (bytes 0x21–0x7e)")
            }
            let ticket: DepartureTicket
            do { ticket = try server.issueTicket(player: decided.player!, session: session) } catch { throw Problem(error) }
            var object = JSONObjectWriter()
            object.integer("expiresAt", ticket.expiresAt)
            object.integer("goldPerHour", ticket.goldPerHour)
            object.integer("issuedAt", ticket.issuedAt)
            object.string("policy", ticket.policyVersion)
            object.string("session", session)
            object.string("ticket", ticket.text)
            return answer(Self.json(object), decided)
        case .redeemTicket:
            let ticket = try fields(request, ["ticket"])["ticket"]!
            guard (1...2048).contains(ticket.unicodeScalars.count) else { throw Problem(400, "bad-request", "ticket must be 1–2048 characters") }
            let payout: TicketPayout
            do { payout = try server.redeem(ticket, player: decided.player!) } catch { throw Problem(error) }
            guard let record = payout.payment else { throw Problem(503, "store-unavailable", "the payment's record could not be read", retryAfter: 1) }
            return paid(record, repeated: payout.isRepeat, attempts: payout.attempts, unrecorded: payout.unrecorded, decided)
        case .uploadJournal:
            let payout = try upload(request.body, player: decided.player!)
            guard let record = payout.payment else { throw Problem(503, "store-unavailable", "the payment's record could not be read", retryAfter: 1) }
            return paid(record, repeated: payout.isRepeat, attempts: payout.attempts, unrecorded: payout.unrecorded, decided)
        case .grantMultiplier:
            guard let secret = state.adNetworkSecret else {
                throw Problem(404, "grants-off", "this server takes no multiplier grants (start it with --ad-network-secret-file)")
            }
            guard let sent = request.headers["x-ad-network-secret"], constantTimeEquals(Array(sent.utf8), secret) else {
                throw Problem(403, "not-the-ad-network", "the X-Ad-Network-Secret header is missing or wrong")
            }
            let body = try fields(request, ["session", "multiplier"])
            let session = body["session"]!
            let multiplier = body["multiplier"]!
            guard PlayerID.isSessionID(session) else {
                throw Problem(400, "bad-request", "session must be 1–128 printable ASCII characters (bytes 0x21–0x7e)")
            }
            guard PlayerID.isPlainText(multiplier, maximum: 64) else {
                throw Problem(400, "bad-request", "multiplier must be 1–64 characters, none a control character")
            }
            do { try server.grant(multiplier, player: decided.player!, session: session) } catch { throw Problem(error) }
            var object = JSONObjectWriter()
            object.string("multiplier", multiplier)
            object.string("player", decided.player!)
            object.string("session", session)
            return answer(Self.json(object), decided)
        case .consolePage, .consoleScript, .consoleStyle, .consolePlayer, .consoleExport, .consoleSession:
            return answer(try Console.answer(decided.operation, player: decided.player, session: decided.session, server: server), decided)
        case .listPayments:
            let (after, limit) = Self.pageQuery(request.head)
            let page: PaymentPage
            do { page = try server.payments(player: decided.player!, after: after, limit: limit) } catch { throw Problem(error) }
            return answer(.json(200, PaymentsAnswer(player: decided.player!, payments: page.payments, next: page.next)), decided)
        }
    }

    /// An upload: an enrolled journal (the default), else — only in the legacy mode — one under the shared key.
    private func upload(_ bytes: [UInt8], player: String) throws(Problem) -> UploadPayout {
        do {
            return try state.server.acceptUpload(bytes, player: player)
        } catch {
            guard case .notAJournal? = error.uploadError else { throw Problem(error) }
            guard let shared = state.legacyJournalKey else {
                throw Problem(
                    422, "not-enrolled",
                    "the body is not a journal this server enrolled (enroll the device with POST "
                        + "/v1/players/{player}/enrollments; journals under one shared key need the legacy mode): \(error)",
                    category: "upload")
            }
            do { return try state.server.acceptUpload(bytes, player: player, key: shared) } catch { throw Problem(error) }
        }
    }

    private func paid(_ record: PaymentRecord, repeated: Bool, attempts: Int, unrecorded: String?, _ decided: Decided) -> HTTPAnswer {
        if let unrecorded {
            // Paid by the stores, answered, but not in the payment log: the operator must know (a full disk, say).
            StandardStreams.writeError(
                "playtime-server: payment \(record.id) of \(record.kind.rawValue) is paid and answered but its log entry "
                    + "could not be written: \(unrecorded)")
            metrics.unrecordedPayment()
        }
        if !repeated {
            metrics.paid(operation: decided.operation.rawValue, gold: record.gold, sessionStatuses: record.sessions.map(\.status), attempts: attempts)
        }
        var answered = answer(.json(200, PaymentAnswer(record: record, repeated: repeated, attempts: attempts)), decided)
        answered.note?.fields.append(("gold", .number(repeated ? 0 : record.gold)))
        answered.note?.fields.append(("repeated", .flag(repeated)))
        answered.note?.fields.append(("payment", .text(record.id)))
        if unrecorded != nil { answered.note?.fields.append(("unrecorded", .flag(true))) }
        return answered
    }

    // MARK: - Parts

    private func authorize(_ head: HTTPRequestHead) -> Result<String, Problem> {
        guard let field = head.headers["authorization"] else {
            return .failure(Problem(401, "unauthorized", "send the backend's API key: Authorization: Bearer <key>"))
        }
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            return .failure(Problem(401, "unauthorized", "the Authorization header must be Bearer <key>"))
        }
        switch currentKeys.verdict(for: String(parts[1])) {
        case .valid(let name): return .success(name)
        case .revoked(let name): return .failure(Problem(403, "key-revoked", "the API key '\(name)' was revoked; use another"))
        case .unknown: return .failure(Problem(401, "unauthorized", "the API key is not one of this server's"))
        }
    }

    /// The console's look-ups take an operator key (`pto_…`, ``APIKeys`` of its own file), never a backend's key.
    private func authorizeOperator(_ head: HTTPRequestHead) -> Result<String, Problem> {
        let help = "the support console takes an operator key (playtime-server operators add NAME): Authorization: Bearer <key>"
        guard let field = head.headers["authorization"] else { return .failure(Problem(401, "unauthorized", "send \(help)")) }
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .failure(Problem(401, "unauthorized", help)) }
        switch operators.withLock({ $0 }).verdict(for: String(parts[1])) {
        case .valid(let name): return .success(name)
        case .revoked(let name): return .failure(Problem(403, "key-revoked", "the operator key '\(name)' was revoked; use another"))
        case .unknown: return .failure(Problem(401, "unauthorized", "the key is not one of this server's operator keys; \(help)"))
        }
    }

    /// The body's fields: a flat JSON object of exactly `keys`, each a string (docs/openapi.json's request schemas).
    private func fields(_ request: HTTPRequest, _ keys: Set<String>) throws(Problem) -> [String: String] {
        guard !request.body.isEmpty else { throw Problem(400, "bad-request", "the body is empty; send a JSON object") }
        do { return try StrictJSON.stringFields(request.body, allowed: keys, required: keys) } catch {
            throw Problem(400, "bad-request", error.description)
        }
    }

    /// A 200 answer with `object`'s bytes.
    private static func json(_ object: JSONObjectWriter) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: object.finished())
    }

    private func answer(_ response: HTTPResponse, _ decided: Decided) -> HTTPAnswer {
        HTTPAnswer(response, note: note(decided, code: nil))
    }

    private func answer(_ problem: Problem, _ decided: Decided) -> HTTPAnswer {
        HTTPAnswer(problem.response, note: note(decided, code: problem.code))
    }

    private func answer(_ problem: Problem, operation: ServiceOperation?) -> HTTPAnswer {
        var fields: [(String, HTTPNoteValue)] = [("code", .text(problem.code))]
        _ = operation
        fields.insert(("key", .text("-")), at: 0)
        return HTTPAnswer(problem.response, note: HTTPNote(operation: nil, fields: fields))
    }

    private func note(_ decided: Decided, code: String?) -> HTTPNote {
        var fields: [(String, HTTPNoteValue)] = [("key", .text(decided.keyName ?? "-"))]
        if let operatorName = decided.operatorName { fields.append(("operator", .text(operatorName))) }
        if let player = decided.player { fields.append(("player", .text(player))) }
        if let session = decided.session { fields.append(("session", .text(session))) }
        if let code { fields.append(("code", .text(code))) }
        return HTTPNote(operation: decided.operation.rawValue, fields: fields)
    }

    /// The body's media type, lower-cased, without parameters.
    private static func mediaType(_ head: HTTPRequestHead) -> String? {
        head.headers["content-type"].map { $0.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() } ?? "" }
    }

    /// `after` and `limit` of listPayments, checked by ``checkQuery(_:_:)``.
    private static func pageQuery(_ head: HTTPRequestHead) -> (Int64, Int) {
        var after: Int64 = 0
        var limit = 50
        for (name, value) in queryItems(head) {
            if name == "after", let number = Int64(value) { after = number }
            if name == "limit", let number = Int(value) { limit = number }
        }
        return (after, limit)
    }

    /// A problem for a query the operation does not take: only listPayments has one (`after` ≥ 0, `limit` 1–500).
    static func checkQuery(_ head: HTTPRequestHead, _ operation: ServiceOperation) -> Problem? {
        let items = queryItems(head)
        guard !items.isEmpty else { return nil }
        guard operation == .listPayments else { return Problem(400, "bad-request", "\(operation.path) takes no query") }
        var seen: Set<String> = []
        for (name, value) in items {
            guard seen.insert(name).inserted else { return Problem(400, "bad-request", "the query names '\(name)' twice") }
            switch name {
            case "after":
                guard let number = Int64(value), number >= 0, value.utf8.allSatisfy({ (48...57).contains($0) }) else {
                    return Problem(400, "bad-request", "after must be a whole number ≥ 0 (the next field of the previous page)")
                }
            case "limit":
                guard let number = Int(value), (1...EarningsServer.maximumPaymentPage).contains(number), value.utf8.allSatisfy({ (48...57).contains($0) })
                else {
                    return Problem(400, "bad-request", "limit must be a whole number from 1 to \(EarningsServer.maximumPaymentPage)")
                }
            default:
                return Problem(400, "bad-request", "unknown query parameter '\(name)'; listPayments takes after and limit")
            }
        }
        return nil
    }

    private static func queryItems(_ head: HTTPRequestHead) -> [(String, String)] {
        guard let query = head.query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
