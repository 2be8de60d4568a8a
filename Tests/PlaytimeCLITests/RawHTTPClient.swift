import Foundation
import PlaytimeSystem

/// A loopback client that sends exact bytes (malformed on purpose) to a running `game-server` and reads its
/// answer under a deadline: for the hostile-client tests. Blocking; call it off the cooperative pool.
enum RawHTTPClient {
    /// What the server answered, and how long it took from the last byte sent.
    struct Answer {
        var status: Int
        var head: String
        var body: String
        var seconds: Double
    }

    /// A connection to `127.0.0.1:port`.
    static func connect(_ port: UInt16) throws -> TCPConnection {
        guard let address = SocketAddress(numericHost: "127.0.0.1", port: port) else { throw CLIError("bad address") }
        return try TCPConnection(connectingTo: address)
    }

    /// Sends `bytes` on a new connection and reads the answer; throws if it does not end within `seconds`.
    static func exchange(_ bytes: [UInt8], port: UInt16, within seconds: Double) throws -> Answer {
        let connection = try connect(port)
        defer { connection.close() }
        try connection.writeAll(bytes)
        return try answer(on: connection, within: seconds)
    }

    /// Sends `text` (as UTF-8) on a new connection and reads the answer.
    static func exchange(_ text: String, port: UInt16, within seconds: Double) throws -> Answer {
        try exchange(Array(text.utf8), port: port, within: seconds)
    }

    /// Reads until the server closes (it answers once per connection); throws if that takes over `seconds`.
    static func answer(on connection: TCPConnection, within seconds: Double) throws -> Answer {
        let started = SystemClock.bootNanoseconds()
        let deadline = started + Int64(seconds * 1e9)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let remaining = deadline - SystemClock.bootNanoseconds()
            guard remaining > 0 else {
                throw CLIError("no whole answer within \(seconds) s; got so far: '\(String(decoding: data, as: UTF8.self))'")
            }
            guard try Poller.waitReadable([connection.descriptor], timeoutNanoseconds: remaining).first == true else { continue }
            let count: Int
            do { count = try connection.read(into: &buffer) } catch {
                // A reset after the answer arrived ends it as well as a close.
                guard !data.isEmpty else { throw error }
                break
            }
            if count == 0 { break }
            data += buffer[..<count]
        }
        let elapsed = Double(SystemClock.bootNanoseconds() - started) / 1e9
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return Answer(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"), seconds: elapsed)
    }
}
