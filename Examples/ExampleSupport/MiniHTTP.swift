import Foundation
import PlaytimeSystem

/// A deliberately small HTTP/1.1 subset for the loopback examples: one request per connection,
/// `Content-Length` bodies, no chunking, no keep-alive, a deadline on every read. Not a production server.
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

/// Why a message could not be read.
package struct HTTPError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String

    /// Creates an error.
    package init(description: String) { self.description = description }
}

/// Reading and writing the subset over a `TCPConnection`.
package enum MiniHTTP {
    /// Largest body accepted (journals are uploaded whole in the example): 64 MiB.
    package static let maximumBody = 64 << 20
    /// How long one message may take to arrive whole, unless told otherwise: 10 s. A peer that stalls
    /// longer is dropped, so one silent client cannot hold a sequential server forever.
    package static let defaultTimeoutNanoseconds: Int64 = 30_000_000_000

    /// Reads one request; throws when it does not arrive whole within `timeoutNanoseconds`.
    package static func readRequest(from connection: TCPConnection,
                                   timeoutNanoseconds: Int64 = defaultTimeoutNanoseconds) throws -> HTTPRequest {
        let (head, body) = try readMessage(from: connection, deadline: deadline(after: timeoutNanoseconds), answerExpect: true)
        let parts = head.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { throw HTTPError(description: "bad request line") }
        return HTTPRequest(method: String(parts[0]), path: String(parts[1]), headers: fields(head), body: body)
    }

    /// Reads one response; returns status and body.
    package static func readResponse(from connection: TCPConnection,
                                    timeoutNanoseconds: Int64 = defaultTimeoutNanoseconds) throws -> (status: Int, body: [UInt8]) {
        let (head, body) = try readMessage(from: connection, deadline: deadline(after: timeoutNanoseconds))
        let parts = head.first?.split(separator: " ") ?? []
        guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPError(description: "bad status line") }
        return (status, body)
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
    private static func read(from connection: TCPConnection, into buffer: inout [UInt8], deadline: Int64) throws -> Int {
        while true {
            let remaining = deadline - SystemClock.bootNanoseconds()
            guard remaining > 0 else { throw HTTPError(description: "timed out waiting for the peer") }
            // An interrupted wait reports nothing ready; loop on the deadline.
            if try Poller.waitReadable([connection.descriptor], timeoutNanoseconds: remaining).first == true {
                return try connection.read(into: &buffer)
            }
        }
    }

    private static func readMessage(from connection: TCPConnection, deadline: Int64,
                                    answerExpect: Bool = false) throws -> (head: [String], body: [UInt8]) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        while headEnd == nil {
            let count = try read(from: connection, into: &buffer, deadline: deadline)
            guard count > 0 else { throw HTTPError(description: "connection closed before the headers ended") }
            data += buffer[..<count]
            headEnd = find([13, 10, 13, 10], in: data)
            if headEnd == nil, data.count > 65_536 { throw HTTPError(description: "headers too large") }
        }
        let end = headEnd!
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let length = Int(fields(head)["content-length"] ?? "0") ?? -1
        if fields(head)["transfer-encoding"] != nil { throw HTTPError(description: "Transfer-Encoding is not supported; send Content-Length") }
        guard length >= 0, length <= maximumBody else { throw HTTPError(description: "bad or too large Content-Length") }
        var body = Array(data[(end + 4)...])
        if answerExpect, body.count < length, fields(head)["expect"]?.lowercased() == "100-continue" {
            // curl asks before uploading a large body (a journal); say yes rather than make it wait a second.
            try connection.writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            let count = try read(from: connection, into: &buffer, deadline: deadline)
            guard count > 0 else { throw HTTPError(description: "connection closed mid-body") }
            body += buffer[..<count]
        }
        return (head, Array(body.prefix(length)))
    }

    private static func fields(_ head: [String]) -> [String: String] {
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 409: return "Conflict"
        case 405: return "Method Not Allowed"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Entity"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
