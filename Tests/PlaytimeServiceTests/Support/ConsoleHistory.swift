import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeTestSupport
import Testing

/// The support console's seeded history (issue 31): one player, six cases a support person is asked about, made by
/// real games (``OfflineEarnings``) against the service in process on a manual clock — its file stores are then
/// served by the built binary (``ConsoleServer``). Nothing waits for time: the clock is moved by hand.
///
/// 1. an honest night (device A, 8 h, network time);
/// 2. a replayed upload: device A's older copy sent after the newer one (rejected, pays nothing) and the newer one
///    sent again (answered as the same payment);
/// 3. a moved clock (device C: the wall clock set 5 h ahead while away 1 h: paid for 1 h);
/// 4. a ticket that covered part of an upload (device D away 70 min, a ticket of the same player over 60 of them:
///    the demo policy pays at most 1 h, of which only 10 min are not the ticket's);
/// 5. a pending ad then granted (device E: the upload pays without the ad, the grant arrives, the next upload pays it);
/// 6. a reboot settled later (device F: rebooted without network, provisional with escrow, settled by the next
///    contact and paid by the next upload).
enum ConsoleHistory {
    static let s: Int64 = 1_000_000_000
    static let player = "ann"

    /// Seeds `fixture` (whose stores are files in `fixture.directory/state`).
    static func seed(_ fixture: ServiceFixture) async throws {
        let p = player
        // 1. An honest night.
        let a = try fixture.game(enrollment: try fixture.enroll(p), directory: "device-a")
        _ = try await a.launch()
        try fixture.contact(a, p)
        try a.background(goldPerHour: 600)
        try fixture.contact(a, p)
        fixture.clock.advance(nanoseconds: 8 * 3_600 * s)
        _ = try await a.foreground()
        let older = try fixture.journal("device-a")
        try fixture.contact(a, p)
        let newer = try fixture.journal("device-a")
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: newer))
        // 2. A replayed upload: the older copy (a rollback, pays nothing), and the newer one again (the same payment).
        fixture.clock.advance(nanoseconds: 60 * s)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: older))
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: newer))

        // 3. A moved clock: away 1 h, the device's wall clock set 5 h ahead meanwhile (and back before it talks to us).
        fixture.clock.advance(nanoseconds: 600 * s)
        let c = try fixture.game(enrollment: try fixture.enroll(p), directory: "device-c")
        _ = try await c.launch()
        try fixture.contact(c, p)
        try c.background(goldPerHour: 600)
        try fixture.contact(c, p)
        fixture.clock.advance(nanoseconds: 3_600 * s)
        fixture.clock.setWall(byAdding: 5 * 3_600 * s)
        fixture.network.wallMoved(by: 5 * 3_600 * s)
        _ = try await c.foreground()
        fixture.clock.setWall(byAdding: -5 * 3_600 * s)
        fixture.network.wallMoved(by: -5 * 3_600 * s)
        try fixture.contact(c, p)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-c")))

        // 4. A ticket over 2 h of device D's 3 h away.
        fixture.clock.advance(nanoseconds: 600 * s)
        let d = try fixture.game(enrollment: try fixture.enroll(p), directory: "device-d")
        _ = try await d.launch()
        try fixture.contact(d, p)
        try d.background(goldPerHour: 600)
        try fixture.contact(d, p)
        fixture.clock.advance(nanoseconds: 300 * s)
        let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/\(p)/tickets", json: #"{"session":"web-visit-1"}"#))
        fixture.clock.advance(nanoseconds: 3_600 * s)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#))
        fixture.clock.advance(nanoseconds: 300 * s)
        _ = try await d.foreground()
        try fixture.contact(d, p)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-d")))

        // 5. A pending ad, then granted.
        fixture.clock.advance(nanoseconds: 600 * s)
        let e = try fixture.game(enrollment: try fixture.enroll(p), directory: "device-e")
        _ = try await e.launch()
        try fixture.contact(e, p)
        try e.background(goldPerHour: 600)
        try fixture.contact(e, p)
        fixture.clock.advance(nanoseconds: 3_600 * s)
        let shown = try #require(try await e.foreground(multipliers: ["ad"]))
        try fixture.contact(e, p)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-e")))
        fixture.clock.advance(nanoseconds: 30 * s)
        let grant = fixture.send(
            "POST", "/v1/players/\(p)/grants", json: #"{"session":"\#(shown.sessionID)","multiplier":"ad"}"#,
            headers: ["x-ad-network-secret": ServiceFixture.adSecret])
        #expect(grant.status == 200, "\(String(decoding: grant.body, as: UTF8.self))")
        try fixture.contact(e, p)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-e")))

        // 6. A reboot while away without network: provisional, the rest in escrow; settled by the next contact.
        fixture.clock.advance(nanoseconds: 600 * s)
        let enrollment = try fixture.enroll(p)
        var f: OfflineEarnings? = try fixture.game(enrollment: enrollment, directory: "device-f")
        _ = try await f!.launch()
        try fixture.contact(f!, p)
        try f!.background(goldPerHour: 600)
        f = nil
        fixture.network.set(.unreachable)
        fixture.clock.reboot(newBootID: "boot-F2", downtimeNanoseconds: 2 * 3_600 * s - 300 * s, uptimeNanoseconds: 300 * s)
        f = try fixture.game(enrollment: enrollment, directory: "device-f")
        _ = try await f!.launch()
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-f")))
        fixture.clock.advance(nanoseconds: 60 * s)
        fixture.network.set(.answer)
        try fixture.contact(f!, p)
        try expectPaid(fixture.send("POST", "/v1/players/\(p)/uploads", body: try fixture.journal("device-f")))
    }

    private static func expectPaid(_ answer: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))", sourceLocation: sourceLocation)
    }
}

