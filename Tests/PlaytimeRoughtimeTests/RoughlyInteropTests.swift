import Foundation
import PlaytimeCrypto
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeRoughtime

/// The real Roughtime server `roughly` (PyPI) on loopback, started by scripts/test.sh: PLAYTIME_ROUGHLY_SERVER
/// (honest) and PLAYTIME_ROUGHLY_GREASE_SERVER (every answer invalid), each `127.0.0.1:PORT=KEY`.
/// Without them these tests skip, unless PLAYTIME_REQUIRE_ROUGHLY=1 (CI), which turns a skip into a failure.
enum Roughly {
    static var required: Bool { ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_ROUGHLY"] == "1" }

    /// The configured server, or nil (recording an issue when it is required).
    static func server(_ variable: String) -> RoughtimeServer? {
        guard let text = ProcessInfo.processInfo.environment[variable] else {
            #expect(!required, "PLAYTIME_REQUIRE_ROUGHLY=1 but \(variable) is not set (run scripts/test.sh with roughly installed)")
            return nil
        }
        do { return try RoughtimeServer(parsing: text) } catch {
            Issue.record("\(variable)=\(text): \(error)")
            return nil
        }
    }
}

@Suite("Interop with the real roughly server on loopback")
struct RoughlyInteropTests {
    @Test("An honest roughly answer verifies: version 1, RADI 1, MIDP within the query's span ± RADI")
    func honest() async throws {
        guard let server = Roughly.server("PLAYTIME_ROUGHLY_SERVER") else { return }
        let before = unixNow()
        let result = await RoughtimeClient(servers: [server]).query(firstNonce: randomNonce())
        #expect(result.status == .verified, "\(String(describing: result.answers.first?.outcome))")
        let time = try #require(result.answers.first?.time)
        #expect(time.version == RoughtimeVersion.one)
        #expect(time.radiusSeconds == 1)
        let now = unixNow()
        // The server processed the request between `before` and `now` (whole seconds: allow one more).
        #expect(time.midpointSeconds <= now + UInt64(time.radiusSeconds) + 1 && before <= time.midpointSeconds + UInt64(time.radiusSeconds) + 1)
        let midpoint = try #require(result.midpointSeconds)
        let radius = try #require(result.radiusSeconds)
        #expect(midpoint <= now + UInt64(radius) && now <= midpoint + UInt64(radius))
    }

    @Test("roughly speaks the draft number too: offering only 0x8000000c verifies with the drafts' contexts")
    func draftVersion() async throws {
        guard let server = Roughly.server("PLAYTIME_ROUGHLY_SERVER") else { return }
        let nonce = randomNonce()
        let request = RoughtimeRequest.make(nonce: nonce, versions: [RoughtimeVersion.draft], serverKey: server.publicKey)
        let address = try #require(SocketAddress(numericHost: server.host, port: server.port))
        guard
            case .reply(let datagram, _, _, _) = SocketRoughtimeTransport.exchangeBlocking(
                request, nonce: nonce, addresses: [address], timeoutNanoseconds: 1_000_000_000)
        else {
            Issue.record("no answer")
            return
        }
        #expect(RoughtimeVerifier.verify(request: request, response: datagram, publicKey: server.publicKey).map(\.version) == .success(RoughtimeVersion.draft))
    }

    /// roughly greases by applying 1–4 of: add an undefined tag, remove a tag, change MIDP (signature left
    /// stale), change the version (re-signed). An answer greased only with an undefined tag is valid and
    /// carries the true time, and clients must accept it (draft-19 §7); so is one whose greasers all failed (roughly then
    /// sends it plain). Every verified answer must carry the true time.
    @Test("Greased roughly answers: each one refused, or valid with an undefined tag and the true time")
    func grease() async throws {
        guard let server = Roughly.server("PLAYTIME_ROUGHLY_GREASE_SERVER") else { return }
        let client = RoughtimeClient(servers: [server], timeoutNanoseconds: 1_000_000_000)
        var refused = 0
        for _ in 0..<12 {
            let before = unixNow()
            let result = await client.query(firstNonce: randomNonce())
            let answer = try #require(result.answers.first)
            guard let time = answer.time else {
                refused += 1
                #expect(result.midpointSeconds == nil)
                continue
            }
            // A verified answer is one whose grease left it valid: an undefined tag added, or no grease at all —
            // roughly reverts a greaser that fails, and when every one it chose failed it sends the plain answer
            // (a fresh CI run met one with no undefined tag). Whatever happened, a verified answer tells the true time.
            let now = unixNow()
            #expect(time.midpointSeconds <= now + UInt64(time.radiusSeconds) + 1 && before <= time.midpointSeconds + UInt64(time.radiusSeconds) + 1)
        }
        // Each answer is valid with probability 1/16; twelve valid in a row would be a bug, not luck.
        #expect(refused > 0)
    }

    @Test("A roughly answer checked under another key, or tampered on the path, is refused")
    func wrongKeyAndTampering() async throws {
        guard let server = Roughly.server("PLAYTIME_ROUGHLY_SERVER") else { return }
        var wrong = server
        wrong.publicKey = FakeRoughtimeResponder(seed: [UInt8](repeating: 5, count: 32)).publicKey
        // roughly ignores a request whose SRV names a key it does not hold (§5.2), so there is no answer.
        let refused = await RoughtimeClient(servers: [wrong], timeoutNanoseconds: 500_000_000).query(firstNonce: randomNonce())
        #expect(refused.status == .untrustworthy(.noAnswer))
        #expect(refused.midpointSeconds == nil)
        let upstream = try #require(SocketAddress(numericHost: server.host, port: server.port))
        // Offsets into roughly's 440-byte answer: the SIG value, the SREP's MIDP region, the CERT's DELE.
        for offset in [12 + 60, 12 + 200, 12 + 380] {
            let proxy = try FakeRoughtimeProxy(upstream: upstream, offset: offset)
            defer { proxy.stop() }
            let tampered = RoughtimeServer(host: "127.0.0.1", port: proxy.address.port, publicKey: server.publicKey)
            let result = await RoughtimeClient(servers: [tampered], timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
            #expect(result.status == .untrustworthy(.rejected), "offset \(offset): \(String(describing: result.answers.first?.outcome))")
        }
    }

    @Test("A chain of roughly and a fake server agrees and verifies")
    func chainWithFake() async throws {
        guard let server = Roughly.server("PLAYTIME_ROUGHLY_SERVER") else { return }
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let result = await RoughtimeClient(servers: [server, fake.server, server]).query(firstNonce: randomNonce())
        #expect(result.status == .verified)
        #expect(result.answers.allSatisfy { $0.time != nil })
    }
}
