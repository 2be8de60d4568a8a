import Foundation
import PlaytimeHTTP
@_spi(Testing) import PlaytimeServer
import PlaytimeService
import PlaytimeTestSupport
import Testing

/// The service decides what is paid, not the request (docs/service.md, docs/tickets.md): fields a client must not
/// set are refused, ids are bytes, a session is paid once across tickets and uploads, the daily budget holds across a
/// restart, and an upload must extend what was accepted before.
@Suite("The service decides what is paid (in process, manual clock)")
struct ServiceDecisionTests {
    let s: Int64 = 1_000_000_000

    /// The repository's sample journal, under the public demo key (a shared key: the legacy mode).
    static func sample() throws -> (journal: [UInt8], key: JournalKey) {
        let samples = OpenAPIDocument.repository.appendingPathComponent("Examples/Samples")
        let journal = Array(try Data(contentsOf: samples.appendingPathComponent("sample-journal.jsonl")))
        return (journal, try KeyFile.load(path: samples.appendingPathComponent("demo.key").path))
    }

    @Test("Request fields the server decides (a rate, multipliers), a key given twice (also escaped), a value of the wrong kind: 400, nothing issued or paid")
    func hostileFields() throws {
        let fixture = try ServiceFixture()
        let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/tickets", json: #"{"session":"s1"}"#))
        let ticket = try #require(issued["ticket"] as? String)
        let hostile: [(String, String, String)] = [
            ("/v1/players/eve/tickets", #"{"session":"x","rate":1000000000000}"#, "unknown field 'rate'"),
            ("/v1/players/eve/tickets", #"{"session":"x","session":"y"}"#, "duplicate key 'session'"),
            ("/v1/players/eve/tickets", #"{"session":"x","sess\u0069on":"y"}"#, "duplicate key 'session'"),
            ("/v1/players/eve/tickets", #"{"session":{"id":"x"}}"#, "must be a string"),
            ("/v1/players/bob/redemptions", #"{"ticket":"\#(ticket)","multipliers":["ad","ad"]}"#, "unknown field 'multipliers'"),
            ("/v1/players/bob/redemptions", #"{"ticket":"\#(ticket)","ticket":"\#(ticket)"}"#, "duplicate key 'ticket'"),
            ("/v1/players/bob/redemptions", #"{"ticket":"\#(ticket)",}"#, "not valid JSON"),
        ]
        for (path, json, message) in hostile {
            let answer = fixture.send("POST", path, json: json)
            #expect(answer.status == 400, "\(json) → \(answer.status)")
            #expect(
                (try ServiceFixture.object(answer)["detail"] as? String)?.contains(message) == true, "\(json) → \(String(decoding: answer.body, as: UTF8.self))"
            )
        }
        let page = try ServiceFixture.object(fixture.send("GET", "/v1/players/bob/payments"))
        #expect((page["payments"] as? [Any])?.isEmpty == true)
    }

    @Test("Player ids are bytes: a ticket issued to NFD café is not redeemed by NFC café (equal Swift strings, other bytes)")
    func idsAreBytes() throws {
        let fixture = try ServiceFixture()
        let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/cafe%CC%81/tickets", json: #"{"session":"s"}"#))
        fixture.clock.advance(nanoseconds: 60 * s)
        let answer = fixture.send("POST", "/v1/players/caf%C3%A9/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#)
        #expect(answer.status == 422)
        #expect(try ServiceFixture.object(answer)["code"] as? String == "other-player")
    }

    @Test(
        "A per-player rate over the daily budget: paid up to the budget, the rest withheld; another ticket of the session 409; after a restart the budget is still spent"
    )
    func budgetAcrossRestart() throws {
        // bob earns 2 000 000 gold a second by the server's own configuration; the demo budget is 1 000 000 a day.
        let fixture = try ServiceFixture { configuration in
            configuration.rates = PlayerRates(defaultGoldPerHour: RewardPolicy.demo.goldPerHour, perPlayer: [PlayerKey("bob"): 7_200_000_000])
        }
        let first = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/tickets", json: #"{"session":"s1"}"#))
        let second = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/tickets", json: #"{"session":"s1"}"#))
        let other = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/tickets", json: #"{"session":"s2"}"#))
        #expect(first["goldPerHour"] as? Int64 == 7_200_000_000)
        fixture.clock.advance(nanoseconds: 2 * s)
        let paid = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/redemptions", json: #"{"ticket":"\#(first["ticket"] as! String)"}"#))
        #expect(paid["gold"] as? Int64 == 1_000_000, "capped by the daily budget: \(paid)")
        #expect(paid["withheldByBudget"] as? Int64 == 3_000_000)
        #expect((paid["messages"] as? [[String: Any]])?.contains { $0["key"] as? String == "budgetReached" } == true, "\(paid)")
        let again = fixture.send("POST", "/v1/players/bob/redemptions", json: #"{"ticket":"\#(second["ticket"] as! String)"}"#)
        #expect(again.status == 409)
        try fixture.restart()
        let replay = fixture.send("POST", "/v1/players/bob/redemptions", json: #"{"ticket":"\#(second["ticket"] as! String)"}"#)
        #expect(replay.status == 409)
        let spent = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/redemptions", json: #"{"ticket":"\#(other["ticket"] as! String)"}"#))
        #expect(spent["gold"] as? Int64 == 0, "the day's budget is spent: \(spent)")
    }

    @Test("An upload pays what it proves once; the same bytes again repeat that payment; a rolled-back copy is rejected and pays nothing")
    func uploadsExtend() throws {
        let (journal, key) = try Self.sample()
        let fixture = try ServiceFixture(legacyKey: key) { $0.retainedPolicies = [.default] }
        fixture.clock.advance(nanoseconds: 365 * 86_400 * s)
        let first = try ServiceFixture.object(fixture.send("POST", "/v1/players/alice/uploads", body: journal))
        #expect((first["upload"] as? [String: Any])?["outcome"] as? String == "accepted", "\(first)")
        let paid = try #require(first["gold"] as? Int64)
        #expect(paid > 0 && paid == first["payableGold"] as? Int64)
        let again = try ServiceFixture.object(fixture.send("POST", "/v1/players/alice/uploads", body: journal))
        #expect(again["repeated"] as? Bool == true && again["gold"] as? Int64 == paid)
        // The journal without its last records: what the server saw before, rolled back.
        let lines = String(decoding: journal, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let older = Array((lines.dropLast(3).joined(separator: "\n") + "\n").utf8)
        let rolledBack = try ServiceFixture.object(fixture.send("POST", "/v1/players/alice/uploads", body: older))
        #expect((rolledBack["upload"] as? [String: Any])?["outcome"] as? String == "rejected", "\(rolledBack)")
        #expect(rolledBack["gold"] as? Int64 == 0)
        #expect((rolledBack["findings"] as? [[String: Any]])?.contains { $0["kind"] as? String == "upload-rollback" } == true)
    }

    @Test("A session a ticket paid is not paid again by the upload of the journal that holds it")
    func ticketThenUpload() throws {
        let (journal, key) = try Self.sample()
        let text = String(decoding: journal, as: UTF8.self)
        let firstSession = try #require(
            text.range(of: #""session":"[0-9a-f]{16}""#, options: .regularExpression)
                .map { String(text[$0].dropFirst(11).dropLast()) })
        var payable: [Int64] = []
        for redeemFirst in [false, true] {
            let fixture = try ServiceFixture(legacyKey: key) { $0.retainedPolicies = [.default] }
            fixture.clock.advance(nanoseconds: 365 * 86_400 * s)
            if redeemFirst {
                let issued = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/tickets", json: #"{"session":"\#(firstSession)"}"#))
                fixture.clock.advance(nanoseconds: 600 * s)
                #expect(fixture.send("POST", "/v1/players/bob/redemptions", json: #"{"ticket":"\#(issued["ticket"] as! String)"}"#).status == 200)
            }
            let upload = try ServiceFixture.object(fixture.send("POST", "/v1/players/bob/uploads", body: journal))
            payable.append(try #require(upload["payableGold"] as? Int64, "\(upload)"))
        }
        #expect(payable[0] > payable[1], "the session the ticket paid was paid again: \(payable)")
    }
}
