import Foundation
import PlaytimeHTTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The built `playtime-server` on loopback in a state directory of its own: started, asked, signalled and killed as
/// an orchestrator would. A test waits for its lines, never for a time.
final class ServiceProcess: @unchecked Sendable {
    let child: ChildProcess
    let address: SocketAddress
    let state: String
    /// The key printed at first start (`nil` on a restart).
    let firstKey: String?
    /// True when the service runs under a faketime wrapper.
    let wrapped: Bool

    /// Starts the service on `state` (a port the kernel chooses, the access log in `state/access.log`) with `arguments`.
    /// With `wallClockAhead` seconds, the service's wall clock runs that much ahead (libfaketime; its boot clock is
    /// the real one): the server's time passes between two processes without the test waiting for it.
    init(state: String, _ arguments: [String] = [], environment: [String: String] = [:], wallClockAhead: Int? = nil) throws {
        self.state = state
        let binary = try BuiltBinary.path("playtime-server")
        let own = ["--listen", "127.0.0.1:0", "--state", state, "--access-log", state + "/access.log"] + arguments
        wrapped = wallClockAhead != nil
        if let wallClockAhead {
            guard let faketime = Self.faketime else { throw ChildProcessError(description: "faketime is not installed (apt-get install faketime)") }
            child = try ChildProcess(
                faketime, ["-f", "+\(wallClockAhead)s", binary] + own,
                environment: environment.merging(["FAKETIME_DONT_FAKE_MONOTONIC": "1"]) { $1 })
        } else {
            child = try ChildProcess(binary, own, environment: environment)
        }
        let lines = child.wait { lines in lines.contains { $0.hasPrefix("serving: ") } }
        guard let first = lines.first, let range = first.range(of: " listening on 127.0.0.1:"), let port = UInt16(first[range.upperBound...]),
            let address = SocketAddress(numericHost: "127.0.0.1", port: port)
        else {
            child.killHard()
            throw ChildProcessError(description: "playtime-server did not start: \(lines) \(child.standardError)")
        }
        self.address = address
        firstKey = lines.first { $0.hasPrefix("API key 'default'") }.flatMap { $0.split(separator: " ").last.map(String.init) }
    }

    /// libfaketime's `faketime`, when installed.
    static let faketime: String? = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// True when the tests that move the service's wall clock can run (or must: `PLAYTIME_REQUIRE_FAKETIME=1`).
    static var canMoveWallClock: Bool { faketime != nil || ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_FAKETIME"] == "1" }

    /// A new state directory under the tests' temporary folder.
    static func scratch(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Sends one request on a connection of its own.
    func send(
        _ method: String, _ target: String, key: String?, json: String? = nil, body: [UInt8]? = nil, contentType: String? = nil,
        headers: [String: String] = [:], from source: String? = nil
    ) throws -> HTTPClientResponse {
        var fields = headers
        if let key { fields["authorization"] = "Bearer " + key }
        let bytes = json.map { Array($0.utf8) } ?? body ?? []
        if let type = contentType ?? (json != nil ? "application/json" : body != nil ? "application/octet-stream" : nil) { fields["content-type"] = type }
        let connection = try HTTPClientConnection(to: address, from: source.flatMap { SocketAddress(numericHost: $0, port: 0) })
        defer { connection.close() }
        return try connection.send(HTTPRequest(method: method, target: target, headers: fields, body: bytes), closing: true)
    }

    /// The JSON object of an answer.
    static func object(_ answer: HTTPClientResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.status) \(answer.text)")
    }

    /// A number from the metrics (the first sample whose line starts with `prefix`).
    func metric(_ prefix: String, key: String, from source: String? = nil) throws -> Double? {
        let text = try send("GET", "/v1/metrics", key: key, from: source).text
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            return line.split(separator: " ").last.flatMap { Double($0) }
        }
        return nil
    }

    /// The server process's peak resident memory (`VmHWM`), in bytes.
    var peakResidentBytes: Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// Its resident memory now (`VmRSS`), in bytes.
    var residentBytes: Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// The service's own process: the child's pid, or — under faketime, whose wrapper forks the program and waits —
    /// the wrapper's child.
    var serverPID: Int32 {
        let wrapper = child.process.processIdentifier
        guard wrapped, let text = try? String(contentsOfFile: "/proc/\(wrapper)/task/\(wrapper)/children", encoding: .utf8),
            let pid = text.split(separator: " ").first.flatMap({ Int32($0) })
        else { return wrapper }
        return pid
    }

    /// Sends `signal` to the service itself (not to a faketime wrapper around it).
    func signal(_ signal: Int32) {
        _ = kill(serverPID, signal)
    }

    /// SIGTERM, then waits for the exit: the status and every line.
    func terminate() -> (status: Int32, lines: [String]) {
        signal(SIGTERM)
        let lines = child.finish()
        return (child.exitStatus, lines)
    }

    /// SIGKILL, as a crash (the service and any wrapper), and waits for it to end.
    func crash() {
        let server = serverPID
        _ = kill(server, SIGKILL)
        child.killHard()
        _ = child.finish()
    }

    /// The access log's lines, parsed.
    func accessLog() throws -> [[String: Any]] {
        let text = (try? String(contentsOfFile: state + "/access.log", encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }
}
