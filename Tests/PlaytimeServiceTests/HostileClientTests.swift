import Foundation
import PlaytimeHTTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The built service against slow and malformed clients (loopback only; the hostile clients of docs/guarantees.md): one client cannot stall
/// the others, malformed requests are refused at once, client text cannot forge log lines, and a ticket's concurrent
/// redemptions pay once.
@Suite("playtime-server against hostile clients (built binary, loopback)")
struct HostileClientTests {
    /// A service on a fresh state directory with `arguments`; `body` gets it; the directory is removed after.
    static func withService<Result: Sendable>(_ arguments: [String] = [], _ body: @escaping @Sendable (ServiceProcess, String) throws -> Result) async throws
        -> Result
    {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-hostile-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let service = try ServiceProcess(state: state, arguments)
            defer { service.crash() }
            return try body(service, try #require(service.firstKey))
        }
    }

    /// A raw connection from `source` (default 127.0.0.1).
    static func connect(_ service: ServiceProcess, from source: String = "127.0.0.1") throws -> HTTPClientConnection {
        try HTTPClientConnection(to: service.address, from: SocketAddress(numericHost: source, port: 0))
    }

    static func deadline(_ seconds: Int64 = 10) -> Int64 { SystemClock.bootNanoseconds() + seconds * 1_000_000_000 }

    /// Sends `bytes` on a new connection and reads one answer.
    static func exchange(_ service: ServiceProcess, _ bytes: [UInt8]) throws -> HTTPClientResponse {
        let connection = try connect(service)
        defer { connection.close() }
        try connection.writeAll(bytes, deadline: deadline())
        return try connection.readResponse(deadline: deadline())
    }

    static let health = Array("GET /v1/health HTTP/1.1\r\nHost: h\r\n\r\n".utf8)

    @Test("Slowloris: 6 connections stalled mid-header do not delay an honest health check, answered while they still hang")
    func slowloris() async throws {
        try await Self.withService { service, _ in
            let stalled = try (0..<6).map { _ in try Self.connect(service) }
            defer { stalled.forEach { $0.close() } }
            for connection in stalled { try connection.writeAll(Array("GET /v1/health HTTP/1.1\r\nHost: h\r\nX-Slow: a".utf8), deadline: Self.deadline()) }
            let answer = try Self.exchange(service, Self.health)
            #expect(answer.status == 200)
        }
    }

