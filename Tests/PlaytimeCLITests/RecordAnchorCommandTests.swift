import Foundation
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@Suite("playtime record anchor (binary)")
struct RecordAnchorCommandTests {
    let server = AnchorKey(serverSecret: Array("a game server's secret for the CLI test".utf8))

    /// The journal's id, head sequence and head MAC (hex), verified under `key`.
    func head(_ journal: String, key: JournalKey) throws -> (id: String, sequence: UInt64, mac: String, types: [String]) {
        var types: [String] = []
        let verification = try JournalReader.read(path: journal, key: key) { types.append($0.type) }
        #expect(verification.isIntact)
        let header = try #require(verification.header)
        return (Hex.encode(header.journalID), verification.recordCount, Hex.encode(verification.headMAC), types)
    }

    @Test("Appends a token naming the journal's head once; refuses an older head; the anchor is a fix for later departures; audit accepts the journal")
    func appendsOnce() async throws {
        try await ScratchDirectory.with(prefix: "playtime-record-anchor") { directory in
            let journal = directory + "/journal"
            let keyFile = directory + "/key"
            let common = ["--journal", journal, "--key-file", keyFile]
            let missing = try await PlaytimeBinary.run(["record", "anchor"] + common + ["--token", "pa1.x"])
            #expect(missing.status == 2, "no journal yet: \(missing.standardError)")
            #expect(!FileManager.default.fileExists(atPath: journal), "nothing is created")
            let launch = try await PlaytimeBinary.run(["record", "launch"] + common + ["--create-key"])
            #expect(launch.status == 0, "\(launch.standardError)")
            let key = try KeyFile.load(path: keyFile)
            let before = try head(journal, key: key)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: journal))

            let stale = server.issue(
                serverNanoseconds: SystemClock.wallNanoseconds(), account: "player-1", journalID: before.id,
                headSequence: 0, headMAC: "")
            let refused = try await PlaytimeBinary.run(["record", "anchor"] + common + ["--token", stale.text])
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("names record 0"), "\(refused.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == bytes, "nothing written")
            let wrongOption = try await PlaytimeBinary.run(["record", "anchor"] + common + ["--token", stale.text, "--rate", "5"])
            #expect(wrongOption.status == 2)

            let token = server.issue(
                serverNanoseconds: SystemClock.wallNanoseconds(), account: "player-1", journalID: before.id,
                headSequence: before.sequence, headMAC: before.mac
            ).text
            let first = try await PlaytimeBinary.run(["record", "anchor"] + common + ["--token", token, "--json"])
            #expect(first.status == 0, "\(first.standardError)")
            let written = try jsonObject(first.standardOutput)
            #expect(written["sequence"] as? Int == Int(before.sequence) + 1)
            #expect(written["duplicate"] as? Bool == false)
            let again = try await PlaytimeBinary.run(["record", "anchor"] + common + ["--token", token, "--json"])
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try jsonObject(again.standardOutput)["duplicate"] as? Bool == true)
            #expect(try head(journal, key: key).types == before.types + ["anchor"])

            // The token's time is this boot's network time now: a departure carries it, without any NTP server.
            let background = try await PlaytimeBinary.run(["record", "background"] + common + ["--json"])
            #expect(background.status == 0, "\(background.standardError)")
            #expect(try jsonObject(background.standardOutput)["networkNanoseconds"] is Int)
            let foreground = try await PlaytimeBinary.run(["record", "foreground"] + common)
            #expect(foreground.status == 0, "\(foreground.standardError)")

            // A reader that knows nothing of anchors skips the record: the audit verifies the chain and judges the session.
            let audit = try await PlaytimeBinary.run(["audit", "--key-file", keyFile, "--json", journal])
            #expect(audit.status == 0, "\(audit.standardOutput) \(audit.standardError)")
            let lines = audit.standardOutput.split(separator: "\n")
            #expect(lines.count == 2, "one session, then the summary: \(audit.standardOutput)")
            let summary = try #require(try jsonObject(String(lines.last ?? ""))["summary"] as? [String: Any])
            #expect(summary["status"] as? String == "clean")
            #expect(summary["records"] as? Int == 4, "launch, anchor, background, foreground")
            #expect((summary["findings"] as? [Any])?.isEmpty == true)
        }
    }
}
