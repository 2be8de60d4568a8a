import Foundation
import PlaytimeSystem
import Testing

/// A running `game-server` (the built example) on loopback.
final class GameServerProcess: @unchecked Sendable {
    let child: ChildProcess
    let port: UInt16

    init(_ arguments: [String]) throws {
        // 60 requests reach each server at once here: more than the default 32 connections it answers together
        // (the 33rd would get 503, as Examples/README.md says), so these servers take 128.
        child = try ChildProcess(try BuiltBinary.path("game-server"),
                                 ["--seconds", "120", "--idle-seconds", "60", "--max-connections", "128"] + arguments)
        let first = child.wait { !$0.isEmpty }.first ?? ""
        guard first.hasPrefix("listening on 127.0.0.1:"), let port = UInt16(first.dropFirst("listening on 127.0.0.1:".count)) else {
            child.killHard()
            throw FleetTestError("game-server did not start: '\(first)' \(child.standardError)")
        }
        self.port = port
    }

    /// POSTs `json` to `path`; returns the status code and the body.
    func post(_ path: String, json: String, headers: String = "") throws -> (status: Int, body: String) {
        guard let address = SocketAddress(numericHost: "127.0.0.1", port: port) else { throw FleetTestError("bad address") }
        let connection = try TCPConnection(connectingTo: address)
        defer { connection.close() }
        try connection.writeAll(Array(("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Length: \(json.utf8.count)\r\n"
                                       + "Connection: close\r\n\r\n\(json)").utf8))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard try Poller.waitReadable([connection.descriptor], timeoutNanoseconds: 20_000_000_000).first == true else {
                throw FleetTestError("no answer within 20 s")
            }
            let count = try connection.read(into: &buffer)
            if count == 0 { break }
            answer += buffer[..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, let status = Int(words[1]) else { throw FleetTestError("not an HTTP answer: \(text)") }
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    func stop() {
        child.killHard()
        _ = child.finish()
    }
}

/// The example server on a shared database: `--store postgres://…` and `--ticket-key FILE`.
@Suite("Fleet: game servers on one database", .serialized, .enabled(if: FleetTestServer.available))
struct FleetGameServerTests {
    @Test("two game servers asked at the same moment to redeem the same 60 tickets: each paid exactly once, the other answer and a third server's repeat it")
    func twoServers() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let base = NSTemporaryDirectory() + "playtime-fleet-servers-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: base) }
            let key = base + "/ticket.key"
            try (WorkerTickets.secretHex + "\n").write(toFile: key, atomically: true, encoding: .utf8)
            // Both start at once on the empty database: both migrate.
            let servers = try await StoreContracts.concurrently(2) { index in
                try GameServerProcess(["--state", base + "/s\(index)", "--store", test.url, "--ticket-key", key])
            }
            defer { servers.forEach { $0.stop() } }
            // A issues half, B the other half: each accepts the other's tickets (one key).
            var tickets: [(player: String, ticket: String)] = []
            for index in 0..<60 {
                let player = "player-\(index % 7)"
                let answer = try servers[index % 2].post("/tickets", json: #"{"player":"\#(player)","session":"s\#(index)"}"#)
                #expect(answer.status == 200)
                let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
                tickets.append((player, try #require(object?["ticket"] as? String)))
            }
            let all = tickets
            // Each answer: (status, gold, repeated). Of the two answers of a ticket one paid and the other repeats
            // that payment (exactly once: the later call waits for the first's commit and reads its record).
            @Sendable func answer(_ reply: (status: Int, body: String)) throws -> (status: Int, gold: Int, repeated: Bool) {
                let object = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
                return (reply.status, object?["gold"] as? Int ?? -1, object?["repeated"] as? Bool ?? false)
            }
            let answers = try await StoreContracts.concurrently(120) { index in
                let (player, ticket) = all[index / 2]
                return try answer(try servers[index % 2].post("/redeem", json: #"{"player":"\#(player)","ticket":"\#(ticket)"}"#))
            }
            #expect(answers.allSatisfy { $0.status == 200 })
            for pair in 0..<60 {
                let (first, second) = (answers[2 * pair], answers[2 * pair + 1])
                #expect(first.repeated != second.repeated, "ticket \(pair): one pays, the other repeats")
                #expect(first.gold == second.gold, "ticket \(pair)")
            }
            let third = try GameServerProcess(["--state", base + "/s2", "--store", test.url, "--ticket-key", key])
            defer { third.stop() }
            for (index, (player, ticket)) in all.enumerated() {
                let later = try answer(try third.post("/redeem", json: #"{"player":"\#(player)","ticket":"\#(ticket)"}"#))
                #expect(later.status == 200 && later.repeated && later.gold == answers[2 * index].gold)
                // A cheater who names the ticket as another player learns nothing of the payment: refused.
                let stolen = try third.post("/redeem", json: #"{"player":"thief","ticket":"\#(ticket)"}"#)
                #expect(stolen.status == 422 && stolen.body.contains("other-player") && !stolen.body.contains("\"gold\""))
            }
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 60)
            #expect(try test.count("SELECT count(*) FROM playtime_payment") == 60)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 60)
        }
    }

    @Test("one journal uploaded to two game servers on one database at the same moment: paid once; a rolled-back copy to a third is rejected")
    func uploadsAcrossServers() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let base = NSTemporaryDirectory() + "playtime-fleet-uploads-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: base) }
            let servers = try await StoreContracts.concurrently(3) { index in
                try GameServerProcess(["--state", base + "/s\(index)", "--store", test.url])
            }
            defer { servers.forEach { $0.stop() } }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let journal = try String(contentsOfFile: root.appendingPathComponent("Examples/Samples/sample-journal.jsonl").path, encoding: .utf8)
            let answers = try await StoreContracts.concurrently(2) { index in
                try servers[index].post("/audit", json: journal, headers: "X-Player: alice\r\n")
            }
            var paid: [Int] = []
            for answer in answers {
                let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
                // The same bytes at the same moment: one pays, the other waits for it and repeats its payment
                // (fleet, exactly once), or finds the journal replayed.
                if answer.status == 200, object?["repeated"] as? Bool != true { paid.append(object?["paidGold"] as? Int ?? -1) }
                else if answer.status != 200 { #expect(answer.status == 409, "\(answer)") }
            }
            #expect(paid.filter { $0 > 0 }.count == 1, "\(answers)")
            #expect(paid.filter { $0 != 0 }.count == 1, "\(answers)")
            // The journal without its last records: what the fleet saw before, rolled back; refused by any server.
            let older = journal.split(separator: "\n", omittingEmptySubsequences: false).dropLast(3).joined(separator: "\n") + "\n"
            let rolledBack = try servers[2].post("/audit", json: older, headers: "X-Player: alice\r\n")
            let object = try JSONSerialization.jsonObject(with: Data(rolledBack.body.utf8)) as? [String: Any]
            #expect(object?["outcome"] as? String == "rejected", "\(rolledBack)")
            #expect(object?["paidGold"] as? Int == 0)
            #expect(try test.count("SELECT count(*) FROM playtime_device") == 1)
        }
    }

    @Test("--ticket-key must exist, --store must be a usable database: the server refuses to start")
    func refusesBadOptions() async throws {
        try await onOwnThread {
            let base = NSTemporaryDirectory() + "playtime-fleet-bad-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: base) }
            let missingKey = try ChildProcess(try BuiltBinary.path("game-server"), ["--state", base, "--ticket-key", base + "/absent"])
            _ = missingKey.finish()
            #expect(missingKey.process.terminationStatus != 0)
            #expect(missingKey.standardError.contains("does not exist"))
            let noDatabase = try ChildProcess(try BuiltBinary.path("game-server"), ["--state", base, "--store", "postgres://nobody@127.0.0.1:1/none"])
            _ = noDatabase.finish()
            #expect(noDatabase.process.terminationStatus != 0)
            #expect(noDatabase.standardError.contains("--store"))
        }
    }
}