    @Test("A head that never ends gets 408 at --head-seconds; a body that never ends gets 408 at --read-seconds")
    func readDeadlines() async throws {
        try await Self.withService(["--head-seconds", "1", "--read-seconds", "2"]) { service, key in
            let head = try Self.connect(service)
            defer { head.close() }
            try head.writeAll(Array("GET /v1/health HTTP/1.1\r\nHost: h\r\n".utf8), deadline: Self.deadline())
            #expect(try head.readResponse(deadline: Self.deadline()).status == 408)
            let body = try Self.connect(service)
            defer { body.close() }
            try body.writeAll(
                Array(
                    ("POST /v1/players/p/tickets HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \(key)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"se").utf8), deadline: Self.deadline())
            let answer = try body.readResponse(deadline: Self.deadline())
            #expect(answer.status == 408)
            #expect(answer.headers["content-type"] == "application/problem+json")
        }
    }

    @Test("Per client: with 2 connections per client held, a third from the same address is answered only for probes; another address is served")
    func perClientLimit() async throws {
        try await Self.withService(["--max-connections-per-client", "2"]) { service, key in
            let held = try (0..<2).map { _ in try Self.connect(service) }
            defer { held.forEach { $0.close() } }
            for connection in held { try connection.writeAll(Array("GET /v1/health HTTP/1.1\r\n".utf8), deadline: Self.deadline()) }
            // The probe still answers on a reserved slot; anything else there is busy.
            #expect(try Self.exchange(service, Self.health).status == 200)
            let other = try Self.exchange(service, Array("GET /v1/players/p/payments HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \(key)\r\n\r\n".utf8))
            #expect(other.status == 503)
            #expect(try ServiceProcess.object(other)["code"] as? String == "busy")
            // Another client (127.0.0.2) has its own share.
            let elsewhere = try service.send("GET", "/v1/players/p/payments", key: key, from: "127.0.0.2")
            #expect(elsewhere.status == 200)
        }
    }

    @Test("Malformed requests are refused at once with 400 and a problem: two Content-Lengths, a list in one, bare LF, bare CR, Transfer-Encoding, folding")
    func malformed() async throws {
        let cases: [(name: String, request: String, mentions: String)] = [
            ("two Content-Lengths", "POST /v1/players/p/tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}", "more than once"),
            ("equal Content-Lengths", "POST /v1/players/p/tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "more than once"),
            ("a list in Content-Length", "POST /v1/players/p/tickets HTTP/1.1\r\nHost: h\r\nContent-Length: 2, 40\r\n\r\n{}", "Content-Length"),
            ("bare LF", "GET /v1/health HTTP/1.1\nHost: h\n\n", "bare LF"),
            ("bare LF after CR LF lines", "GET /v1/health HTTP/1.1\r\nHost: h\n\r\n", "bare LF"),
            ("bare CR", "GET /v1/health HTTP/1.1\rHost: h\r\n\r\n", "bare CR"),
            ("chunked", "POST /v1/players/p/tickets HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "Transfer-Encoding"),
            ("folded header", "GET /v1/health HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", "space"),
            ("space before the colon", "GET /v1/health HTTP/1.1\r\nHost : h\r\n\r\n", "token"),
            ("NUL in a header", "GET /v1/health HTTP/1.1\r\nHost: h\u{0}x\r\n\r\n", "control character"),
            ("HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "request line"),
        ]
        try await Self.withService { service, _ in
            for item in cases {
                let answer = try Self.exchange(service, Array(item.request.utf8))
                #expect(answer.status == 400, "\(item.name): \(answer.status)")
                #expect(answer.headers["content-type"] == "application/problem+json", "\(item.name)")
                #expect(answer.text.contains(item.mentions), "\(item.name): \(answer.text)")
            }
            #expect(try Self.exchange(service, Self.health).status == 200)
        }
    }

    @Test("Invalid UTF-8 in a header or a player id is 400: \\xff and \\xfe never decode to one player")
    func invalidUTF8() async throws {
        try await Self.withService { service, key in
            for byte: UInt8 in [0xff, 0xfe, 0xc3] {
                let request = Array("GET /v1/health HTTP/1.1\r\nHost: h\r\nX-Name: p".utf8) + [byte] + Array("\r\n\r\n".utf8)
                let answer = try Self.exchange(service, request)
                #expect(answer.status == 400 && answer.text.contains("UTF-8"), "byte \(byte): \(answer.text)")
                let encoded = String(byte, radix: 16, uppercase: true)
                let path = try service.send("GET", "/v1/players/p%\(encoded)/payments", key: key)
                #expect(path.status == 400 && path.text.contains("UTF-8"), "byte \(byte): \(path.text)")
            }
        }
    }

    @Test("Header floods are 431: 200 fields, a 20 KiB field, 70 KiB of head")
    func headerFlood() async throws {
        let many = (0..<200).map { "X-F\($0): v\r\n" }.joined()
        let cases = [
            "GET /v1/health HTTP/1.1\r\nHost: h\r\n\(many)\r\n",
            "GET /v1/health HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n",
            "GET /v1/health HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n",
        ]
        try await Self.withService { service, _ in
            for request in cases {
                let answer = try Self.exchange(service, Array(request.utf8))
                #expect(answer.status == 431)
            }
        }
    }

    @Test("Client text in the access log is escaped JSON: a path or id with a newline, CR, ESC or a separator forges no line and holds no raw control byte")
    func logEscapes() async throws {
        let state = try ServiceProcess.scratch("service-log-")
        defer { try? FileManager.default.removeItem(atPath: state) }
        try await onOwnThread {
            let service = try ServiceProcess(state: state)
            let key = try #require(service.firstKey)
            _ = try Self.exchange(service, Array("GET /no\u{1b}]where\u{2028}x HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
            _ = try service.send("GET", "/v1/players/eve%0A%7B%22forged%22%3A1%7D/payments", key: key)
            _ = try service.send("GET", "/v1/players/z%E2%80%A8oe/payments", key: key)
            _ = service.terminate()
            let raw = try #require(FileManager.default.contents(atPath: state + "/access.log"))
            #expect(!raw.contains { ($0 < 0x20 && $0 != 0x0a) || $0 == 0x7f }, "a raw control byte in the log")
            #expect(!String(decoding: raw, as: UTF8.self).contains("\u{2028}"))
            let lines = try service.accessLog()
            #expect(!lines.contains { $0["forged"] != nil })
            // The id with a line feed is refused (a control character) and logged as the path was sent; the one with a
            // line separator is a valid id, logged escaped.
            #expect(lines.contains { ($0["path"] as? String)?.hasPrefix("/v1/players/eve%0A") == true && $0["status"] as? Int == 400 }, "\(lines)")
            #expect(lines.contains { ($0["player"] as? String) == "z\u{2028}oe" }, "\(lines)")
            #expect(!String(decoding: raw, as: UTF8.self).contains(key), "the key never reaches the log")
        }
    }

    @Test("8 concurrent redemptions of one ticket: one payment, and the 7 others answer it as repeated, with its id")
    func concurrentRedemptions() async throws {
        try await Self.withService(["--policy", "demo"]) { service, key in
            let issued = try ServiceProcess.object(try service.send("POST", "/v1/players/p1/tickets", key: key, json: #"{"session":"s1"}"#))
            let ticket = try #require(issued["ticket"] as? String)
            let body = #"{"ticket":"\#(ticket)"}"#
            let request = Array(
                ("POST /v1/players/p1/redemptions HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \(key)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
            let connections = try (0..<8).map { _ in try Self.connect(service) }
            defer { connections.forEach { $0.close() } }
            for connection in connections { try connection.writeAll(request, deadline: Self.deadline()) }
            let answers = try connections.map { try ServiceProcess.object(try $0.readResponse(deadline: Self.deadline())) }
            #expect(answers.filter { $0["repeated"] as? Bool == false }.count == 1, "\(answers)")
            #expect(answers.filter { $0["repeated"] as? Bool == true }.count == 7)
            #expect(Set(answers.compactMap { $0["id"] as? String }).count == 1)
            let log = try ServiceProcess.object(try service.send("GET", "/v1/players/p1/payments", key: key))
            #expect((log["payments"] as? [Any])?.count == 1)
        }
    }
}
