internal import PlaytimeSystem

/// Frames backend messages off a stream socket: a type byte, a 4-byte length that counts itself, the body.
///
/// A length beyond `maximumMessageBytes` is refused before any memory is set aside for it; a long body grows
/// only as its bytes arrive, so a server that announces much and sends little costs little.
struct MessageReader {
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    let maximumMessageBytes: Int
    /// Set when a request was just sent: the next read waits for readability first (see ``StreamSocket``).
    var answerPending = false

    init(maximumMessageBytes: Int) {
        self.maximumMessageBytes = max(5, maximumMessageBytes)
        buffer = [UInt8](repeating: 0, count: 64 << 10)
    }

    /// The next message's type and body, waiting for its bytes until `deadline`.
    mutating func next(from socket: StreamSocket, deadline: Int64) throws(PostgresError) -> (type: UInt8, body: [UInt8]) {
        try fill(atLeast: 5, from: socket, deadline: deadline, midMessage: end > start)
        let type = buffer[start]
        let length = Int(
            Int32(
                bitPattern: UInt32(buffer[start + 1]) << 24 | UInt32(buffer[start + 2]) << 16
                    | UInt32(buffer[start + 3]) << 8 | UInt32(buffer[start + 4])))
        guard length >= 4 else { throw .protocolViolation("message \(messageTypeName(type)) with length \(length)") }
        guard length <= maximumMessageBytes else {
            throw .messageTooLarge(announcedBytes: length, limitBytes: maximumMessageBytes)
        }
        start += 5
        let bodyCount = length - 4
        if end - start >= bodyCount {
            defer { start += bodyCount }
            return (type, Array(buffer[start..<start + bodyCount]))
        }
        var body: [UInt8] = []
        body.reserveCapacity(min(bodyCount, buffer.count))
        while body.count < bodyCount {
            try fill(atLeast: 1, from: socket, deadline: deadline, midMessage: true)
            let take = min(end - start, bodyCount - body.count)
            body.append(contentsOf: buffer[start..<start + take])
            start += take
        }
        return (type, body)
    }

    /// Makes at least `count` (≤ the buffer's size) unread bytes available, reading from `socket`.
    /// `midMessage` says whether part of a message was already read, for the text of a hang-up.
    private mutating func fill(atLeast count: Int, from socket: StreamSocket, deadline: Int64, midMessage: Bool) throws(PostgresError) {
        if end - start >= count { return }
        if start > 0 {
            let unread = end - start
            if unread > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: unread)
                }
            }
            start = 0
            end = unread
        }
        while end < count {
            let filled = end
            let waitingFirst = answerPending && filled == 0
            answerPending = false
            let outcome: Result<Int, SystemError> = buffer.withUnsafeMutableBytes { raw in
                let free = UnsafeMutableRawBufferPointer(rebasing: raw[filled...])
                do throws(SystemError) {
                    return .success(try socket.read(into: free, deadline: deadline, waitingFirst: waitingFirst))
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .success(0):
                throw .connectionClosed(
                    midMessage || filled > 0 ? "the server closed the connection in the middle of a message" : "the server closed the connection")
            case .success(let read):
                end += read
            case .failure(let error):
                if error.meansTimedOut { throw .timedOut("no answer from the server before the deadline") }
                throw .connectionClosed("\(error)")
            }
        }
    }
}
