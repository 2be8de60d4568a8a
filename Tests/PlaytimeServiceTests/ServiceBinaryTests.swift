import Foundation
import PlaytimeHTTP
import PlaytimeService
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The built `playtime-server` as an operator runs it (docs/service.md): the embedded default on first start, its
/// state reused after, keys reloaded without a restart, keep-alive, and a clean stop on SIGTERM.
@Suite("playtime-server, the built binary")
struct ServiceBinaryTests {
    @Test("First start: a 32-byte secret and a keys file, both 0600, and one key printed once; a restart reuses the secret and prints no key")
    func firstStart() async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-first-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let first = try ServiceProcess(state: state)
            let key = try #require(first.firstKey, "\(first.child.currentLines)")
            #expect(key.hasPrefix("ptk_") && key.count == 68)
            let secret = try String(contentsOfFile: state + "/server.secret", encoding: .utf8)
            #expect(secret.count == 65 && secret.hasSuffix("\n") && secret.dropLast().allSatisfy(\.isHexDigit), "\(secret)")
            #expect(try FileSystem.permissions(of: state + "/server.secret") & 0o777 == 0o600)
            #expect(try FileSystem.permissions(of: state + "/api-keys") & 0o777 == 0o600)
            #expect(try !String(contentsOfFile: state + "/api-keys", encoding: .utf8).contains(key), "the key itself is never stored")
            #expect(try first.send("GET", "/v1/health", key: nil).status == 200)
            #expect(try first.send("POST", "/v1/players/ann/enrollments", key: key).status == 200)
            let stopped = first.terminate()
            #expect(stopped.status == 0, "\(stopped.lines)")
            #expect(stopped.lines.contains { $0.hasPrefix("stopped: every request in flight was answered") }, "\(stopped.lines)")
            #expect(stopped.lines.filter { $0.contains(key) }.count == 1, "the key is printed once")

