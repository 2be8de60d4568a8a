import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeServer
import PlaytimeService
import PlaytimeTestSupport
import PropertyTesting
import Testing

/// The `/v1` operations in process, on a manual clock (docs/service.md): what a backend in any language sees.
@Suite("Service operations (in process, manual clock)")
struct ServiceSemanticsTests {
    let s: Int64 = 1_000_000_000

    @Test("An enrolled device away 2 h offline: the upload pays what the game showed; the same upload again repeats that payment, paying nothing more")
    func enrolledUploadOnce() async throws {
        let fixture = try ServiceFixture()
        let game = try fixture.game(enrollment: try fixture.enroll("ann"))
        #expect(try await game.launch() == nil)
        try fixture.contact(game, "ann")
        try game.background(goldPerHour: 600)
        try fixture.contact(game, "ann")
        fixture.clock.advance(nanoseconds: 7_200 * s)
        let shown = try #require(try await game.foreground())
        try fixture.contact(game, "ann")
        let bytes = try fixture.journal()
        let first = fixture.send("POST", "/v1/players/ann/uploads", body: bytes)
        #expect(first.status == 200, "\(String(decoding: first.body, as: UTF8.self))")
        let paid = try ServiceFixture.object(first)
        #expect(paid["gold"] as? Int64 == shown.goldNow, "\(paid)")
        #expect(shown.goldNow > 0)
        #expect(paid["repeated"] as? Bool == false)
        let again = try ServiceFixture.object(fixture.send("POST", "/v1/players/ann/uploads", body: bytes))
        #expect(again["repeated"] as? Bool == true)
        #expect(again["id"] as? String == paid["id"] as? String)
        #expect(again["gold"] as? Int64 == paid["gold"] as? Int64)
        let page = try ServiceFixture.object(fixture.send("GET", "/v1/players/ann/payments"))
        let payments = try #require(page["payments"] as? [[String: Any]])
        #expect(payments.count == 1, "\(page)")
        #expect(payments.first?["id"] as? String == paid["id"] as? String)
        let sessions = try #require(payments.first?["sessions"] as? [[String: Any]])
        #expect(sessions.first?["status"] as? String == "verified", "\(sessions)")
        #expect(sessions.first?["creditedSeconds"] as? Int64 ?? 0 >= 7_199, "\(sessions)")
    }

