internal import PlaytimeSystem

/// One connection's life on its own thread: requests read one after the other (keep-alive), each under the
/// server's deadlines and limits, answered by the handler, until the client closes, a deadline passes, a request
/// asks to close, or the server stops (docs/service.md, "Limits and load").
struct HTTPConnectionLoop: ~Copyable {
    /// Bytes read from the socket at a time.
    static let readBufferBytes = 65_536
    /// After a refusal: how long, and how many bytes, of what the client still sends are read and dropped before the
    /// connection is closed (closing with unread bytes resets it, and the client could lose the refusal).
    static let drainNanoseconds: Int64 = 1_000_000_000
    static let drainBytes = 1 << 20

    let socket: StreamSocket
    let info: HTTPConnectionInfo
    let handler: any HTTPHandler
    let limits: HTTPServerLimits
    let budget: BodyBudget
    let registry: ConnectionRegistry
    /// Bytes received and not yet consumed: the current request starts at index 0.
    private var inbox: [UInt8] = []
    private let buffer: UnsafeMutableRawBufferPointer

    init(
        socket: StreamSocket, info: HTTPConnectionInfo, handler: any HTTPHandler, limits: HTTPServerLimits, budget: BodyBudget,
        registry: ConnectionRegistry
    ) {
        self.socket = socket
        self.info = info
        self.handler = handler
        self.limits = limits
        self.budget = budget
        self.registry = registry
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBufferBytes, alignment: 16)
        inbox.reserveCapacity(4096)
    }

    deinit { buffer.deallocate() }

    /// Serves requests until the connection ends.
    mutating func run() {
        var first = true
        while serveOne(first: first) { first = false }
    }

    /// Reads and answers one request; `false` when the connection is to be closed.
    private mutating func serveOne(first: Bool) -> Bool {
        guard registry.becomeIdle(info.number) else { return false }
        let waited = SystemClock.bootNanoseconds()
        let firstWait = info.isReserved ? limits.probeHeadTimeoutNanoseconds : first ? limits.headTimeoutNanoseconds : limits.idleTimeoutNanoseconds
        if inbox.isEmpty {
            // Waiting for the next request: a close, a reset or the idle deadline ends the connection quietly.
            guard let count = try? fill(deadline: Saturating.add(waited, firstWait)), count > 0 else { return false }
        }
        registry.becomeBusy(info.number)
        let started = SystemClock.bootNanoseconds()
        let head: HTTPRequestHead
        do throws(HTTPError) {
            head = try readHead(deadline: Saturating.add(started, info.isReserved ? limits.probeHeadTimeoutNanoseconds : limits.headTimeoutNanoseconds))
        } catch {
            refuse(error, head: nil, started: started)
            return false
        }
        if info.isReserved, !handler.isProbe(head) {
            refuse(
                HTTPError(status: 503, description: "the server is answering as many connections as it may; try again shortly"),
                head: head, started: started)
            return false
        }
        let closing = head.asksToClose || info.isReserved
        switch handler.admit(head, on: info) {
        case .answer(let answer):
            let response = answer.response
            let bodyInHand = inbox.count >= head.contentLength
            if bodyInHand { inbox.removeFirst(head.contentLength) }
            let keep = !closing && bodyInHand && !registry.isStopping
            let written = write(response, closing: !keep)
            complete(
                head: head, status: response.status, read: bodyInHand ? head.contentLength : 0, written: written, started: started,
                note: answer.note)
            if !keep { finish(draining: !bodyInHand) }
            return keep && written > 0
        case .readBody(let limit, let tag):
            let length = head.contentLength
            guard length <= limit else {
                refuse(
                    HTTPError(status: 413, description: "the body is larger than \(limit) bytes, the limit for this request; it was not read"),
                    head: head, started: started)
                return false
            }
            guard budget.reserve(length, client: info.client, waitNanoseconds: limits.bodyWaitNanoseconds) else {
                refuse(
                    HTTPError(status: 503, description: "the server is reading as many request bodies as its memory allows; try again shortly"),
                    head: head, started: started)
                return false
            }
            let body: [UInt8]
            do throws(HTTPError) {
                body = try readBody(of: head, deadline: Saturating.add(started, limits.message.readTimeoutNanoseconds))
            } catch {
                budget.release(length, client: info.client)
                refuse(error, head: head, started: started)
                return false
            }
            var request = HTTPRequest(head: head, body: body)
            request.tag = tag
            let answer = handler.respond(to: request, on: info)
            budget.release(length, client: info.client)
            let keep = !closing && !registry.isStopping
            let written = write(answer.response, closing: !keep)
            complete(head: head, status: answer.response.status, read: length, written: written, started: started, note: answer.note)
            if !keep { finish(draining: false) }
            return keep && written > 0
        }
    }

    /// Appends what the socket has (waiting until `deadline` for something) to the inbox; 0 when the client closed.
    private mutating func fill(deadline: Int64) throws(SystemError) -> Int {
        let count = try socket.read(into: buffer, deadline: deadline)
        if count > 0 { inbox.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
        return count
    }

    /// Reads until the head is complete (``HTTPHeadScanner``), parses it, and takes it out of the inbox.
    private mutating func readHead(deadline: Int64) throws(HTTPError) -> HTTPRequestHead {
        var scanner = HTTPHeadScanner(limits: limits.message)
        var end = try scanner.scan(inbox)
        while end == nil {
            let count: Int
            do throws(SystemError) { count = try fill(deadline: deadline) } catch {
                throw error.meansTimedOut
                    ? HTTPError(status: 408, description: "the request's headers did not arrive in time")
                    : HTTPError(description: "the connection failed: \(error.message)")
            }
            guard count > 0 else { throw HTTPError(description: "the connection closed before the headers ended") }
            end = try scanner.scan(inbox)
        }
        let length = end!
        let head = try HTTPRequestHead(HTTPHead(inbox[..<(length - 4)], limits: limits.message))
        inbox.removeFirst(length)
        return head
    }

    /// The body of `head`: what the inbox holds of it, then the rest read straight into the body's storage. Answers
    /// `100 Continue` first when the client waits for it.
    private mutating func readBody(of head: HTTPRequestHead, deadline: Int64) throws(HTTPError) -> [UInt8] {
        let length = head.contentLength
        let inHand = min(length, inbox.count)
        if inHand < length, head.headers["expect"]?.lowercased() == "100-continue" {
            let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            do throws(SystemError) {
                try interim.withUnsafeBytesThrowing { (raw) throws(SystemError) in
                    try socket.writeAll(raw, deadline: Saturating.add(SystemClock.bootNanoseconds(), limits.writeTimeoutNanoseconds))
                }
            } catch {
                throw HTTPError(description: "the connection failed: \(error.message)")
            }
        }
        var body = [UInt8](repeating: 0, count: length)
        body.replaceSubrange(0..<inHand, with: inbox[..<inHand])
        inbox.removeFirst(inHand)
        var filled = inHand
        while filled < length {
            let count: Int
            do throws(SystemError) {
                count = try body.withUnsafeMutableBytesThrowing { (raw) throws(SystemError) -> Int in
                    try socket.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), deadline: deadline)
                }
            } catch {
                throw error.meansTimedOut
                    ? HTTPError(status: 408, description: "the request did not arrive whole in time")
                    : HTTPError(description: "the connection failed: \(error.message)")
            }
            guard count > 0 else { throw HTTPError(description: "the connection closed in the middle of the body") }
            filled += count
        }
        return body
    }

    /// Writes `response`; the bytes written (0 when the client was gone or stalled past the write deadline).
    private func write(_ response: HTTPResponse, closing: Bool) -> Int {
        let bytes = response.serialized(closing: closing)
        do throws(SystemError) {
            try bytes.withUnsafeBytesThrowing { (raw) throws(SystemError) in
                try socket.writeAll(raw, deadline: Saturating.add(SystemClock.bootNanoseconds(), limits.writeTimeoutNanoseconds))
            }
            return bytes.count
        } catch {
            return 0
        }
    }

    /// Answers the server's own refusal (the handler words it) and ends the connection.
    private mutating func refuse(_ error: HTTPError, head: HTTPRequestHead?, started: Int64) {
        let response = handler.refusal(error, on: info)
        let written = write(response, closing: true)
        var exchange = exchange(head: head, status: response.status, read: 0, written: written, started: started, note: nil)
        exchange.refusal = error.description
        handler.completed(exchange)
        finish(draining: true)
    }

    /// Ends writing; with `draining`, first reads and drops what the client still sends (bounded), so the answer
    /// is read before the connection closes.
    private func finish(draining: Bool) {
        socket.shutdownWrite()
        guard draining else { return }
        let end = Saturating.add(SystemClock.bootNanoseconds(), Self.drainNanoseconds)
        var total = 0
        while total < Self.drainBytes, let count = try? socket.read(into: buffer, deadline: end), count > 0 { total += count }
    }

    private func complete(head: HTTPRequestHead, status: Int, read: Int, written: Int, started: Int64, note: HTTPNote?) {
        handler.completed(exchange(head: head, status: status, read: read, written: written, started: started, note: note))
    }

    private func exchange(head: HTTPRequestHead?, status: Int, read: Int, written: Int, started: Int64, note: HTTPNote?) -> HTTPExchange {
        HTTPExchange(
            head: head, connection: info, status: written > 0 ? status : 0, bytesRead: read, bytesWritten: written,
            durationNanoseconds: max(0, SystemClock.bootNanoseconds() - started), note: note, refusal: nil)
    }
}