            let second = try ServiceProcess(state: state)
            defer { second.crash() }
            #expect(second.firstKey == nil)
            #expect(try String(contentsOfFile: state + "/server.secret", encoding: .utf8) == secret)
            #expect(try second.send("POST", "/v1/players/ann/enrollments", key: key).status == 200)
            #expect(!second.child.currentLines.contains { $0.contains("ptk_") })
        }
    }

    @Test("SIGHUP reloads the keys file without a restart: an added key works only after it, a revoked one gets 403 after it")
    func reloadKeys() async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-keys-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try ServiceProcess(state: state)
            defer { server.crash() }
            let first = try #require(server.firstKey)
            let added = try ChildProcess(try BuiltBinary.path("playtime-server"), ["keys", "add", "eu-backend", "--state", state])
            let output = added.finish()
            #expect(added.exitStatus == 0, "\(output) \(added.standardError)")
            let second = try #require(output.first { $0.contains("ptk_") }?.split(separator: " ").last.map(String.init), "\(output)")
            #expect(try server.send("GET", "/v1/players/a/payments", key: second).status == 401)
            server.child.send(SIGHUP)
            _ = server.child.wait { $0.contains { $0.hasPrefix("SIGHUP: API keys reloaded (2 in force)") } }
            #expect(try server.send("GET", "/v1/players/a/payments", key: second).status == 200)
            let revoked = try ChildProcess(try BuiltBinary.path("playtime-server"), ["keys", "revoke", "default", "--state", state])
            _ = revoked.finish()
            #expect(revoked.exitStatus == 0)
            #expect(try server.send("GET", "/v1/players/a/payments", key: first).status == 200, "in force until the reload")
            server.child.send(SIGHUP)
            _ = server.child.wait { $0.contains { $0.hasPrefix("SIGHUP: API keys reloaded (1 in force)") } }
            let refused = try server.send("GET", "/v1/players/a/payments", key: first)
            #expect(refused.status == 403)
            #expect(try ServiceProcess.object(refused)["code"] as? String == "key-revoked")
            #expect(try server.send("GET", "/v1/players/a/payments", key: second).status == 200)
        }
    }

    @Test("Keep-alive: 200 requests on one connection are answered on it, and the access log names that one connection for all")
    func keepAlive() async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-keepalive-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try ServiceProcess(state: state)
            let key = try #require(server.firstKey)
            let connection = try HTTPClientConnection(to: server.address)
            for index in 0..<200 {
                let path = index % 2 == 0 ? "/v1/health" : "/v1/players/k/payments"
                let answer = try connection.send(HTTPRequest(method: "GET", target: path, headers: ["authorization": "Bearer " + key]))
                #expect(answer.status == 200)
                #expect(answer.headers["connection"] == nil)
            }
            connection.close()
            _ = server.terminate()
            let log = try server.accessLog().filter { ($0["path"] as? String)?.hasPrefix("/v1/") == true }
            #expect(log.count >= 200)
            #expect(Set(log.prefix(200).compactMap { $0["connection"] as? Int }).count == 1, "\(log.prefix(3))")
            #expect(log.allSatisfy { $0["key"] as? String != key }, "the key never reaches the log")
        }
    }

    @Test("SIGTERM with a request in flight: no new connection is taken, the request is answered (Connection: close), the process exits 0")
    func gracefulStop() async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-stop-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try ServiceProcess(state: state)
            let key = try #require(server.firstKey)
            let connection = try HTTPClientConnection(to: server.address)
            let body = #"{"session":"s1"}"#
            let head =
                "POST /v1/players/ann/tickets HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \(key)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n"
            let deadline = SystemClock.bootNanoseconds() + 10_000_000_000
            try connection.writeAll(Array((head + body.prefix(5)).utf8), deadline: deadline)
            // The head is read and the body awaited: the request is in flight when the signal comes.
            _ = try? server.metric("playtime_http_connections", key: key)
            server.child.send(SIGTERM)
            _ = server.child.wait { $0.contains { $0.hasPrefix("SIGTERM: stopping") } }
            #expect(throws: (any Error).self) { _ = try server.send("GET", "/v1/health", key: nil) }
            try connection.writeAll(Array(body.dropFirst(5).utf8), deadline: deadline)
            let answer = try connection.readResponse(deadline: deadline)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.headers["connection"] == "close")
            let lines = server.child.finish()
            #expect(server.child.exitStatus == 0, "\(lines)")
            #expect(lines.contains("stopped: every request in flight was answered"), "\(lines)")
        }
    }

    @Test("--metrics-listen serves GET /v1/metrics there without a key, and nothing else; on the main listener metrics still need a key")
    func metricsListener() async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-metrics-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try ServiceProcess(state: state, ["--metrics-listen", "127.0.0.1:0"])
            defer { server.crash() }
            let line = try #require(server.child.currentLines.first { $0.hasPrefix("metrics on 127.0.0.1:") }, "\(server.child.currentLines)")
            let port = try #require(UInt16(line.dropFirst("metrics on 127.0.0.1:".count).prefix { $0.isNumber }))
            let address = try #require(SocketAddress(numericHost: "127.0.0.1", port: port))
            let scraped = try HTTPClient.send(HTTPRequest(method: "GET", target: "/v1/metrics"), to: address)
            #expect(scraped.status == 200 && scraped.text.contains("# TYPE playtime_http_requests_total counter"), "\(scraped.text.prefix(200))")
            #expect(scraped.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let other = try HTTPClient.send(HTTPRequest(method: "GET", target: "/v1/health"), to: address)
            #expect(other.status == 404)
            let enroll = try HTTPClient.send(HTTPRequest(method: "POST", target: "/v1/players/a/enrollments"), to: address)
            #expect(enroll.status == 404)
            #expect(try server.send("GET", "/v1/metrics", key: nil).status == 401)
        }
    }

    @Test("--help lists every setting, docs/service.md documents each, and --config takes them by their camel-case names; unknown ones exit 2")
    func configuration() async throws {
        try await onOwnThread {
            let help = try ChildProcess(try BuiltBinary.path("playtime-server"), ["--help"])
            let text = help.finish().joined(separator: "\n")
            #expect(help.exitStatus == 0)
            let docs = try String(contentsOf: OpenAPIDocument.repository.appendingPathComponent("docs/service.md"), encoding: .utf8)
            for flag in ServiceOptions.flags {
                #expect(text.contains(flag), "--help lacks \(flag)")
                #expect(docs.contains("`\(flag)"), "docs/service.md lacks \(flag)")
            }
            let state = try ServiceProcess.scratch("service-config-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            try Data(#"{"policy":"demo","maxConnections":8,"idleSeconds":2}"#.utf8).write(to: URL(fileURLWithPath: state + "/good.json"))
            let server = try ServiceProcess(state: state, ["--config", state + "/good.json"])
            #expect(server.child.currentLines.contains { $0.contains("policy demo-1") }, "\(server.child.currentLines)")
            server.crash()
            try Data(#"{"maxConections":8}"#.utf8).write(to: URL(fileURLWithPath: state + "/bad.json"))
            let bad = try ChildProcess(try BuiltBinary.path("playtime-server"), ["--config", state + "/bad.json", "--state", state])
            _ = bad.finish()
            #expect(bad.exitStatus == 2)
            #expect(bad.standardError.contains("unknown setting 'maxConections'"), "\(bad.standardError)")
            let version = try ChildProcess(try BuiltBinary.path("playtime-server"), ["--version"])
            #expect(version.finish() == ["playtime-server \(PlaytimeVersion.current)"])
        }
    }
}

/// Runs blocking work (processes, sockets) off the cooperative pool.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await runOffCooperativePool(body)
}
