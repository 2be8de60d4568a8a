import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

@Suite("playtime audit --server-secret (binary)")
struct AuditServerSecretTests {
    static let secret = Array("the game server's secret, 32 b!!".utf8)

    /// An enrolled journal: its key derived from `secret` and its id, three honest sessions.
    func enrolled(_ directory: TemporaryJournalDirectory, name: String, id: UInt8) throws {
        let journalID = [UInt8](repeating: id, count: 16)
        let key = JournalKey(serverSecret: Self.secret, journalID: journalID)
        try Data(JournalEncoder(key: key, journalID: journalID).headerLine).write(to: URL(fileURLWithPath: directory.file(name)))
        try AuditCommandTests.journal(directory.file(name), key: key, startWall: AuditCommandTests.start + Int64(id) * 86_400_000_000_000, bootID: "boot-\(id)")
    }

    @Test("each enrolled journal is verified under the key derived from the secret and its header; another secret reads none")
    func derivedKeys() async throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try enrolled(directory, name: "a", id: 1)
        try enrolled(directory, name: "b", id: 2)
        let secretPath = directory.file("server.secret")
        try (Self.secret.map { String(format: "%02x", $0) }.joined() + "\n").write(toFile: secretPath, atomically: true, encoding: .utf8)
        let later = "2026-12-20T00:00:00Z"
        let run = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--now", later, directory.file("a"), directory.file("b")])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let otherPath = directory.file("other.secret")
        try (String(repeating: "ab", count: 32) + "\n").write(toFile: otherPath, atomically: true, encoding: .utf8)
        let wrong = try await PlaytimeBinary.run(["audit", "--server-secret", otherPath, "--now", later, directory.file("a")])
        #expect(wrong.status == 2, "\(wrong.standardOutput)\n\(wrong.standardError)")
        let both = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "--key-file", directory.keyPath, directory.file("a")])
        #expect(both.status == 2 && both.standardError.contains("exclude each other"), "\(both.standardError)")
        let stdin = try await PlaytimeBinary.run(["audit", "--server-secret", secretPath, "-"])
        #expect(stdin.status == 2 && stdin.standardError.contains("name files"), "\(stdin.standardError)")
    }
}
