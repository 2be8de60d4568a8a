package import PlaytimeSystem

/// What the server knows of the connection a request came on.
package struct HTTPConnectionInfo: Sendable {
    /// The peer's address (`nil` if the kernel did not say).
    package var peer: SocketAddress?
    /// The peer's host as a client key: requests and connections are counted per client by it.
    package var client: String
    /// True for a connection admitted beyond the general limits, from the slots kept for probes: it may only be
    /// answered for what ``HTTPHandler/isProbe(_:)`` accepts (health and readiness), once, and is then closed.
    package var isReserved: Bool
    /// Counts the connections the server accepted (1 for the first), for logs.
    package var number: UInt64

    /// Connection facts.
    package init(peer: SocketAddress?, client: String, isReserved: Bool = false, number: UInt64 = 0) {
        self.peer = peer
        self.client = client
        self.isReserved = isReserved
        self.number = number
    }
}

/// What a handler decides from a request's head alone, before any of its body is read.
package enum HTTPAdmission: Sendable {
    /// Read the body (at most `limit` bytes: a larger `Content-Length` is answered 413 unread), then answer; `tag` is
    /// what the handler decided from the head, handed back with the request (``HTTPRequest/tag``).
    case readBody(limit: Int, tag: (any Sendable)?)
    /// Answer this now; the body, if any, is not read (and the connection is closed after the answer unless the
    /// body had already arrived whole).
    case answer(HTTPAnswer)
}

/// How one exchange ended, for the handler's log and metrics (``HTTPHandler/completed(_:)``).
package struct HTTPExchange: Sendable {
    /// The request's head (`nil` when none could be read).
    package var head: HTTPRequestHead?
    /// The connection.
    package var connection: HTTPConnectionInfo
    /// The status answered (0: none could be written).
    package var status: Int
    /// Body bytes read from the client for this request.
    package var bytesRead: Int
    /// Bytes written for the answer.
    package var bytesWritten: Int
    /// From the head's arrival (or the refusal) to the answer written, in nanoseconds.
    package var durationNanoseconds: Int64
    /// The handler's own note on the request (its operation's name and what it logs), from ``HTTPResponse``'s
    /// ``HTTPAnswer/note``.
    package var note: HTTPNote?
    /// Why the server refused without the handler answering (the read failed, the server was busy), if it did.
    package var refusal: String?
}

/// A handler's answer with its own note for the log (never sent to the client).
package struct HTTPAnswer: Sendable {
    /// The response.
    package var response: HTTPResponse
    /// What the handler wants in its log line for this request.
    package var note: HTTPNote?

    /// An answer.
    package init(_ response: HTTPResponse, note: HTTPNote? = nil) {
        self.response = response
        self.note = note
    }
}

/// A handler's note on one request: the operation it was and the fields its log line adds.
package struct HTTPNote: Sendable {
    /// The operation (its OpenAPI `operationId`), or `nil` for a request no operation matched.
    package var operation: String?
    /// Further log fields (names to text or numbers the handler formats), in order.
    package var fields: [(String, HTTPNoteValue)]

    /// A note.
    package init(operation: String?, fields: [(String, HTTPNoteValue)] = []) {
        self.operation = operation
        self.fields = fields
    }
}

/// A log field's value.
package enum HTTPNoteValue: Sendable {
    /// A string (escaped when written).
    case text(String)
    /// A whole number.
    case number(Int64)
    /// A flag.
    case flag(Bool)
}

/// What the server calls to answer requests: from the head alone first (``admit(_:on:)``: refuse before reading a
/// body), then with the whole request. Called from many connection threads at once.
package protocol HTTPHandler: Sendable {
    /// Decides from the head: read the body (with a limit), or answer at once.
    func admit(_ head: HTTPRequestHead, on connection: HTTPConnectionInfo) -> HTTPAdmission
    /// Answers a whole request.
    func respond(to request: HTTPRequest, on connection: HTTPConnectionInfo) -> HTTPAnswer
    /// The answer to a request the server refused itself (unreadable, too slow, over a limit, busy): `error`
    /// says the status and why.
    func refusal(_ error: HTTPError, on connection: HTTPConnectionInfo) -> HTTPResponse
    /// True for the requests a reserved connection may be answered for (probes: health, readiness).
    func isProbe(_ head: HTTPRequestHead) -> Bool
    /// Called once per exchange after its answer was written (or failed to be): for the access log and metrics.
    func completed(_ exchange: HTTPExchange)
}
