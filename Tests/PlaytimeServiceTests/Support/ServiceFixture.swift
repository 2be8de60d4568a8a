import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeHTTP
@_spi(Testing) import PlaytimeServer
import PlaytimeService
import PlaytimeTestSupport
import Testing

/// The service in process (``Service`` answering ``HTTPRequest`` values, no socket) on an ``EarningsServer`` whose
/// clock is a ``ManualClock``, and a game (``OfflineEarnings``) on the same clock: time is a value the test
/// advances; nothing sleeps.
final class ServiceFixture: @unchecked Sendable {
    let directory: String
    let clock = ManualClock()
    let network: ManualNetworkTimeSource
    let probe = ScriptedConnectivityProbe()
    private(set) var service: Service
    private(set) var server: EarningsServer
    private let policy: RewardPolicy
    private let legacyKey: JournalKey?
    private let grants: Bool
    private let configure: @Sendable (inout ServerConfiguration) -> Void
    /// The backend's key, in force, and one revoked.
    static let key = "ptk_the-backend-key-of-the-test"
    static let revokedKey = "ptk_an-old-key-revoked-since"
    static let adSecret = "the ad network's secret, 32 b."
    static let secret = Array("the service secret of the test server".utf8)

    init(
        policy: RewardPolicy = .demo, legacyKey: JournalKey? = nil, grants: Bool = true,
        configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        directory = NSTemporaryDirectory() + "playtime-service-" + UUID().uuidString
        network = ManualNetworkTimeSource(clock: clock)
        self.policy = policy
        self.legacyKey = legacyKey
        self.grants = grants
        self.configure = configure
        (server, service) = try Self.open(directory: directory, clock: clock, policy: policy, legacyKey: legacyKey, grants: grants, configure: configure)
    }

    /// A new server process on the same state (the stores are files: what was paid stays paid).
    func restart() throws {
        (server, service) = try Self.open(directory: directory, clock: clock, policy: policy, legacyKey: legacyKey, grants: grants, configure: configure)
    }

    private static func open(
        directory: String, clock: ManualClock, policy: RewardPolicy, legacyKey: JournalKey?, grants: Bool,
        configure: (inout ServerConfiguration) -> Void
    ) throws -> (EarningsServer, Service) {
        var configuration = ServerConfiguration()
        configuration.clock = clock
        configure(&configuration)
        let server = try EarningsServer(store: directory + "/state", ticketSecret: Self.secret, policy: policy, configuration: configuration)
        let keys = APIKeys(entries: [
            APIKeys.entry(name: "backend", key: Self.key),
            {
                var old = APIKeys.entry(name: "old", key: Self.revokedKey)
                old.revoked = true
                return old
            }(),
        ])
        let state = ServiceState(
            server: server, apiKeysPath: directory + "/api-keys", adNetworkSecret: grants ? Array(Self.adSecret.utf8) : nil,
            legacyJournalKey: legacyKey)
        let service = Service(
            state: state, keys: keys, metrics: ServiceMetrics(), log: AccessLog(descriptor: nil), version: "test",
            uploadLimit: 32 << 20)
        return (server, service)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// What the HTTP layer would answer: the head admitted (or answered), the body read within the limit, the answer.
    func send(
        _ method: String, _ target: String, json: String? = nil, body: [UInt8]? = nil, contentType: String? = nil,
        key: String? = ServiceFixture.key, headers: [String: String] = [:]
    ) -> HTTPResponse {
        var fields = headers
        if let key { fields["authorization"] = "Bearer " + key }
        let bytes = json.map { Array($0.utf8) } ?? body ?? []
        if let type = contentType ?? (json != nil ? "application/json" : body != nil ? "application/octet-stream" : nil) {
            fields["content-type"] = type
        }
        let head = HTTPRequestHead(method: method, target: target, headers: fields, contentLength: bytes.count)
        let connection = HTTPConnectionInfo(peer: nil, client: "127.0.0.1")
        switch service.admit(head, on: connection) {
        case .answer(let answer):
            return answer.response
        case .readBody(let limit, let tag):
            guard bytes.count <= limit else { return Problem(413, "too-large", "over the limit").response }
            var request = HTTPRequest(head: head, body: bytes)
            request.tag = tag
            return service.respond(to: request, on: connection).response
        }
    }

    /// The JSON object of an answer.
    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(String(decoding: response.body, as: UTF8.self))")
    }

    /// A game on the fixture's clock, enrolled with `enrollment` (the text the service answered).
    func game(enrollment text: String, directory name: String = "game") throws -> OfflineEarnings {
        var configuration = EarningsConfiguration(policy: .demo)
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
        configuration.enrollment = try #require(Enrollment(text: text))
        return try OfflineEarnings(directory: directory + "/" + name, configuration: configuration)
    }

    /// Enrolls `player` through the service: the enrollment text.
    func enroll(_ player: String) throws -> String {
        let answer = send("POST", "/v1/players/\(player)/enrollments")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        return try #require(try Self.object(answer)["enrollment"] as? String)
    }

    /// One contact of `game` with the service: its anchor request, 20 ms each way, the anchor recorded.
    @discardableResult
    func contact(_ game: OfflineEarnings, _ player: String) throws -> [AwayPayout] {
        let request = game.anchorRequest()
        clock.advance(nanoseconds: 20_000_000)
        let answer = send("POST", "/v1/players/\(player)/anchors", json: #"{"request":"\#(request.text)"}"#)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let token = try #require(try Self.object(answer)["anchor"] as? String)
        clock.advance(nanoseconds: 20_000_000)
        return try game.recordAnchor(token, for: request)
    }

    /// The journal of the game in `name`, as it would be uploaded.
    func journal(_ name: String = "game") throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: directory + "/" + name + "/journal.jsonl")))
    }
}
