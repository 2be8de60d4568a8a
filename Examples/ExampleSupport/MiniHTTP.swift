import Foundation
import PlaytimeSystem

/// A deliberately small HTTP/1.1 subset for the loopback examples: one request per connection,
/// `Content-Length` bodies, no chunking, no keep-alive, a deadline on the whole request, strict parsing
/// (``HTTPHead``). Not a production server.
package struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The path, e.g. `/tickets`.
    package var path: String
    /// Header fields, names lower-cased.
    package var headers: [String: String]
    /// The body bytes.
    package var body: [UInt8]

    /// Creates a request.
    package init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

/// A response: status, a content type and a body.
package struct HTTPResponse: Sendable {
    /// Status code.
    package var status: Int
    /// Body bytes.
    package var body: [UInt8]
    /// Content type of the body.
    package var contentType: String

    /// Creates a response.
    package init(status: Int, body: [UInt8], contentType: String = "application/json") {
        self.status = status
        self.body = body
        self.contentType = contentType
    }

    /// A JSON body from text.
    package static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8))
    }
}

/// Reading and writing the subset over a `TCPConnection`. Reading is strict (``HTTPHead``, ``HTTPHeadScanner``):
/// what two readers could take differently is refused at once, never waited on.
package enum MiniHTTP {
    /// Largest body accepted (journals are uploaded whole in the example): 64 MiB.
    package static let maximumBody = 64 << 20
    /// How long one message may take to arrive whole, unless told otherwise: 30 s (the client's wait for an
    /// answer; the server reads requests under ``HTTPLimits/readTimeoutNanoseconds``).
    package static let defaultTimeoutNanoseconds: Int64 = 30_000_000_000

    /// Reads one request within `limits`; throws (with the status to answer) when it is malformed, over a
    /// limit, or does not arrive whole within ``HTTPLimits/readTimeoutNanoseconds``.
    package static func readRequest(from connection: TCPConnection, limits: HTTPLimits = HTTPLimits()) throws(HTTPError) -> HTTPRequest {
        let (head, body) = try readMessage(from: connection, deadline: deadline(after: limits.readTimeoutNanoseconds),
                                           limits: limits, answerExpect: true)
        let parts = head.startLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ (65...90).contains($0) }),
              parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw HTTPError(description: "bad request line; send METHOD /path HTTP/1.1")
        }
        return HTTPRequest(method: String(parts[0]), path: String(parts[1]), headers: head.fields, body: body)
    }

    /// Reads one response; returns status and body.
    package static func readResponse(from connection: TCPConnection,
                                    timeoutNanoseconds: Int64 = defaultTimeoutNanoseconds) throws(HTTPError) -> (status: Int, body: [UInt8]) {
        let (head, body) = try readMessage(from: connection, deadline: deadline(after: timeoutNanoseconds), limits: HTTPLimits())
        let parts = head.startLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPError(description: "bad status line") }
        return (status, body)
    }

    /// After refusing a request: ends the writing side and reads (discards) what the client still sends, for
    /// at most `nanoseconds` and `bytes`, so the refusal is read before the connection closes (closing with
    /// unread bytes resets it, and the client could lose the answer).
    package static func drain(_ connection: TCPConnection, nanoseconds: Int64 = 1_000_000_000, bytes: Int = 1 << 20) {
        connection.shutdownWrite()
        let end = deadline(after: nanoseconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while total < bytes, let count = try? read(from: connection, into: &buffer, deadline: end), count > 0 {
            total += count
        }
    }

    /// Writes a response and closes nothing.
    package static func write(_ response: HTTPResponse, to connection: TCPConnection) throws {
        let head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\nContent-Type: \(response.contentType)\r\n"
            + "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        try connection.writeAll(Array(head.utf8) + response.body)
    }

    /// Sends `request` to `address` and returns the response (which must arrive within `timeoutNanoseconds`).
    package static func send(_ request: HTTPRequest, to address: SocketAddress,
                            timeoutNanoseconds: Int64 = defaultTimeoutNanoseconds) throws -> (status: Int, body: [UInt8]) {
        let connection = try TCPConnection(connectingTo: address)
        defer { connection.close() }
        var head = "\(request.method) \(request.path) HTTP/1.1\r\nHost: \(address)\r\nContent-Length: \(request.body.count)\r\nConnection: close\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // A CR or LF in a field would start a header (or a body) of the caller's choosing.
            guard !(name + value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw HTTPError(description: "header \(name) contains a line break")
            }
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        try connection.writeAll(Array(head.utf8) + request.body)
        return try readResponse(from: connection, timeoutNanoseconds: timeoutNanoseconds)
    }

    private static func deadline(after nanoseconds: Int64) -> Int64 {
        let now = SystemClock.bootNanoseconds()
        let sum = now.addingReportingOverflow(max(0, nanoseconds))
        return sum.overflow ? Int64.max : sum.partialValue
    }

    /// Reads what is available, waiting no later than `deadline` (boot clock) for it.
    private static func read(from connection: TCPConnection, into buffer: inout [UInt8], deadline: Int64) throws(HTTPError) -> Int {
        while true {
            let remaining = deadline - SystemClock.bootNanoseconds()
            guard remaining > 0 else { throw HTTPError(status: 408, description: "the request did not arrive whole in time") }
            do throws(SystemError) {
                // An interrupted wait reports nothing ready; loop on the deadline.
                if try Poller.waitReadable([connection.descriptor], timeoutNanoseconds: remaining).first == true {
                    return try connection.read(into: &buffer)
                }
            } catch {
                throw HTTPError(description: "the connection failed: \(error)")
            }
        }
    }

    private static func readMessage(from connection: TCPConnection, deadline: Int64, limits: HTTPLimits,
                                    answerExpect: Bool = false) throws(HTTPError) -> (head: HTTPHead, body: [UInt8]) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var scanner = HTTPHeadScanner(limits: limits)
        var headLength: Int?
        while headLength == nil {
            let count = try read(from: connection, into: &buffer, deadline: deadline)
            guard count > 0 else { throw HTTPError(description: "the connection closed before the headers ended") }
            data += buffer[..<count]
            headLength = try scanner.scan(data)
        }
        let end = headLength!
        let head = try HTTPHead(data[..<(end - 4)], limits: limits)
        let length = head.contentLength
        var body = Array(data[end...])
        if answerExpect, body.count < length, head.fields["expect"]?.lowercased() == "100-continue" {
            // curl asks before uploading a large body (a journal); say yes rather than make it wait a second.
            do {
                try connection.writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            } catch {
                throw HTTPError(description: "the connection failed: \(error)")
            }
        }
        body.reserveCapacity(length)
        while body.count < length {
            let count = try read(from: connection, into: &buffer, deadline: deadline)
            guard count > 0 else { throw HTTPError(description: "the connection closed in the middle of the body") }
            body += buffer[..<count]
        }
        return (head, Array(body.prefix(length)))
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 409: return "Conflict"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 431: return "Request Header Fields Too Large"
        case 503: return "Service Unavailable"
        case 422: return "Unprocessable Entity"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
