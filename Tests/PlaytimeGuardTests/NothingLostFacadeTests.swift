import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Nothing on the device ends a game's earnings (issue 29; docs/facades.md, "Nothing lost"): a damaged journal is set
/// aside and a new one begins, a key file nobody recorded under is made again, and a key a journal depends on is an
/// error that says so and changes nothing.
@Suite("Offline earnings: nothing on the device ends its earnings")
struct NothingLostFacadeTests {
    let hour: Int64 = 3_600_000_000_000

    /// One honest 2 h session in a new start of the game: its gold now.
    func session(_ earnings: OfflineEarnings, _ fixture: EarningsFixture) async throws -> Int64 {
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: 2 * hour)
        return try #require(try await earnings.foreground()).goldNow
    }

    func bytes(_ path: String) throws -> [UInt8] { try FileSystem.readRegularFile(atPath: path, byteLimit: 1 << 24) }

    /// The journal with line `line` (1-based) cut to its first half, the lines after it kept (a bad block).
    func cutLine(_ line: Int, of path: String) throws {
        var lines = try bytes(path).split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
        lines[line - 1] = Array(lines[line - 1].prefix(lines[line - 1].count / 2))
        try Data(lines.joined(separator: [0x0a])).write(to: URL(fileURLWithPath: path))
    }

    @Test(
        "Issue 29 case 2: a line cut in the middle of the journal: the next start sets it aside whole, begins a new journal under the same key and pays a new session"
    )
    func damagedJournalIsSetAside() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        let first = try await session(earnings!, fixture)
        let oldID = earnings!.anchorRequest().journalID
        let key = earnings!.journalKey
        earnings = nil
        let journal = fixture.directory + "/journal.jsonl"
        try cutLine(3, of: journal)
        let damaged = try bytes(journal)

        var reopened: OfflineEarnings! = try fixture.open()
        let quarantined = try #require(reopened.quarantinedJournal)
        #expect(quarantined.path == journal + ".damaged-" + oldID)
        #expect(quarantined.verifiedRecords == 1, "the launch before the cut line verifies")
        #expect(!quarantined.needsEnrollment && !reopened.needsEnrollment)
        #expect(quarantined.message.key == "journalDamaged")
        #expect(quarantined.message.text == "Part of your saved offline time was damaged and set aside; offline earnings go on from here.")
        #expect(try bytes(quarantined.path) == damaged, "kept whole, unchanged")
        #expect(reopened.anchorRequest().journalID != oldID, "a new journal, with an id of its own")
        #expect(reopened.journalKey.keyIDHex == key.keyIDHex, "under the same key")
        #expect(first > 0)
        #expect(try await session(reopened, fixture) == first, "a new session is paid as before")
        #expect(try JournalReader.verify(path: journal, key: key).isIntact)
        reopened = nil
        // Only the start that set it aside reports it.
        #expect(try fixture.open().quarantinedJournal == nil)
    }

    @Test("A damaged header (nothing verifies) is set aside too; a torn last line is only cut, and a journal under another key is never set aside")
    func whatIsSetAside() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        earnings = nil
        let journal = fixture.directory + "/journal.jsonl"
        var data = try bytes(journal)
        data.append(contentsOf: Array(#"{"seq":2,"type":"session.heartbeat""#.utf8))
        try Data(data).write(to: URL(fileURLWithPath: journal))
        let repaired = try fixture.open()
        #expect(repaired.quarantinedJournal == nil && repaired.repairedTornTail, "a torn last line is cut, not set aside")
        let key = repaired.journalKey
        _ = consume repaired

        try cutLine(1, of: journal)
        let second = try fixture.open()
        #expect(try #require(second.quarantinedJournal).verifiedRecords == 0)
        _ = consume second

        // Another key in the key file: the journal is fine, the key is wrong: key-lost, nothing moved.
        let before = try bytes(journal)
        try Data((String(repeating: "ab", count: 32) + "\n").utf8).write(to: URL(fileURLWithPath: fixture.directory + "/player.key"))
        #expect { try fixture.open() } throws: { ($0 as? EarningsError)?.code == .keyLost }
        #expect(try bytes(journal) == before)
        #expect(key.keyIDHex != (try KeyFile.load(path: fixture.directory + "/player.key")).keyIDHex)
    }

    @Test("Issue 29 case 1: an empty or torn key file nobody recorded under is made again; one the journal depends on is key-lost and nothing changes")
    func keyRecovery() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: true)
        let keyPath = fixture.directory + "/player.key"
        for damaged in ["", "\n", "0123456789abcdef0123"] {
            // What a full disk or a crash left of a key file before keys were created whole.
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: keyPath))
            var earnings: OfflineEarnings? = try fixture.open()
            #expect(earnings!.createdKey, "\(damaged.debugDescription) is replaced")
            #expect(try bytes(keyPath).count == 65)
            earnings = nil
            try FileManager.default.removeItem(atPath: fixture.directory + "/journal.jsonl")
        }
        var earnings: OfflineEarnings? = try fixture.open()
        _ = try await earnings!.launch()
        let paid = try await session(earnings!, fixture)
        earnings = nil
        let journal = try bytes(fixture.directory + "/journal.jsonl")
        for damaged in ["", "0123"] {
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: keyPath))
            #expect {
                try fixture.open()
            } throws: { error in
                let error = try #require(error as? EarningsError)
                return error.code == .keyLost && error.description.contains("holds records written under that key")
                    && error.description.contains("Restore the key file")
            }
            #expect(try bytes(keyPath) == Array(damaged.utf8), "the damaged key file is left for a restore")
            #expect(try bytes(fixture.directory + "/journal.jsonl") == journal)
        }
        try FileManager.default.removeItem(atPath: keyPath)
        #expect { try fixture.open() } throws: { ($0 as? EarningsError)?.code == .keyLost }
        #expect(!FileManager.default.fileExists(atPath: keyPath), "no new key is made under a journal that needs the old one")
        #expect(paid > 0)
    }

    @Test(
        "An enrolled journal that is damaged: set aside, the device records under its own key (needsEnrollment), and a new enrollment begins its journal once no session is open"
    )
    func enrolledJournalDamaged() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let server = AnchorTestServer(clock: fixture.clock)
        let first = server.enroll(idByte: 0x11)
        func open(_ enrollment: Enrollment) throws -> OfflineEarnings {
            var configuration = fixture.configuration()
            configuration.enrollment = enrollment
            return try OfflineEarnings(directory: fixture.directory, configuration: configuration)
        }
        var earnings: OfflineEarnings? = try open(first)
        let paid = try await session(earnings!, fixture)
        earnings = nil
        let journal = fixture.directory + "/journal.jsonl"
        try cutLine(3, of: journal)

        earnings = try open(first)
        let quarantined = try #require(earnings!.quarantinedJournal)
        #expect(quarantined.needsEnrollment && earnings!.needsEnrollment)
        #expect(quarantined.path == journal + ".damaged-" + first.journalID)
        #expect(FileManager.default.fileExists(atPath: fixture.directory + "/player.key"), "the device's own key")
        #expect(try await session(earnings!, fixture) == paid, "earnings go on meanwhile")
        let ownID = earnings!.anchorRequest().journalID
        earnings = nil
        // The same (spent) enrollment again: the own journal goes on; the enrolled one is never begun again.
        earnings = try open(first)
        #expect(earnings!.needsEnrollment && earnings!.quarantinedJournal == nil)
        #expect(earnings!.anchorRequest().journalID == ownID)
        try earnings!.background(goldPerHour: 600)
        earnings = nil

        // A new enrollment while a session of the own journal is open: the own journal goes on until it closes.
        fixture.clock.advance(nanoseconds: hour)
        let second = server.enroll(idByte: 0x22)
        earnings = try open(second)
        #expect(earnings!.anchorRequest().journalID == ownID && !earnings!.needsEnrollment)
        #expect(try #require(try await earnings!.foreground()).goldNow > 0, "the open session is paid, not lost")
        earnings = nil
        earnings = try open(second)
        #expect(earnings!.anchorRequest().journalID == second.journalID)
        #expect(FileManager.default.fileExists(atPath: journal + ".replaced-" + ownID), "the own journal is kept")
        var records: [JournalRecord] = []
        _ = try JournalReader.read(path: journal, key: try JournalKey(bytes: second.key)) { records.append($0) }
        #expect(records.first?.type == "anchor" && records.count == 1, "the enrollment's anchor is record 1")
    }
}
