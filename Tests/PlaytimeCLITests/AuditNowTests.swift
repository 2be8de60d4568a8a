import Foundation
import PlaytimeTestSupport
import Testing

@Suite("playtime audit --now (binary)")
struct AuditNowTests {
    /// The journal of `AuditCommandTests.journal`: three sessions with network time on 2026-12-01 between
    /// 00:00 and 09:30 UTC. A server whose clock reads before that sees network time from its future.
    func journal() throws -> TemporaryJournalDirectory {
        let directory = try TemporaryJournalDirectory()
        try AuditCommandTests.journal(directory.file("j"), key: directory.key)
        return directory
    }

    @Test(
        "Each form of the same later instant judges the journal clean",
        arguments: [
            "2026-12-02T00:00:00Z", "2026-12-02t00:00:00z", "2026-12-02 00:00:00Z", "2026-12-02T01:00:00+01:00",
            "2026-12-01T19:30:00-04:30", "2026-12-02T00:00:00.5Z", "2026-12-01T23:59:60Z", "1796169600", "1796169600.25",
        ])
    func later(text: String) async throws {
        let directory = try journal()
        defer { directory.cleanUp() }
        let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--now", text, directory.file("j")])
        #expect(run.status == 0, "\(text): \(run.standardOutput)\n\(run.standardError)")
    }

    @Test(
        "A server clock before the journal's network time finds it ahead of the server",
        arguments: [
            "2026-11-30T00:00:00Z", "2026-12-01T01:00:00+02:00", "1795996800", "1795996800.999999999",
        ])
    func earlier(text: String) async throws {
        let directory = try journal()
        defer { directory.cleanUp() }
        let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--json", "--now", text, directory.file("j")])
        #expect(run.status == 1, "\(text): \(run.standardOutput)\n\(run.standardError)")
        #expect(
            run.standardOutput.contains("network-ahead-of-server") || run.standardOutput.contains("networkAheadOfServer"),
            "\(text): \(run.standardOutput)")
    }

    @Test(
        "Malformed or impossible times are usage errors",
        arguments: [
            "", "now", "2026-12-01", "2026-12-01T06:00Z", "2026-12-01T24:00:00Z", "2026-12-01T06:60:00Z", "2026-02-29T00:00:00Z",
            "2026-12-01T06:00:00+24:00", "2026-12-01T06:00:00.Z", "2026-12-01T06:00:00.1234567890Z", "-1", "1.2.3", "+1796169600",
            "1796169600.", "0x10", "1969-12-31T23:59:59Z", "2263-01-01T00:00:00Z", "２０２６-12-01T06:00:00Z",
        ])
    func malformed(text: String) async throws {
        let directory = try journal()
        defer { directory.cleanUp() }
        let run = try await PlaytimeBinary.run(["audit", "--key-file", directory.keyPath, "--now", text, directory.file("j")])
        #expect(run.status == 2, "'\(text)': \(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardError.contains("--now takes an RFC 3339 time"), "'\(text)': \(run.standardError)")
    }

    @Test("The help text documents --now")
    func help() async throws {
        let run = try await PlaytimeBinary.run(["help", "audit"])
        #expect(run.standardOutput.contains("--now TIME"))
        #expect(run.standardOutput.contains("RFC 3339"))
        #expect(run.standardOutput.contains("Unix seconds"))
    }
}