/// The built `playtime-server` on the state a ``ServiceFixture`` wrote, with an operator key made by
/// `playtime-server operators add support` (the way an operator makes one).
final class ConsoleServer {
    let process: ServiceProcess
    let operatorKey: String
    let backendKey: String

    /// Starts the binary on `fixture`'s file stores (same policy, demo) with a new operator key named `support`.
    init(on fixture: ServiceFixture) throws {
        let state = fixture.directory + "/state"
        let binary = try BuiltBinary.path("playtime-server")
        let add = try ChildProcess(binary, ["operators", "add", "support", "--state", state])
        let lines = add.finish()
        #expect(add.exitStatus == 0, "\(lines) \(add.standardError)")
        operatorKey = try #require(lines.first { $0.contains("pto_") }?.split(separator: " ").last.map(String.init), "\(lines)")
        #expect(operatorKey.hasPrefix("pto_"))
        process = try ServiceProcess(state: state, ["--policy", "demo"])
        backendKey = try #require(process.firstKey)
    }

    /// The JSON object of a console look-up with the operator key.
    func look(_ target: String) throws -> [String: Any] {
        let answer = try process.send("GET", target, key: operatorKey)
        #expect(answer.status == 200, "\(target): \(answer.status) \(answer.text)")
        return try ServiceProcess.object(answer)
    }

    /// Every payment of `player` by listPayments (the backends' operation), page by page.
    func listPayments(_ player: String) throws -> [[String: Any]] {
        var all: [[String: Any]] = []
        var after: Int64 = 0
        while true {
            let page = try ServiceProcess.object(
                try process.send("GET", "/v1/players/\(PlayerPath.encode(player))/payments?limit=500&after=\(after)", key: backendKey))
            all += try #require(page["payments"] as? [[String: Any]])
            guard let next = page["next"] as? Int64 else { return all }
            after = next
        }
    }

    private var stopped = false

    /// SIGTERM, once: the access log is written out (its lines are flushed every 100 ms and at the stop).
    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = process.terminate()
    }

    deinit { stop() }
}
