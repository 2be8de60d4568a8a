package import PlaytimeHTTP

/// An error answer in one shape, RFC 9457 problem details (`application/problem+json`): `type`, `title`, `status`,
/// `detail`, and the extension members `code` — a stable name a backend branches on (docs/service.md, "Errors";
/// every code is in docs/openapi.json) — and `category`, the library's ``ServerError`` code where one applies.
package struct Problem: Error, Sendable, Encodable {
    /// A URI naming the problem's kind: `urn:playtime:problem:<code>`.
    package var type: String
    /// A short summary of the kind (the same for every problem of a code).
    package var title: String
    /// The HTTP status.
    package var status: Int
    /// What happened this time, in words for the backend's engineer (never a secret, never journal bytes).
    package var detail: String
    /// The stable code.
    package var code: String
    /// The ``ServerError`` code (`ticket`, `upload`, `store`, …), when the library refused.
    package var category: String?
    /// Seconds after which the same request may succeed (store trouble, a busy server), also sent as `Retry-After`.
    package var retryAfter: Int?

    /// A problem of `code` with `status` and `detail`.
    package init(_ status: Int, _ code: String, _ detail: String, category: String? = nil, retryAfter: Int? = nil) {
        type = "urn:playtime:problem:" + code
        title = ProblemTitles.title(code)
        self.status = status
        self.detail = detail
        self.code = code
        self.category = category
        self.retryAfter = retryAfter
    }

    /// The answer: the JSON body, `Content-Type: application/problem+json`, `Retry-After` when set, and
    /// `WWW-Authenticate` for 401 (RFC 6750).
    package var response: HTTPResponse {
        var headers: [(name: String, value: String)] = []
        if status == 401 { headers.append(("WWW-Authenticate", #"Bearer realm="playtime-server""#)) }
        if let retryAfter { headers.append(("Retry-After", "\(retryAfter)")) }
        var response = HTTPResponse.json(status, self, contentType: "application/problem+json")
        response.headers = headers
        return response
    }
}

extension Problem {
    /// Every code the service answers with (docs/openapi.json lists the same; a test checks).
    package static let knownCodes = [
        "bad-request", "unauthorized", "key-revoked", "not-found", "method-not-allowed", "unsupported-media-type",
        "too-large", "request-timeout", "headers-too-large", "busy", "version-not-supported", "store-unavailable",
        "already-redeemed", "malformed-ticket", "unknown-ticket-key", "forged-ticket", "other-player", "unknown-policy",
        "ticket-not-yet-valid", "ticket-expired", "not-a-journal", "not-enrolled", "unreadable-journal", "over-limit",
        "concurrent-upload", "bad-anchor-request", "unknown-multiplier", "grants-off", "not-the-ad-network", "not-ready",
    ]
}

/// The title of each code: one short sentence per kind of problem.
enum ProblemTitles {
    static func title(_ code: String) -> String {
        switch code {
        case "bad-request": return "The request is not in the documented form"
        case "unauthorized": return "An API key is needed"
        case "key-revoked": return "The API key was revoked"
        case "not-found": return "No such operation"
        case "method-not-allowed": return "The operation takes another method"
        case "unsupported-media-type": return "The body has another content type than the operation takes"
        case "too-large": return "The request is larger than the server accepts"
        case "request-timeout": return "The request did not arrive in time"
        case "headers-too-large": return "The request's headers are too large"
        case "busy": return "The server is at its limit; try again shortly"
        case "version-not-supported": return "Only HTTP/1.1 is spoken"
        case "store-unavailable": return "The server's store failed; nothing was paid"
        case "already-redeemed": return "The ticket or its session was already redeemed"
        case "malformed-ticket": return "The ticket is not a ticket"
        case "unknown-ticket-key": return "The ticket is signed with a key the server does not accept"
        case "forged-ticket": return "The ticket's signature does not verify"
        case "other-player": return "The ticket belongs to another player"
        case "unknown-policy": return "The ticket names a policy the server does not know"
        case "ticket-not-yet-valid": return "The ticket was issued in the future"
        case "ticket-expired": return "The ticket has expired"
        case "not-a-journal": return "The body is not a journal this server can verify"
        case "not-enrolled": return "The journal was not enrolled by this server"
        case "unreadable-journal": return "The journal could not be read"
        case "over-limit": return "The upload is over a server limit"
        case "concurrent-upload": return "Another upload of this journal was accepted meanwhile"
        case "bad-anchor-request": return "The anchor request is not in the pr1 form"
        case "unknown-multiplier": return "No policy of this server defines the multiplier"
        case "grants-off": return "This server takes no multiplier grants"
        case "not-the-ad-network": return "The ad network's secret is missing or wrong"
        case "not-ready": return "The server's store does not answer"
        default: return "The request was refused"
        }
    }
}
