import Foundation
import PlaytimeCrypto
import PlaytimeHTTP
import PlaytimeSystem
import PlaytimeTestSupport

/// A running `playtime-server` on loopback for the fleet tests, its API keys file written by the test (so the key is
/// known before it starts).
final class FleetServiceProcess: @unchecked Sendable {
    /// The backend key every fleet test server accepts.
    static let key = "ptk_fleet-test-backend-key"
    let child: ChildProcess
    let address: SocketAddress

    /// Starts the service on `state` with `arguments`.
    init(state: String, _ arguments: [String]) throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let keys = "backend sha256:" + Hex.encode(SHA256.hash(Array(Self.key.utf8))) + "\n"
        try keys.write(toFile: state + "/api-keys", atomically: true, encoding: .utf8)
        child = try ChildProcess(
            try BuiltBinary.path("playtime-server"),
            ["--listen", "127.0.0.1:0", "--state", state, "--access-log", "off", "--max-connections-per-client", "0"] + arguments)
        let first = child.wait { lines in lines.contains { $0.hasPrefix("serving: ") } }.first ?? ""
        guard let range = first.range(of: " listening on 127.0.0.1:"), let port = UInt16(first[range.upperBound...]),
            let address = SocketAddress(numericHost: "127.0.0.1", port: port)
        else {
            child.killHard()
            throw FleetTestError("playtime-server did not start: '\(first)' \(child.standardError)")
        }
        self.address = address
    }

    /// One request (with the backend key, or `key`); the status and the body's JSON object (empty when none).
    func call(
        _ method: String, _ target: String, json: String? = nil, body: [UInt8]? = nil,
        key: String = FleetServiceProcess.key
    ) throws -> (status: Int, object: [String: Any], text: String) {
        var headers = ["authorization": "Bearer " + key]
        if json != nil { headers["content-type"] = "application/json" }
        if body != nil { headers["content-type"] = "application/octet-stream" }
        let answer = try HTTPClient.send(
            HTTPRequest(method: method, target: target, headers: headers, body: json.map { Array($0.utf8) } ?? body ?? []),
            to: address, timeoutNanoseconds: 20_000_000_000)
        let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any] ?? [:]
        return (answer.status, object, answer.text)
    }

    func stop() {
        child.killHard()
        _ = child.finish()
    }
}
