package import PlaytimeSystem

/// A response as a client read it.
package struct HTTPClientResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields, names lower-cased.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// The body as UTF-8 text (invalid bytes replaced).
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// A client connection that sends requests one after the other on one TCP connection (keep-alive) and reads each
/// answer whole, every wait bounded by a deadline. For the repository's own clients of the service (the demo game
/// client, `playtime record --server`, tests); one owner at a time.
package final class HTTPClientConnection {
    /// Where it is connected.
    package let address: SocketAddress
    private let socket: StreamSocket
    private var inbox: [UInt8] = []
    private let limits: HTTPLimits

    /// Connects to `address` (from `source` when given: a second loopback client at 127.0.0.2), within `timeoutNanoseconds`.
    package init(
        to address: SocketAddress, from source: SocketAddress? = nil, timeoutNanoseconds: Int64 = 10_000_000_000,
        limits: HTTPLimits = HTTPLimits()
    ) throws(HTTPError) {
        let deadline = Saturating.add(SystemClock.bootNanoseconds(), timeoutNanoseconds)
        do throws(SystemError) {
            if let source {
                socket = try StreamSocket.connect(to: address, from: source, deadline: deadline)
            } else {
                socket = try StreamSocket.connect(to: address, deadline: deadline)
            }
        } catch {
            throw HTTPError(status: 0, description: "cannot connect to \(address): \(error.message)")
        }
        self.address = address
        self.limits = limits
    }

    /// Closes the connection.
    package func close() { socket.close() }

    /// Sends `request` (with `Host`, `Content-Length`, and `Connection: close` when `closing`) and reads the answer
    /// within `timeoutNanoseconds`. A line break in a header is refused before anything is sent.
    package func send(_ request: HTTPRequest, closing: Bool = false, timeoutNanoseconds: Int64 = 30_000_000_000) throws(HTTPError) -> HTTPClientResponse {
        var head = "\(request.method) \(request.head.target) HTTP/1.1\r\nHost: \(address)\r\nContent-Length: \(request.body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) where name != "content-length" && name != "host" {
            // A CR or LF in a field would start a header (or a body) of the caller's choosing.
            guard !(name + value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw HTTPError(description: "header \(name) contains a line break")
            }
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        let deadline = Saturating.add(SystemClock.bootNanoseconds(), timeoutNanoseconds)
        try writeAll(Array(head.utf8) + request.body, deadline: deadline)
        return try readResponse(deadline: deadline, forHead: request.method == "HEAD")
    }

    /// Writes raw bytes (a test's hostile request).
    package func writeAll(_ bytes: [UInt8], deadline: Int64) throws(HTTPError) {
        do throws(SystemError) {
            try bytes.withUnsafeBytesThrowing { (raw) throws(SystemError) in try socket.writeAll(raw, deadline: deadline) }
        } catch {
            throw HTTPError(status: 0, description: "the connection failed while sending: \(error.message)")
        }
    }

    /// Reads one response (skipping `100 Continue`), waiting until `deadline`.
    package func readResponse(deadline: Int64, forHead: Bool = false) throws(HTTPError) -> HTTPClientResponse {
        while true {
            var scanner = HTTPHeadScanner(limits: limits)
            var end = try scanner.scan(inbox)
            while end == nil {
                try fill(deadline: deadline, what: "the answer's headers")
                end = try scanner.scan(inbox)
            }
            let length = end!
            var bodyLimits = limits
            bodyLimits.maximumBody = Int.max
            let head = try HTTPHead(inbox[..<(length - 4)], limits: bodyLimits)
            inbox.removeFirst(length)
            let parts = head.startLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
                throw HTTPError(status: 0, description: "bad status line: \(head.startLine)")
            }
            if status == 100 { continue }
            let bodyLength = forHead ? 0 : head.contentLength
            while inbox.count < bodyLength { try fill(deadline: deadline, what: "the answer's body") }
            let body = Array(inbox[..<bodyLength])
            inbox.removeFirst(bodyLength)
            return HTTPClientResponse(status: status, headers: head.fields, body: body)
        }
    }

    private func fill(deadline: Int64, what: String) throws(HTTPError) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count: Int
        do throws(SystemError) {
            count = try buffer.withUnsafeMutableBytesThrowing { (raw) throws(SystemError) -> Int in try socket.read(into: raw, deadline: deadline) }
        } catch {
            throw HTTPError(status: 0, description: error.meansTimedOut ? "\(what) did not arrive in time" : "the connection failed: \(error.message)")
        }
        guard count > 0 else { throw HTTPError(status: 0, description: "the connection closed before \(what) arrived") }
        inbox.append(contentsOf: buffer[..<count])
    }
}

/// One request on a connection of its own, closed after the answer.
package enum HTTPClient {
    /// Sends `request` to `address` and returns the answer (within `timeoutNanoseconds`).
    package static func send(_ request: HTTPRequest, to address: SocketAddress, timeoutNanoseconds: Int64 = 30_000_000_000) throws(HTTPError)
        -> HTTPClientResponse
    {
        let connection = try HTTPClientConnection(to: address, timeoutNanoseconds: timeoutNanoseconds)
        defer { connection.close() }
        return try connection.send(request, closing: true, timeoutNanoseconds: timeoutNanoseconds)
    }
}