    @Test("A redemption retried after a lost answer returns the first payment (repeated, same id) on the file store; another ticket of the session is 409")
    func redemptionRetried() throws {
        let fixture = try ServiceFixture()
        let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/bo/tickets", json: #"{"session":"s1"}"#))
        let ticket = try #require(issued["ticket"] as? String)
        fixture.clock.advance(nanoseconds: 600 * s)
        let first = try ServiceFixture.object(fixture.send("POST", "/v1/players/bo/redemptions", json: #"{"ticket":"\#(ticket)"}"#))
        #expect(first["gold"] as? Int64 == 6_000, "\(first)")
        let again = try ServiceFixture.object(fixture.send("POST", "/v1/players/bo/redemptions", json: #"{"ticket":"\#(ticket)"}"#))
        #expect(again["repeated"] as? Bool == true)
        #expect(again["id"] as? String == first["id"] as? String)
        #expect(again["gold"] as? Int64 == 6_000)
        let other = try ServiceFixture.object(fixture.send("POST", "/v1/players/bo/tickets", json: #"{"session":"s1"}"#))
        fixture.clock.advance(nanoseconds: 60 * s)
        let refused = fixture.send("POST", "/v1/players/bo/redemptions", json: #"{"ticket":"\#(other["ticket"] as! String)"}"#)
        #expect(refused.status == 409)
        #expect(try ServiceFixture.object(refused)["code"] as? String == "already-redeemed")
        let payments = try #require(try ServiceFixture.object(fixture.send("GET", "/v1/players/bo/payments"))["payments"] as? [[String: Any]])
        #expect(payments.count == 1)
    }

    @Test("Who may call: 401 without a key or with an unknown one, 403 for a revoked one, the probes without one; a reload brings a new key in")
    func apiKeys() throws {
        let fixture = try ServiceFixture()
        let missing = fixture.send("POST", "/v1/players/a/enrollments", key: nil)
        #expect(missing.status == 401)
        #expect(missing.headers.contains { $0.name == "WWW-Authenticate" })
        #expect(fixture.send("POST", "/v1/players/a/enrollments", key: "ptk_not-a-key").status == 401)
        let revoked = fixture.send("POST", "/v1/players/a/enrollments", key: ServiceFixture.revokedKey)
        #expect(revoked.status == 403)
        #expect(try ServiceFixture.object(revoked)["code"] as? String == "key-revoked")
        #expect(fixture.send("GET", "/v1/health", key: nil).status == 200)
        #expect(fixture.send("GET", "/v1/ready", key: nil).status == 200)
        #expect(fixture.send("GET", "/v1/metrics", key: nil).status == 401)
        #expect(fixture.send("POST", "/v1/players/a/enrollments", key: "ptk_new").status == 401)
        var keys = fixture.service.currentKeys
        keys.entries.append(APIKeys.entry(name: "new", key: "ptk_new"))
        fixture.service.reload(keys)
        #expect(fixture.send("POST", "/v1/players/a/enrollments", key: "ptk_new").status == 200)
    }

    @Test("Enrolled journals by default: a journal under a shared key is 422 not-enrolled, and paid only in the legacy mode")
    func legacyMode() async throws {
        let keyBytes = Array("a journal key shared by every player".utf8)
        let key = try JournalKey(bytes: keyBytes)
        for legacy in [false, true] {
            let fixture = try ServiceFixture(legacyKey: legacy ? key : nil)
            var configuration = EarningsConfiguration(policy: .demo)
            configuration.clock = fixture.clock
            configuration.networkTime = fixture.network
            configuration.connectivityProbe = fixture.probe
            try FileManager.default.createDirectory(atPath: fixture.directory + "/shared", withIntermediateDirectories: true)
            try Data(keyBytes.map { String(format: "%02x", $0) }.joined().utf8).write(to: URL(fileURLWithPath: fixture.directory + "/shared/player.key"))
            let game = try OfflineEarnings(directory: fixture.directory + "/shared", configuration: configuration)
            _ = try await game.launch()
            try game.background(goldPerHour: 600)
            fixture.clock.advance(nanoseconds: 60 * s)
            _ = try await game.foreground()
            let answer = fixture.send("POST", "/v1/players/cy/uploads", body: try fixture.journal("shared"))
            if legacy {
                #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            } else {
                #expect(answer.status == 422)
                #expect(try ServiceFixture.object(answer)["code"] as? String == "not-enrolled")
            }
        }
    }

    @Test("Grants: 404 when off, 403 without or with a wrong ad network secret, 200 with it; the upload then pays the ad the game showed pending")
    func grants() async throws {
        let off = try ServiceFixture(grants: false)
        #expect(off.send("POST", "/v1/players/d/grants", json: #"{"session":"s","multiplier":"ad"}"#).status == 404)
        let fixture = try ServiceFixture()
        let game = try fixture.game(enrollment: try fixture.enroll("dee"))
        _ = try await game.launch()
        try fixture.contact(game, "dee")
        try game.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 120 * s)
        let shown = try #require(try await game.foreground(multipliers: ["ad"]))
        try fixture.contact(game, "dee")
        let body = #"{"session":"\#(shown.sessionID)","multiplier":"ad"}"#
        #expect(fixture.send("POST", "/v1/players/dee/grants", json: body).status == 403)
        #expect(fixture.send("POST", "/v1/players/dee/grants", json: body, headers: ["x-ad-network-secret": "wrong"]).status == 403)
        let unknown = fixture.send(
            "POST", "/v1/players/dee/grants", json: #"{"session":"s","multiplier":"gems"}"#,
            headers: ["x-ad-network-secret": ServiceFixture.adSecret])
        #expect(unknown.status == 422)
        #expect(fixture.send("POST", "/v1/players/dee/grants", json: body, headers: ["x-ad-network-secret": ServiceFixture.adSecret]).status == 200)
        let paid = try ServiceFixture.object(fixture.send("POST", "/v1/players/dee/uploads", body: try fixture.journal()))
        #expect(paid["gold"] as? Int64 == shown.goldNow + shown.goldPendingGrant, "\(paid)")
        #expect(shown.goldPendingGrant > 0)
    }

    @Test("listPayments pages: 5 payments, limit 2: pages of 2, 2 and 1 chained by next, each payment once, oldest first; bad queries are 400")
    func paging() throws {
        let fixture = try ServiceFixture()
        var ids: [String] = []
        for index in 0..<5 {
            let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/pia/tickets", json: #"{"session":"s\#(index)"}"#))
            fixture.clock.advance(nanoseconds: 120 * s)
            let paid = try ServiceFixture.object(fixture.send("POST", "/v1/players/pia/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#))
            ids.append(try #require(paid["id"] as? String))
        }
        var seen: [String] = []
        var after: Int64 = 0
        var pages: [Int] = []
        while true {
            let page = try ServiceFixture.object(fixture.send("GET", "/v1/players/pia/payments?limit=2&after=\(after)"))
            let payments = try #require(page["payments"] as? [[String: Any]])
            pages.append(payments.count)
            seen += payments.compactMap { $0["id"] as? String }
            guard let next = page["next"] as? Int64 else {
                #expect(page["next"] is NSNull, "\(page)")
                break
            }
            after = next
        }
        #expect(pages == [2, 2, 1])
        #expect(seen == ids)
        for query in ["limit=0", "limit=501", "after=-1", "after=x", "page=2", "limit=2&limit=3"] {
            #expect(fixture.send("GET", "/v1/players/pia/payments?\(query)").status == 400, "\(query)")
        }
    }

    @Test("Bad input is never a 5xx: every refusal is a problem document whose code docs/openapi.json lists (seeded random requests)")
    func badInputIsAProblem() throws {
        let fixture = try ServiceFixture()
        let codes = Set(try OpenAPIDocument.load().problemCodes)
        var generator = SplitMix64(seed: 20_261_204)
        print("badInputIsAProblem: seed 20261204")
        let targets = [
            "/v1/players/p/enrollments", "/v1/players/p/anchors", "/v1/players/p/tickets", "/v1/players/p/redemptions",
            "/v1/players/p/uploads", "/v1/players/p/grants", "/v1/players/p/payments", "/v1/health", "/v1/metrics", "/v1/players/%ZZ/tickets",
            "/v1/players/%C3%28/tickets", "/v1/players//tickets", "/v2/health", "/v1/players/\(String(repeating: "x", count: 65))/tickets", "/",
        ]
        let bodies = [
            "", "{}", "[]", "null", #"{"session":""}"#, #"{"session":"a b"}"#, #"{"session":"s","session":"t"}"#, #"{"ticket":"pt1.x.y"}"#,
            #"{"request":"pr1.zz"}"#, #"{"request":5}"#, "{\"session\":\"s\u{0}\"}", "not json", #"{"multiplier":"ad","session":"s","x":1}"#,
        ]
        for _ in 0..<400 {
            let target = targets[Int(generator.next() % UInt64(targets.count))]
            let method = ["GET", "POST", "PUT", "DELETE"][Int(generator.next() % 4)]
            let body = bodies[Int(generator.next() % UInt64(bodies.count))]
            let type = ["application/json", "text/plain", "application/octet-stream", nil][Int(generator.next() % 4)]
            let key = generator.next() % 5 == 0 ? nil : ServiceFixture.key
            let answer = fixture.send(method, target, body: Array(body.utf8), contentType: type ?? "", key: key)
            #expect(answer.status < 500, "\(method) \(target) \(body): \(answer.status)")
            if answer.status >= 400 {
                #expect(answer.contentType == "application/problem+json")
                let code = try ServiceFixture.object(answer)["code"] as? String ?? "?"
                #expect(codes.contains(code), "\(method) \(target) \(body): code \(code) is not in the document")
            }
        }
    }

    @Test("Metrics: requests by operation and status, gold paid once (not again for a repeat), refusals by code, in the Prometheus text format")
    func metrics() throws {
        let fixture = try ServiceFixture()
        let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/m/tickets", json: #"{"session":"s"}"#))
        fixture.clock.advance(nanoseconds: 60 * s)
        for _ in 0..<2 { _ = fixture.send("POST", "/v1/players/m/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#) }
        _ = fixture.send("POST", "/v1/players/m/tickets", json: "{", key: ServiceFixture.key)
        // The in-process harness counts nothing by itself: the HTTP layer's completion does; stand in for it.
        let text = String(decoding: fixture.send("GET", "/v1/metrics").body, as: UTF8.self)
        #expect(text.contains("# TYPE playtime_gold_paid_total counter"))
        #expect(text.contains(#"playtime_gold_paid_total{operation="redeemTicket"} 600"#), "\(text)")
        #expect(text.contains("# TYPE playtime_http_request_duration_seconds histogram"))
        #expect(text.contains(#"playtime_sessions_total{status="verified"} 1"#), "\(text)")
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2, "not a sample line: \(line)")
        }
    }
}
