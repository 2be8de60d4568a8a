import Foundation
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

@Suite("playtime audit --server-secret DIR (binary)")
struct AuditDirectoryTests {
    static let secret = AuditServerSecretTests.secret
    static let later = "2027-01-20T00:00:00Z"

    /// An enrolled journal of `account`: id bytes `id`, its first record the enrollment anchor, then three
    /// honest sessions starting `day` days after the fixture's start (same `day` and `bootID`: the same sessions).
    static func enrolled(_ path: String, account: String, id: UInt8, day: Int64, bootID: String, anchored: Bool = true) throws {
        let journalID = [UInt8](repeating: id, count: 16)
        let key = JournalKey(serverSecret: secret, journalID: journalID)
        try Data(JournalEncoder(key: key, journalID: journalID).headerLine).write(to: URL(fileURLWithPath: path))
        if anchored {
            let anchor = AnchorKey(serverSecret: secret).issue(
                serverNanoseconds: AuditCommandTests.start - 1_000_000_000, account: account,
                journalID: Hex.encode(journalID), headSequence: 0, headMAC: "")
            var builder = try JournalBuilder(path: path, key: key)
            try builder.appendRaw(
                type: AnchorCodec.recordType,
                payload: AnchorCodec.encode(
                    AnchorRecord(
                        token: anchor.text, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil, wallNanoseconds: AuditCommandTests.start)))
            try builder.close()
        }
        try AuditCommandTests.journal(path, key: key, startWall: AuditCommandTests.start + day * 86_400_000_000_000, bootID: bootID)
    }

    static func writeSecret(_ directory: TemporaryJournalDirectory) throws -> String {
        let path = directory.file("server.secret")
        try (secret.map { String(format: "%02x", $0) }.joined() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A directory `journals` inside `directory`, created.
    static func journals(_ directory: TemporaryJournalDirectory) throws -> String {
        let path = directory.file("journals")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test("a directory of several accounts gives the same summary and per-session lines with --jobs 1 and --jobs 4")
    func sameOutputWhateverTheJobs() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let secretPath = try Self.writeSecret(directory)
        let journals = try Self.journals(directory)
        // Five accounts, one or two devices each (a device's sessions never overlap its sibling's); file names
        // out of account order.
        let accounts = ["erin", "bob", "dave", "alice", "carol"]
        var id: UInt8 = 1
        for (index, account) in accounts.enumerated() {
            for device in 0..<(index % 2 + 1) {
                try Self.enrolled("\(journals)/j\(9 - Int(id))", account: account, id: id, day: Int64(device) * 2, bootID: "boot-\(id)")
                id += 1
            }
        }
        for mode in [["--json"], [], ["--quiet"]] {
            let one = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "--jobs", "1"] + mode + [journals])
            let four = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "--jobs", "4"] + mode + [journals])
            #expect(one.status == 0, "\(one.standardOutput)\n\(one.standardError)")
            #expect(four.status == one.status)
            #expect(one.standardOutput == four.standardOutput)
        }
        let run = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "--json", "--jobs", "3", journals])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let sessions = try lines.dropLast().map(jsonObject)
        #expect(sessions.count == 3 * Int(id - 1))
        // By account, then file name.
        let order = sessions.map { "\($0["account"] as? String ?? "-") \($0["journal"] as? String ?? "-")" }
        #expect(order == order.sorted(), "\(order)")
        #expect(Set(sessions.compactMap { $0["account"] as? String }) == Set(accounts))
        let last = try #require(lines.last)
        let summary = try #require(try jsonObject(last)["summary"] as? [String: Any])
        #expect(summary["journals"] as? Int == Int(id - 1))
        #expect(summary["sessions"] as? Int == 3 * Int(id - 1))
        #expect(summary["accounts"] as? Int == accounts.count)
        #expect(summary["unenrolledJournals"] as? Int == 0)
        #expect(summary["status"] as? String == "clean")
    }

    @Test("journals of different accounts are not cross-checked; two of one account are")
    func crossChecksWithinAnAccountOnly() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let secretPath = try Self.writeSecret(directory)
        let journals = try Self.journals(directory)
        // The same sessions (ids, times) in a journal of alice and one of bob.
        try Self.enrolled("\(journals)/a", account: "alice", id: 1, day: 0, bootID: "boot-same")
        try Self.enrolled("\(journals)/b", account: "bob", id: 2, day: 0, bootID: "boot-same")
        let apart = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, journals])
        #expect(apart.status == 0, "\(apart.standardOutput)\n\(apart.standardError)")
        // Named together they are cross-checked (one player's devices): the same sessions are findings.
        let named = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "\(journals)/a", "\(journals)/b"])
        #expect(named.status == 1, "\(named.standardOutput)\n\(named.standardError)")
        // A second journal of alice with the same sessions is cross-checked within her account.
        try Self.enrolled("\(journals)/c", account: "alice", id: 3, day: 0, bootID: "boot-same")
        let together = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "--quiet", journals])
        #expect(together.status == 1, "\(together.standardOutput)\n\(together.standardError)")
        #expect(together.standardOutput.contains("\(journals)/c"), "\(together.standardOutput)")
        #expect(!together.standardOutput.contains("\(journals)/b:"), "\(together.standardOutput)")
    }

    @Test("a file that is not a journal is reported and the others are audited; unenrolled journals form their own group")
    func nonJournalFile() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let secretPath = try Self.writeSecret(directory)
        let journals = try Self.journals(directory)
        try Self.enrolled("\(journals)/a", account: "alice", id: 1, day: 0, bootID: "boot-1")
        try "not a journal\n".write(toFile: "\(journals)/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(journals)/sub", withIntermediateDirectories: false)
        try Self.enrolled("\(journals)/u", account: "-", id: 2, day: 2, bootID: "boot-2", anchored: false)
        try Self.enrolled("\(journals)/z", account: "bob", id: 3, day: 0, bootID: "boot-3")
        let run = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", Self.later, "--json", journals])
        #expect(run.status == 2, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardError.contains("notes.txt"), "\(run.standardError)")
        #expect(run.standardError.contains("\(journals)/u: no verified enrollment anchor"), "\(run.standardError)")
        #expect(!run.standardError.contains("sub"), "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let sessions = try lines.dropLast().map(jsonObject)
        #expect(
            sessions.map { $0["account"] as? String ?? "null" } == Array(repeating: "alice", count: 3) + Array(repeating: "bob", count: 3)
                + Array(repeating: "null", count: 3))
        let last = try #require(lines.last)
        let summary = try #require(try jsonObject(last)["summary"] as? [String: Any])
        #expect(summary["journals"] as? Int == 3)
        #expect(summary["accounts"] as? Int == 2)
        #expect(summary["unenrolledJournals"] as? Int == 1)
        #expect(summary["unreadableFiles"] as? Int == 1)
        let keyFile = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, journals])
        #expect(keyFile.status == 2 && keyFile.standardError.contains("--server-secret"), "\(keyFile.standardError)")
    }
}
