import Foundation
import PlaytimeHTTP
import PlaytimeTestSupport
import Testing

/// The support console against the built binary (issue 31; docs/service.md, "Support console"): its own operator
/// key, the page without data, read-only look-ups whose figures are listPayments', logged under the operator's name.
@Suite("Support console (the built binary)")
struct ConsoleBinaryTests {
    /// The player id a hostile game backend could pass through: HTML and script.
    static let hostile = #"<script>alert("x")</script><img src=x onerror=alert(1)>&"#

    /// The seeded history, plus one ticket paid to the hostile player id.
    static func seeded() async throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        try await ConsoleHistory.seed(fixture)
        let path = "/v1/players/\(PlayerPath.encode(hostile))"
        let issued = try ServiceFixture.object(fixture.send("POST", path + "/tickets", json: #"{"session":"hostile-1"}"#))
        fixture.clock.advance(nanoseconds: 1_800 * ConsoleHistory.s)
        #expect(fixture.send("POST", path + "/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#).status == 200)
        return fixture
    }

    @Test(
        "The page holds no data and allows only its own script; look-ups are 401 without a key and with a backend's key, 200 with the operator key; the operator key opens no backend operation"
    )
    func access() async throws {
        let fixture = try await Self.seeded()
        let console = try ConsoleServer(on: fixture)
        let page = try console.process.send("GET", "/console", key: nil)
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("default-src 'none'"), "\(policy)")
        #expect(!page.text.contains("paidAt") && !page.text.contains("web-visit-1"), "the page carries no data")
        #expect(page.text.contains(#"<script src="/console/app.js" defer></script>"#))
        #expect(!page.text.contains("<script>"), "no inline script")
        let script = try console.process.send("GET", "/console/app.js", key: nil)
        #expect(script.status == 200 && script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(try console.process.send("GET", "/console/app.css", key: nil).status == 200)

        for target in ["/v1/console/players/ann", "/v1/console/players/ann/export", "/v1/console/sessions/web-visit-1"] {
            let none = try console.process.send("GET", target, key: nil)
            #expect(none.status == 401, "\(target) without a key: \(none.status)")
            #expect(!none.text.contains("\"payments\""), "no data without the key")
            let backend = try console.process.send("GET", target, key: console.backendKey)
            #expect(backend.status == 401, "\(target) with a backend key: \(backend.status)")
            #expect(try ServiceProcess.object(backend)["code"] as? String == "unauthorized")
            #expect(try console.process.send("GET", target, key: console.operatorKey).status == 200, "\(target)")
        }
        #expect(
            try console.process.send("GET", "/v1/players/ann/payments", key: console.operatorKey).status == 401,
            "an operator key is not a backend key")
        #expect(try console.process.send("POST", "/v1/console/players/ann", key: console.operatorKey).status == 405, "read-only")
    }

    @Test("The look-up and the export are listPayments' records, figure for figure; the export is JSON Lines; the session search finds the ticket")
    func figuresAreListPayments() async throws {
        let fixture = try await Self.seeded()
        let console = try ConsoleServer(on: fixture)
        let listed = try console.listPayments(ConsoleHistory.player)
        #expect(listed.count >= 8, "\(listed.count) payments seeded")
        let looked = try console.look("/v1/console/players/ann")
        let payments = try #require(looked["payments"] as? [[String: Any]])
        #expect(payments.map { NSDictionary(dictionary: $0) } == listed.map { NSDictionary(dictionary: $0) })
        let export = try console.process.send("GET", "/v1/console/players/ann/export", key: console.operatorKey)
        #expect(export.status == 200 && export.headers["content-type"] == "application/jsonl")
        let lines = export.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "every line ends with a newline")
        let exported = try lines.dropLast().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(exported.map { NSDictionary(dictionary: $0) } == listed.map { NSDictionary(dictionary: $0) })

        // The seeded cases are there as the console shows them.
        let sessions = listed.flatMap { ($0["sessions"] as? [[String: Any]]) ?? [] }
        #expect(listed.contains { ($0["upload"] as? [String: Any])?["outcome"] as? String == "rejected" }, "the older copy replayed")
        #expect(sessions.contains { $0["status"] as? String == "provisional" && ($0["escrowGold"] as? Int64 ?? 0) > 0 }, "the reboot's escrow")
        #expect(sessions.contains { ($0["coveredGold"] as? Int64 ?? 0) > 0 }, "the ticket's cover: \(sessions.map { $0["coveredGold"] ?? "-" })")
        #expect(sessions.contains { ($0["pendingMultipliers"] as? [String]) == ["ad"] }, "the ad pending")
        #expect(sessions.contains { ($0["appliedMultipliers"] as? [String]) == ["ad"] }, "the ad granted")
        let budget = try #require(looked["budget"] as? [String: Any])
        #expect(budget["limitGold"] as? Int64 == 1_000_000)
        #expect(((looked["devices"] as? [[String: Any]]) ?? []).count == 5, "\(looked["devices"] ?? [])")

        let found = try console.look("/v1/console/sessions/web-visit-1")
        let hits = try #require(found["payments"] as? [[String: Any]])
        #expect(hits.count == 1 && hits.first?["kind"] as? String == "redemption" && hits.first?["player"] as? String == "ann")
        #expect((try console.look("/v1/console/sessions/no-such-session")["payments"] as? [Any])?.isEmpty == true)
        #expect(try console.process.send("GET", "/v1/console/sessions/a%20b", key: console.operatorKey).status == 400)
    }

    @Test("A player id with HTML and script is data: looked up exactly, in JSON; the access log names the operator key, never the key itself")
    func hostileIdAndAccessLog() async throws {
        let fixture = try await Self.seeded()
        let console = try ConsoleServer(on: fixture)
        let looked = try console.look("/v1/console/players/\(PlayerPath.encode(Self.hostile))")
        #expect(looked["player"] as? String == Self.hostile)
        #expect((looked["payments"] as? [[String: Any]])?.count == 1)
        _ = try console.look("/v1/console/sessions/web-visit-1")
        _ = try console.process.send("GET", "/v1/console/players/ann", key: console.backendKey)
        console.stop()
        let log = try console.process.accessLog()
        let lookUps = log.filter { ($0["operation"] as? String)?.hasPrefix("console") == true && $0["status"] as? Int == 200 }
        let named = lookUps.filter { $0["operation"] as? String != "consolePage" }
        #expect(named.count == 2, "\(lookUps)")
        #expect(named.allSatisfy { $0["operator"] as? String == "support" }, "\(named)")
        #expect(named.contains { $0["player"] as? String == Self.hostile })
        #expect(named.contains { $0["session"] as? String == "web-visit-1" })
        #expect(log.contains { $0["operation"] as? String == "consolePlayer" && $0["status"] as? Int == 401 && $0["operator"] == nil })
        let text = try String(contentsOfFile: console.process.state + "/access.log", encoding: .utf8)
        #expect(!text.contains(console.operatorKey) && !text.contains("pto_"), "no key in the log")
    }
}
