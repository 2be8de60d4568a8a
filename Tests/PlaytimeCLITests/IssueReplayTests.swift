import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// The four failures of issue 29, replayed with journals the built binaries write (`idle-game`, `playtime record`) and
/// judged by the library's `EarningsServer` (its HTTP front is the service's, issue 28): the honest player is paid and
/// the thief stays within his bound. Case 1 (a full disk at the first launch) needs a tmpfs: `FaultTests`.
@Suite("Issue 29 replayed on the built binaries")
struct IssueReplayTests {
    static let secret = Array("issue 29 replay server secret, 32b".utf8)

    func server(_ directory: String) async throws -> EarningsServer {
        try await EarningsServer(store: directory + "/server", ticketSecret: Self.secret, policy: .demo)
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The demo policy's gold for a session of `seconds` (36 000 gold/h, 1 s minimum: 10 gold a second).
    func gold(_ seconds: Int64) -> Int64 { 10 * seconds }

    /// `idle-game` once: `--away` a second, the key and journal given, the demo policy; its output.
    func idleGame(_ arguments: [String]) async throws -> String {
        let run = try await ExampleBinary.run("idle-game", arguments + ["--away", "1", "--policy", "demo"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        return run.standardOutput
    }

    /// The gold `idle-game` said it paid in one run.
    func paidThisRun(_ output: String) -> Int64? {
        guard let range = output.range(of: #"gold +(\d+) paid this run"#, options: .regularExpression) else { return nil }
        return Int64(output[range].split(separator: " ").filter { !$0.isEmpty }[1])
    }

    @Test(
        "Case 1: playtime record --create-key replaces an empty key file nothing was recorded under, and keeps one a journal depends on (exit 2, both files named)"
    )
    func createKeyRecovery() async throws {
        let directory = try ExampleBinary.temporaryDirectory("issue29-case1-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/j.jsonl"
        let key = directory + "/k.key"
        try Data().write(to: URL(fileURLWithPath: key))
        let made = try await PlaytimeBinary.run(["record", "launch", "--journal", journal, "--key-file", key, "--create-key"])
        #expect(
            made.status == 0 && made.standardError.contains("is empty and no record was written under it: replaced by a new key"),
            "\(made.standardError)")
        #expect(try bytes(key).count == 65)
        let recorded = try bytes(journal)
        try Data().write(to: URL(fileURLWithPath: key))
        let kept = try await PlaytimeBinary.run(["record", "launch", "--journal", journal, "--key-file", key, "--create-key"])
        #expect(kept.status == 2, "\(kept.standardError)")
        #expect(
            kept.standardError.contains("the key file \(key) is empty, but the journal \(journal) holds records written under that key"),
            "\(kept.standardError)")
        #expect(try bytes(key).isEmpty && (try bytes(journal)) == recorded, "nothing changed")
    }

    @Test(
        "Case 2: a line cut in the middle of idle-game's journal: the next launch sets it aside and pays; the audit judges the kept journal up to the damage; the server pays each session once"
    )
    func damagedLine() async throws {
        let directory = try ExampleBinary.temporaryDirectory("issue29-case2-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let game = directory + "/game"
        _ = try await idleGame(["--dir", game])
        let paidBefore = try #require(paidThisRun(try await idleGame(["--dir", game])))
        let journal = game + "/journal.jsonl"
        var lines = try bytes(journal).split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
        lines[8] = Array(lines[8].prefix(40))  // the second run's departure (record 8), cut by a bad block
        try Data(lines.joined(separator: [0x0a])).write(to: URL(fileURLWithPath: journal))

        let output = try await idleGame(["--dir", game])
        #expect(output.contains("was set aside whole at"), "\(output)")
        #expect(output.contains("Part of your saved offline time was damaged and set aside"), "\(output)")
        let paidAfter = try #require(paidThisRun(output), "\(output)")
        #expect(paidAfter >= gold(1) && paidBefore >= gold(1))
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: game).first { $0.hasPrefix("journal.jsonl.damaged-") })

        let audit = try await PlaytimeBinary.run([
            "audit", "--json", "--key-file", game + "/player.key", "--policy",
            ExampleBinary.sample("demo-policy.json"), game + "/" + kept,
        ])
        #expect(audit.status == 1, "\(audit.standardOutput)\(audit.standardError)")
        #expect(audit.standardOutput.contains("verifies through record 7"), "\(audit.standardOutput)")
        #expect(audit.standardOutput.contains(#""sessions":1"#), "the first run's session, before the damage, is judged: \(audit.standardOutput)")

        let server = try await server(directory)
        let key = try KeyFile.load(path: game + "/player.key")
        let old = try server.acceptUpload(try bytes(game + "/" + kept), player: "dana", key: key)
        let new = try server.acceptUpload(try bytes(journal), player: "dana", key: key)
        #expect(old.paidGold >= gold(1) && new.paidGold >= gold(1), "each journal's own session: \(old.paidGold), \(new.paidGold)")
        // The same uploads again: each answers its first payment as a repeat (credited once, by its id), nothing more.
        let newAgain = try server.acceptUpload(try bytes(journal), player: "dana", key: key)
        let oldAgain = try server.acceptUpload(try bytes(game + "/" + kept), player: "dana", key: key)
        #expect(newAgain.isRepeat && newAgain.paidGold == new.paidGold && oldAgain.isRepeat && oldAgain.paidGold == old.paidGold, "nothing twice")
    }

    @Test(
        "Case 3: Mallory uploads a copy of Bob's journal under the shared key (or its first session only): Bob is paid in full and told; Mallory stays within his provisional allowance"
    )
    func copyUnderSharedKey() async throws {
        let directory = try ExampleBinary.temporaryDirectory("issue29-case3-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = ExampleBinary.sample("demo.key")
        let journal = directory + "/bob.jsonl"
        for _ in 0..<2 { _ = try await idleGame(["--journal", journal, "--key-file", key, "--dir", directory + "/bob"]) }
        let whole = try bytes(journal)
        let lines = whole.split(separator: 0x0a).map(Array.init)
        let prefix = Array(lines.prefix(6).joined(separator: [0x0a])) + [0x0a]
        let shared = try KeyFile.load(path: key)
        let quiet = try await server(directory + "/alone")
        let owed = try quiet.acceptUpload(whole, player: "bob", key: shared).paidGold
        #expect(owed >= gold(2))
        for (name, copy) in [("copy", whole), ("first session", prefix)] {
            let server = try await server(directory + "/" + name)
            let thief = try server.acceptUpload(copy, player: "mallory", key: shared)
            #expect(thief.paidGold <= owed, "\(name): the thief is paid at most what the copied sessions are worth, from his own allowance")
            let owner = try server.acceptUpload(whole, player: "bob", key: shared)
            #expect(owner.paidGold == owed, "\(name): Bob is paid \(owner.paidGold) of \(owed)")
            #expect(!owner.isClean && owner.messages.map(\.key).contains("saveAlsoSentByAnotherAccount"), "\(name): Bob is told")
        }
    }

    @Test(
        "Case 4: with Alice's enrollment text, Mallory's journal under her id without her enrollment anchor is refused; Alice's own upload is paid, not refused as a fork"
    )
    func stolenEnrollment() async throws {
        let directory = try ExampleBinary.temporaryDirectory("issue29-case4-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await server(directory)
        let enrollment = try await server.enroll(player: "alice")
        let keyFile = directory + "/alice.key"
        try Data((enrollment.key.map { String(format: "%02x", $0) }.joined() + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        let key = try JournalKey(bytes: enrollment.key)
        let id = Array(hexDecoding: enrollment.journalID)
        // Alice's journal: created with the enrollment's id, its anchor as record 1 (as OfflineEarnings does), then
        // recorded by the built `playtime record`; Mallory's: the same id and key, without the anchor.
        for (name, anchored) in [("alice", true), ("mallory", false)] {
            var writer = try JournalWriter(path: directory + "/\(name).jsonl", key: key, newJournalVersion: 2, journalID: id)
            if anchored {
                try writer.append(
                    type: AnchorCodec.recordType,
                    payload: AnchorCodec.encode(
                        AnchorRecord(
                            token: enrollment.anchor, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil, wallNanoseconds: 0)))
            }
            try writer.close()
            for event in ["launch", "background"] {
                let run = try await PlaytimeBinary.run([
                    "record", event, "--journal", directory + "/\(name).jsonl", "--key-file", keyFile,
                    "--rate", "36000", "--policy-version", "demo-1",
                ])
                #expect(run.status == 0, "\(run.standardError)")
            }
        }
        try await Task.sleep(nanoseconds: 2_100_000_000)
        for name in ["alice", "mallory"] {
            let run = try await PlaytimeBinary.run(["record", "foreground", "--journal", directory + "/\(name).jsonl", "--key-file", keyFile])
            #expect(run.status == 0, "\(run.standardError)")
        }
        let thief = try await server.acceptUpload(try bytes(directory + "/mallory.jsonl"), player: "mallory")
        #expect(thief.paidGold == 0 && thief.message.key == "notPaidSaveRejected")
        let owner = try await server.acceptUpload(try bytes(directory + "/alice.jsonl"), player: "alice")
        #expect(owner.paidGold >= gold(2), "Alice is paid: \(owner.paidGold)")
        #expect(owner.isClean && owner.message.key == "paid")
    }
}

extension Array where Element == UInt8 {
    init(hexDecoding text: String) {
        let digits = Array(text.utf8)
        self = stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(decoding: digits[$0...($0 + 1)], as: UTF8.self), radix: 16) ?? 0 }
    }
}
