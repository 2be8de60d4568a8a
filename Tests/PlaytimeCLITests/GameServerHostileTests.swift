import Foundation
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// The built `game-server` against slow and malformed clients (loopback only, each case bounded in
/// connections and seconds): one client cannot stall the others, malformed requests are refused at once,
/// and client text cannot forge log lines (docs/guarantees.md, Examples/README.md).
@Suite("game-server against hostile clients (built binary, loopback)")
struct GameServerHostileTests {
    /// A server on a fresh state directory; `body` gets it and its port; the directory is removed after.
    static func withServer<Result>(_ extra: [String], _ body: (ServerProcess) async throws -> Result) async throws -> Result {
        let state = try ExampleBinary.temporaryDirectory("game-server-hostile-")
        defer { try? FileManager.default.removeItem(atPath: state) }
        // The server's own lifetime only bounds a server a crashed test leaves behind (the test kills it): long enough
        // for a suite whose tests wait their turn on a loaded machine (a fresh-clone run reached 77 s).
        let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "300", "--idle-seconds", "0"] + extra)
        defer { server.kill() }
        return try await body(server)
    }

    static let health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    @Test("Slowloris: 6 connections that stall mid-header (each then drips a byte) do not delay an honest /health (answered within 3 s)")
    func slowloris() async throws {
        try await Self.withServer(["--read-seconds", "30"]) { server in
            let port = server.port
            let answer = try await runOffCooperativePool {
                let stalled = try (0..<6).map { _ in try RawHTTPClient.connect(port) }
                defer { stalled.forEach { $0.close() } }
                for connection in stalled { try connection.writeAll(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8)) }
                for connection in stalled { try connection.writeAll(Array("b".utf8)) }
                // A sequential server would be reading the first stalled request for its whole deadline (30 s).
                return try RawHTTPClient.exchange(Self.health, port: port, within: 3)
            }
            #expect(answer.status == 200)
            #expect(answer.body.contains("\"ok\""))
        }
    }

    @Test("A request that never ends gets 408 at the --read-seconds deadline, not later")
    func readDeadline() async throws {
        try await Self.withServer(["--read-seconds", "1"]) { server in
            let port = server.port
            let answer = try await runOffCooperativePool {
                let connection = try RawHTTPClient.connect(port)
                defer { connection.close() }
                try connection.writeAll(Array("POST /tickets HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"pl".utf8))
                return try RawHTTPClient.answer(on: connection, within: 6)
            }
            #expect(answer.status == 408)
        }
    }

    @Test("Over --max-connections: one more connection gets 503 at once while the slots are held")
    func connectionLimit() async throws {
        try await Self.withServer(["--max-connections", "2", "--read-seconds", "30"]) { server in
            let port = server.port
            let (busy, honestAfter) = try await runOffCooperativePool {
                let held = try (0..<2).map { _ in try RawHTTPClient.connect(port) }
                for connection in held { try connection.writeAll(Array("GET /health HTTP/1.1\r\n".utf8)) }
                // Sends nothing: the refusal is read whole (no unread request to reset the connection).
                let extra = try RawHTTPClient.connect(port)
                defer { extra.close() }
                let busy = try RawHTTPClient.answer(on: extra, within: 3)
                // The held connections end their requests: each is answered, and its slot freed.
                var honest: [Int] = []
                for connection in held {
                    try connection.writeAll(Array("Host: 127.0.0.1\r\n\r\n".utf8))
                    honest.append(try RawHTTPClient.answer(on: connection, within: 3).status)
                    connection.close()
                }
                return (busy, honest)
            }
            #expect(busy.status == 503)
            #expect(busy.body.contains("--max-connections") || busy.body.contains("limit"))
            #expect(honestAfter == [200, 200])
        }
    }

    @Test("Malformed requests are refused at once with 400 and a plain message: two Content-Lengths, a list in one, bare LF, bare CR, Transfer-Encoding, folding")
    func malformed() async throws {
        let cases: [(name: String, request: String, mentions: String)] = [
            ("two Content-Lengths", "POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}", "more than once"),
            ("equal Content-Lengths", "POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "more than once"),
            ("a list in Content-Length", "POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2, 40\r\n\r\n{}", "Content-Length"),
            ("bare LF", "GET /health HTTP/1.1\nHost: h\n\n", "bare LF"),
            ("bare LF after CR LF lines", "GET /health HTTP/1.1\r\nHost: h\n\r\n", "bare LF"),
            ("bare CR", "GET /health HTTP/1.1\rHost: h\r\n\r\n", "bare CR"),
            ("chunked", "POST /tickets HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "Transfer-Encoding"),
            ("Transfer-Encoding and Content-Length", "POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
             "Transfer-Encoding"),
            ("folded header", "GET /health HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", "space"),
            ("space before the colon", "GET /health HTTP/1.1\r\nHost : h\r\n\r\n", "token"),
            ("NUL in a header", "GET /health HTTP/1.1\r\nHost: h\u{0}x\r\n\r\n", "control character"),
        ]
        try await Self.withServer([]) { server in
            let port = server.port
            for item in cases {
                let answer = try await runOffCooperativePool { try RawHTTPClient.exchange(item.request, port: port, within: 3) }
                #expect(answer.status == 400, "\(item.name): \(answer.head)")
                #expect(answer.body.contains(item.mentions), "\(item.name): \(answer.body)")
            }
            // Still serving.
            let health = try await runOffCooperativePool { try RawHTTPClient.exchange(Self.health, port: port, within: 3) }
            #expect(health.status == 200)
        }
    }

    @Test("Invalid UTF-8 in X-Player is refused (400): \\xff and \\xfe never decode to one player")
    func invalidUTF8Player() async throws {
        try await Self.withServer([]) { server in
            let port = server.port
            for byte: UInt8 in [0xff, 0xfe, 0xc3] {
                let request = Array("POST /audit HTTP/1.1\r\nHost: h\r\nX-Player: p".utf8) + [byte]
                    + Array("\r\nContent-Length: 5\r\n\r\nhello".utf8)
                let answer = try await runOffCooperativePool { try RawHTTPClient.exchange(request, port: port, within: 3) }
                #expect(answer.status == 400, "byte \(byte): \(answer.head)")
                #expect(answer.body.contains("UTF-8"), "byte \(byte): \(answer.body)")
            }
        }
    }

    @Test("An upload over the server's byte limit (32 MiB) is refused unjudged with 413, not a server error")
    func uploadOverLimit() async throws {
        try await Self.withServer([]) { server in
            let port = server.port
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: (32 << 20) + 1)
            let request = Array("POST /audit HTTP/1.1\r\nHost: h\r\nX-Player: big\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
            let answer = try await runOffCooperativePool { try RawHTTPClient.exchange(request, port: port, within: 20) }
            #expect(answer.status == 413, "\(answer.head)")
            #expect(answer.body.contains("over-limit"), "\(answer.body)")
        }
    }

    @Test("Header floods are refused with 431: 200 fields, a 20 KiB field, 70 KiB of head")
    func headerFlood() async throws {
        let many = (0..<200).map { "X-F\($0): v\r\n" }.joined()
        let cases: [(name: String, request: String)] = [
            ("200 fields", "GET /health HTTP/1.1\r\nHost: h\r\n\(many)\r\n"),
            ("one 20 KiB field", "GET /health HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n"),
            ("70 KiB of head", "GET /health HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n"),
        ]
        try await Self.withServer([]) { server in
            let port = server.port
            for item in cases {
                let answer = try await runOffCooperativePool { try RawHTTPClient.exchange(item.request, port: port, within: 3) }
                #expect(answer.status == 431, "\(item.name): \(answer.head)")
            }
        }
    }

    @Test("A player id with a newline, CR, NUL or ESC is logged escaped: no forged log line, no raw control byte")
    func logEscapes() async throws {
        let output = try await Self.withServer([]) { server in
            let port = server.port
            let json = #"{"player":"eve\nGET /forged 200\r\u0000\u001b[2J","session":"s1"}"#
            let request = "POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
            let answer = try await runOffCooperativePool { try RawHTTPClient.exchange(request, port: port, within: 3) }
            #expect(answer.status == 200, "\(answer.head) \(answer.body)")
            let path = "GET /no\u{1b}]where HTTP/1.1\r\nHost: h\r\n\r\n"
            _ = try await runOffCooperativePool { try RawHTTPClient.exchange(path, port: port, within: 3) }
            return try await server.stop()
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("GET /forged") }, "a forged line: \(output)")
        #expect(output.contains(#"eve\nGET /forged 200\r\0\u{1B}[2J"#), "\(output)")
        #expect(!output.utf8.contains { ($0 < 0x20 && $0 != 0x0a) || $0 == 0x7f }, "a raw control byte in the log: \(output.debugDescription)")
    }

    @Test("Concurrent redemptions of one ticket (8 connections in flight at once): exactly one is paid, the others 409")
    func concurrentRedeemPaysOnce() async throws {
        try await Self.withServer([]) { server in
            let port = server.port
            let issued = try await runOffCooperativePool {
                let json = #"{"player":"p1","session":"s1"}"#
                return try RawHTTPClient.exchange("POST /tickets HTTP/1.1\r\nHost: h\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)",
                                                  port: port, within: 5)
            }
            let object = try jsonObject(issued.body)
            let ticket = try #require(object["ticket"] as? String, "\(issued.body)")
            let statuses = try await runOffCooperativePool {
                let json = #"{"player":"p1","ticket":"\#(ticket)"}"#
                let request = Array("POST /redeem HTTP/1.1\r\nHost: h\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
                let connections = try (0..<8).map { _ in try RawHTTPClient.connect(port) }
                defer { connections.forEach { $0.close() } }
                for connection in connections { try connection.writeAll(request) }
                return try connections.map { try RawHTTPClient.answer(on: $0, within: 5).status }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 7, "\(statuses)")
        }
    }
}
