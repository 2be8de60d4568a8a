/// A request's head as the server read it: what a handler decides from before any of the body is read
/// (``HTTPHandler/admit(_:on:)``).
package struct HTTPRequestHead: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The request target as sent (origin form: the path, then `?` and the query if any).
    package var target: String
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    package var minorVersion: Int
    /// Header fields, names lower-cased, each at most once.
    package var headers: [String: String]
    /// The body's length from `Content-Length` (0 without).
    package var contentLength: Int

    /// A head with these parts.
    package init(method: String, target: String, minorVersion: Int = 1, headers: [String: String] = [:], contentLength: Int = 0) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.contentLength = contentLength
    }

    /// The target's path: everything before the first `?`.
    package var path: Substring {
        guard let mark = target.firstIndex(of: "?") else { return target[...] }
        return target[..<mark]
    }

    /// The target's query, after the first `?` (`nil` without one).
    package var query: Substring? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return target[target.index(after: mark)...]
    }

    /// True when the client asked to close the connection after this request: `Connection: close`, or HTTP/1.0
    /// without `Connection: keep-alive` (RFC 9112 §9.3).
    package var asksToClose: Bool {
        let tokens = headers["connection"].map { $0.lowercased().split(separator: ",").map { $0.trimmingSpaces } } ?? []
        if tokens.contains("close") { return true }
        return minorVersion == 0 && !tokens.contains("keep-alive")
    }

    /// Reads a request head from `head` (``HTTPHead``): `METHOD /target HTTP/1.1` (or 1.0), the method an upper-case
    /// token, the target in origin form.
    package init(_ head: HTTPHead) throws(HTTPError) {
        let parts = head.startLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ (65...90).contains($0) }), parts[1].hasPrefix("/") else {
            throw HTTPError(description: "bad request line; send METHOD /path HTTP/1.1")
        }
        let minor: Int
        switch parts[2] {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default: throw HTTPError(status: 505, description: "only HTTP/1.1 (and 1.0) is spoken here")
        }
        self.init(
            method: String(parts[0]), target: String(parts[1]), minorVersion: minor, headers: head.fields,
            contentLength: head.contentLength)
    }
}

/// A whole request: its head and its body.
package struct HTTPRequest: Sendable {
    /// The head.
    package var head: HTTPRequestHead
    /// The body's bytes (exactly ``HTTPRequestHead/contentLength`` of them).
    package var body: [UInt8]
    /// What the handler decided from the head (``HTTPAdmission/readBody(limit:tag:)``).
    package var tag: (any Sendable)?

    /// A request of `head` and `body`.
    package init(head: HTTPRequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    /// A request from its parts (tests, clients).
    package init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.init(head: HTTPRequestHead(method: method, target: target, headers: headers, contentLength: body.count), body: body)
    }

    /// `GET`, `POST`, …
    package var method: String { head.method }
    /// The target's path.
    package var path: Substring { head.path }
    /// Header fields, names lower-cased.
    package var headers: [String: String] { head.headers }
}

extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
