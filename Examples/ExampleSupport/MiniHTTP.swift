import Foundation
import PlaytimeSystem

/// A deliberately small HTTP/1.1 subset for the loopback examples: one request per connection,
/// `Content-Length` bodies, no chunking, no keep-alive. Not a production server.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path, e.g. `/tickets`.
    public var path: String
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

/// A response: status, a content type and a body.
public struct HTTPResponse: Sendable {
    /// Status code.
    public var status: Int
    /// Body bytes.
    public var body: [UInt8]
    /// Content type of the body.
    public var contentType: String

    /// Creates a response.
    public init(status: Int, body: [UInt8], contentType: String = "application/json") {
        self.status = status
        self.body = body
        self.contentType = contentType
    }

    /// A JSON body from text.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8))
    }
}

/// Why a message could not be read.
public struct HTTPError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// Reading and writing the subset over a `TCPConnection`.
public enum MiniHTTP {
    /// Largest body accepted (journals are uploaded whole in the example): 64 MiB.
    public static let maximumBody = 64 << 20

    /// Reads one request.
    public static func readRequest(from connection: TCPConnection) throws -> HTTPRequest {
        let (head, body) = try readMessage(from: connection)
        let parts = head.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { throw HTTPError(description: "bad request line") }
        return HTTPRequest(method: String(parts[0]), path: String(parts[1]), headers: fields(head), body: body)
    }

    /// Reads one response; returns status and body.
    public static func readResponse(from connection: TCPConnection) throws -> (status: Int, body: [UInt8]) {
        let (head, body) = try readMessage(from: connection)
        let parts = head.first?.split(separator: " ") ?? []
        guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPError(description: "bad status line") }
        return (status, body)
    }

    /// Writes a response and closes nothing.
    public static func write(_ response: HTTPResponse, to connection: TCPConnection) throws {
        let head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\nContent-Type: \(response.contentType)\r\n"
            + "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        try connection.writeAll(Array(head.utf8) + response.body)
    }

    /// Sends `request` to `address` and returns the response.
    public static func send(_ request: HTTPRequest, to address: SocketAddress) throws -> (status: Int, body: [UInt8]) {
        let connection = try TCPConnection(connectingTo: address)
        defer { connection.close() }
        var head = "\(request.method) \(request.path) HTTP/1.1\r\nHost: \(address)\r\nContent-Length: \(request.body.count)\r\nConnection: close\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        try connection.writeAll(Array(head.utf8) + request.body)
        return try readResponse(from: connection)
    }

    private static func readMessage(from connection: TCPConnection) throws -> (head: [String], body: [UInt8]) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        while headEnd == nil {
            let count = try connection.read(into: &buffer)
            guard count > 0 else { throw HTTPError(description: "connection closed before the headers ended") }
            data += buffer[..<count]
            headEnd = find([13, 10, 13, 10], in: data)
            if headEnd == nil, data.count > 65_536 { throw HTTPError(description: "headers too large") }
        }
        let end = headEnd!
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let length = Int(fields(head)["content-length"] ?? "0") ?? -1
        guard length >= 0, length <= maximumBody else { throw HTTPError(description: "bad or too large Content-Length") }
        var body = Array(data[(end + 4)...])
        while body.count < length {
            let count = try connection.read(into: &buffer)
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
        case 422: return "Unprocessable Entity"
        default: return "Status"
        }
    }
}
