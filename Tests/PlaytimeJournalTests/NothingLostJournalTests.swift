import Foundation
import PlaytimeCrypto
import PlaytimeJournal
import PlaytimeSystem
import Testing

/// The journal layer's part of "nothing lost" (issue 29; docs/guarantees.md): files created whole, a key file nobody
/// recorded under recovered, a damaged journal set aside whole.
@Suite("Nothing lost: atomic files, key recovery, quarantine")
struct NothingLostJournalTests {
    func bytes(_ path: String) throws -> [UInt8] { try FileSystem.readRegularFile(atPath: path, byteLimit: 1 << 24) }
    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func names(_ directory: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    @Test("createFile makes the whole file with its permissions, never replaces one, and leaves no temporary file")
    func createFile() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/made"
            try FileSystem.createFile(atPath: path, bytes: Array("first\n".utf8), permissions: 0o600)
            #expect(try bytes(path) == Array("first\n".utf8))
            #expect(try FileSystem.permissions(of: path) == 0o600)
            #expect(throws: FileAccessError(path: path, access: .write, reason: .alreadyExists)) {
                try FileSystem.createFile(atPath: path, bytes: Array("second\n".utf8))
            }
            #expect(try bytes(path) == Array("first\n".utf8))
            #expect(try names(directory) == ["made"])
            #expect(throws: FileAccessError.self) { try FileSystem.createFile(atPath: directory + "/missing/file", bytes: [1]) }
            #expect(try names(directory) == ["made"])
        }
    }

    @Test("loadOrCreate: a missing key is made; an empty or torn one is made again while the journal holds no record; other text is refused")
    func keyRecovery() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let key = directory + "/player.key"
            let journal = directory + "/journal.jsonl"
            let (made, origin) = try KeyFile.loadOrCreate(path: key, journalPath: journal)
            #expect(origin == .created)
            #expect(try KeyFile.loadOrCreate(path: key, journalPath: journal).0.keyID == made.keyID)
            #expect(try KeyFile.loadOrCreate(path: key, journalPath: journal).1 == .loaded)
            for (text, problem) in [
                ("", "is empty"), (" \n", "is empty"), ("0123456789abcdef", "holds only 8 bytes of a key (torn)"),
                ("0123456789abcdef0123456789abcdef012", "holds a key cut short (torn)"),
            ] {
                try write(text, key)
                let (replaced, origin) = try KeyFile.loadOrCreate(path: key, journalPath: journal)
                #expect(origin == .replacedDamaged(problem: problem))
                #expect(try KeyFile.load(path: key).keyID == replaced.keyID)
            }
            try write("not a key\n", key)
            #expect(throws: KeyFileError.notHex(path: key)) { try KeyFile.loadOrCreate(path: key, journalPath: journal) }
            #expect(try bytes(key) == Array("not a key\n".utf8))
            // A torn header records nothing: the key is made again and the journal left for the writer to cut.
            try write("", key)
            try write(#"{"journal":"playtime","vers"#, journal)
            #expect(try KeyFile.loadOrCreate(path: key, journalPath: journal).1 == .replacedDamaged(problem: "is empty"))
            #expect(try bytes(journal) == Array(#"{"journal":"playtime","vers"#.utf8))
        }
    }

    @Test("loadOrCreate: a header alone is set aside (kept); records make the lost key an error that changes nothing")
    func keyOfJournal() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let keyPath = directory + "/player.key"
            let journal = directory + "/journal.jsonl"
            let key = try KeyFile.generate(path: keyPath)
            var writer = try JournalWriter(path: journal, key: key, journalID: Array(repeating: 0xab, count: 16))
            let header = try bytes(journal)
            try write("", keyPath)
            _ = try KeyFile.loadOrCreate(path: keyPath, journalPath: journal)
            #expect(!FileManager.default.fileExists(atPath: journal))
            #expect(try bytes(journal + ".damaged-" + String(repeating: "ab", count: 16)) == header)

            let second = try KeyFile.load(path: keyPath)
            writer = try JournalWriter(path: journal, key: second)
            try writer.append(type: "note", payload: "{}")
            try writer.close()
            let recorded = try bytes(journal)
            try write("", keyPath)
            let keyID = Hex.encode(second.keyID)
            #expect(throws: KeyFileError.lostKeyOfJournal(path: keyPath, problem: "is empty", journal: journal, keyID: keyID)) {
                try KeyFile.loadOrCreate(path: keyPath, journalPath: journal)
            }
            try FileManager.default.removeItem(atPath: keyPath)
            #expect(throws: KeyFileError.lostKeyOfJournal(path: keyPath, problem: "does not exist", journal: journal, keyID: keyID)) {
                try KeyFile.loadOrCreate(path: keyPath, journalPath: journal)
            }
            #expect(!FileManager.default.fileExists(atPath: keyPath))
            #expect(try bytes(journal) == recorded)
        }
    }

    @Test("A new journal is created whole: its header written and synced before it has its name")
    func journalCreatedWhole() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let key = try JournalKey(bytes: Array(repeating: 3, count: 32))
            let path = directory + "/journal.jsonl"
            var writer = try JournalWriter(path: path, key: key)
            let header = try bytes(path)
            #expect(header.last == 0x0a && header.count > 100)
            #expect(try FileSystem.permissions(of: path) == 0o600)
            #expect(try names(directory) == ["journal.jsonl"])
            try writer.append(type: "note", payload: "{}")
            try writer.close()
            // An empty file (an earlier version's, or someone's touch) still gets its header in place.
            let other = directory + "/empty.jsonl"
            try write("", other)
            _ = try JournalWriter(path: other, key: key)
            #expect(JournalReader.verify(bytes: try bytes(other), key: key).isIntact)
        }
    }

    @Test("quarantine sets a damaged journal aside whole (twice: a second name), and leaves intact, torn, other-key and other-journal files alone")
    func quarantine() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let key = try JournalKey(bytes: Array(repeating: 5, count: 32))
            let path = directory + "/journal.jsonl"
            let id = Array(repeating: UInt8(0xcd), count: 16)
            var writer = try JournalWriter(path: path, key: key, journalID: id)
            for index in 0..<4 { try writer.append(type: "note", payload: #"{"n":\#(index)}"#) }
            try writer.close()
            let intact = try bytes(path)
            #expect(try JournalWriter.quarantine(path: path, key: key) == nil)
            try Data(intact + Array(#"{"seq":5,"ty"#.utf8)).write(to: URL(fileURLWithPath: path))
            #expect(try JournalWriter.quarantine(path: path, key: key) == nil, "a torn last line is a repair's")
            #expect(try JournalWriter.quarantine(path: path, key: try JournalKey(bytes: Array(repeating: 6, count: 32))) == nil, "another key")
            var damaged = intact
            damaged[intact.count / 2] ^= 0x01
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(try JournalWriter.quarantine(path: path, key: key, expected: Array(repeating: 0, count: 16)) == nil, "another journal")
            let quarantine = try #require(try JournalWriter.quarantine(path: path, key: key))
            #expect(quarantine.path == path + ".damaged-" + Hex.encode(id))
            #expect(quarantine.journalID == id)
            #expect(quarantine.verification.recordCount < 4 && quarantine.verification.failure != nil)
            #expect(try bytes(quarantine.path) == damaged)
            #expect(!FileManager.default.fileExists(atPath: path))
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(try JournalWriter.quarantine(path: path, key: key)?.path == path + ".damaged-" + Hex.encode(id) + "-2")
            #expect(try bytes(quarantine.path) == damaged, "the first is never replaced")
        }
    }
}
