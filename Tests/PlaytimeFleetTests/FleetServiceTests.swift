import Foundation
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// `playtime-server --store postgres://…`: several services on one database, one secret (docs/service.md, docs/fleet.md).
@Suite("Fleet: services on one database", .serialized, .enabled(if: FleetTestServer.available))
struct FleetServiceTests {
    @Test("two services asked at the same moment to redeem the same 60 tickets: each paid exactly once, the other answer and a third service's repeat it")
    func twoServers() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let base = NSTemporaryDirectory() + "playtime-fleet-servers-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: base) }
            let secret = base + "/fleet.secret"
            try (WorkerTickets.secretHex + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
            // Both start at once on the empty database: both migrate.
            let servers = try await StoreContracts.concurrently(2) { index in
                try FleetServiceProcess(state: base + "/s\(index)", ["--store", test.url, "--secret-file", secret])
            }
            defer { servers.forEach { $0.stop() } }
            // A issues half, B the other half: each accepts the other's tickets (one secret).
            var tickets: [(player: String, ticket: String)] = []
            for index in 0..<60 {
                let player = "player-\(index % 7)"
                let answer = try servers[index % 2].call("POST", "/v1/players/\(player)/tickets", json: #"{"session":"s\#(index)"}"#)
                #expect(answer.status == 200, "\(answer.text)")
                tickets.append((player, try #require(answer.object["ticket"] as? String)))
            }
            let all = tickets
            // Of the two answers of a ticket one paid and the other repeats that payment (exactly once: the later call
            // waits for the first's commit and reads its record).
            let answers = try await StoreContracts.concurrently(120) { index in
                let (player, ticket) = all[index / 2]
                let answer = try servers[index % 2].call("POST", "/v1/players/\(player)/redemptions", json: #"{"ticket":"\#(ticket)"}"#)
                return (answer.status, answer.object["gold"] as? Int ?? -1, answer.object["repeated"] as? Bool ?? false, answer.object["id"] as? String ?? "")
            }
            #expect(answers.allSatisfy { $0.0 == 200 })
            for pair in 0..<60 {
                let (first, second) = (answers[2 * pair], answers[2 * pair + 1])
                #expect(first.2 != second.2, "ticket \(pair): one pays, the other repeats")
                #expect(first.1 == second.1 && first.3 == second.3, "ticket \(pair)")
            }
            // The support console reads the same database: an operator key made the operator's way.
            let add = try ChildProcess(try BuiltBinary.path("playtime-server"), ["operators", "add", "support", "--state", base + "/s2"])
            let operatorKey = try #require(add.finish().first { $0.contains("pto_") }?.split(separator: " ").last.map(String.init))
            let third = try FleetServiceProcess(state: base + "/s2", ["--store", test.url, "--secret-file", secret])
            defer { third.stop() }
            for (index, (player, ticket)) in all.enumerated() {
                let later = try third.call("POST", "/v1/players/\(player)/redemptions", json: #"{"ticket":"\#(ticket)"}"#)
                #expect(later.status == 200 && later.object["repeated"] as? Bool == true && later.object["gold"] as? Int == answers[2 * index].1)
                // A cheater who names the ticket as another player learns nothing of the payment: refused.
                let stolen = try third.call("POST", "/v1/players/thief/redemptions", json: #"{"ticket":"\#(ticket)"}"#)
                #expect(stolen.status == 422 && stolen.object["code"] as? String == "other-player" && stolen.object["gold"] == nil)
            }
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 60)
            #expect(try test.count("SELECT count(*) FROM playtime_payment") == 60)
            // One payment log row per ticket, and each player's log lists exactly their tickets.
            #expect(try test.count("SELECT count(*) FROM playtime_payment_log") == 60)
            let page = try third.call("GET", "/v1/players/player-0/payments?limit=500")
            #expect((page.object["payments"] as? [Any])?.count == all.filter { $0.player == "player-0" }.count, "\(page.text.prefix(300))")
            // The console on PostgreSQL: listPayments' records, the ledger's budget, the search by session, the export.
            #expect(try third.call("GET", "/v1/console/players/player-0").status == 401, "a backend key is not an operator key")
            let looked = try third.call("GET", "/v1/console/players/player-0", key: operatorKey)
            #expect(looked.status == 200, "\(looked.text.prefix(300))")
            #expect(
                (looked.object["payments"] as? [[String: Any]]).map { $0.map(NSDictionary.init) }
                    == (page.object["payments"] as? [[String: Any]]).map { $0.map(NSDictionary.init) })
            let paid = ((page.object["payments"] as? [[String: Any]]) ?? []).reduce(0) { $0 + ($1["gold"] as? Int ?? 0) }
            #expect((looked.object["budget"] as? [String: Any])?["usedGold"] as? Int == paid, "\(looked.object["budget"] ?? "-")")
            let found = try third.call("GET", "/v1/console/sessions/s0", key: operatorKey)
            #expect((found.object["payments"] as? [[String: Any]])?.map { $0["player"] as? String } == ["player-0"], "\(found.text.prefix(300))")
            let export = try third.call("GET", "/v1/console/players/player-0/export", key: operatorKey)
            #expect(export.status == 200 && export.text.split(separator: "\n").count == all.filter { $0.player == "player-0" }.count)
        }
    }

    @Test("one journal uploaded to two services on one database at the same moment: paid once; a rolled-back copy to a third is rejected")
    func uploadsAcrossServers() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let base = NSTemporaryDirectory() + "playtime-fleet-uploads-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: base) }
            let secret = base + "/fleet.secret"
            try (WorkerTickets.secretHex + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            // The sample journal is under the public demo key, one key shared by every player: the legacy mode.
            let legacy = ["--legacy-journal-key", root.appendingPathComponent("Examples/Samples/demo.key").path, "--retain-policy", "demo"]
            let servers = try await StoreContracts.concurrently(3) { index in
                try FleetServiceProcess(state: base + "/s\(index)", ["--store", test.url, "--secret-file", secret] + legacy)
            }
            defer { servers.forEach { $0.stop() } }
            let journal = try String(contentsOfFile: root.appendingPathComponent("Examples/Samples/sample-journal.jsonl").path, encoding: .utf8)
            let answers = try await StoreContracts.concurrently(2) { index in
                let answer = try servers[index].call("POST", "/v1/players/alice/uploads", body: Array(journal.utf8))
                return (
                    status: answer.status, gold: answer.object["gold"] as? Int ?? -1, repeated: answer.object["repeated"] as? Bool ?? false,
                    text: answer.text
                )
            }
            var paid: [Int] = []
            for answer in answers {
                // The same bytes at the same moment: one pays, the other waits for it and repeats its payment
                // (fleet, exactly once), or finds the journal taken meanwhile.
                if answer.status == 200, !answer.repeated {
                    paid.append(answer.gold)
                } else if answer.status != 200 {
                    #expect(answer.status == 409, "\(answer.text)")
                }
            }
            #expect(paid.filter { $0 > 0 }.count == 1, "\(answers.map(\.text))")
            #expect(paid.filter { $0 != 0 }.count == 1, "\(answers.map(\.text))")
            // The journal without its last records: what the fleet saw before, rolled back; refused by any server.
            let older = journal.split(separator: "\n", omittingEmptySubsequences: false).dropLast(3).joined(separator: "\n") + "\n"
            let rolledBack = try servers[2].call("POST", "/v1/players/alice/uploads", body: Array(older.utf8))
            #expect((rolledBack.object["upload"] as? [String: Any])?["outcome"] as? String == "rejected", "\(rolledBack.text)")
            #expect(rolledBack.object["gold"] as? Int == 0)
            #expect(try test.count("SELECT count(*) FROM playtime_device") == 1)
        }
    }

    @Test("A fleet's secret must exist, and --store must be a usable database: the service refuses to start and says why")
    func refusesBadOptions() async throws {
        try await onOwnThread {
            let base = NSTemporaryDirectory() + "playtime-fleet-bad-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: base) }
            let missingSecret = try ChildProcess(
                try BuiltBinary.path("playtime-server"),
                ["--state", base, "--store", "postgres://nobody@127.0.0.1:1/none", "--secret-file", base + "/absent"])
            _ = missingSecret.finish()
            #expect(missingSecret.process.terminationStatus == 1)
            #expect(missingSecret.standardError.contains("does not exist"), "\(missingSecret.standardError)")
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            try (WorkerTickets.secretHex + "\n").write(toFile: base + "/s", atomically: true, encoding: .utf8)
            let noDatabase = try ChildProcess(
                try BuiltBinary.path("playtime-server"),
                ["--state", base, "--store", "postgres://nobody@127.0.0.1:1/none", "--secret-file", base + "/s"])
            _ = noDatabase.finish()
            #expect(noDatabase.process.terminationStatus == 1)
            #expect(noDatabase.standardError.contains("refusing to start"), "\(noDatabase.standardError)")
        }
    }
}
