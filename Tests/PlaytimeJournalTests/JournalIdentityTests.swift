import Foundation
import PlaytimeCrypto
import PlaytimeJournal
import Testing

@Suite("A journal created and reopened with a given id (an enrollment's)")
struct JournalIdentityTests {
    let key = JournalFixtures.key
    let enrolled = [UInt8](repeating: 0x42, count: 16)
    let other = [UInt8](repeating: 0x17, count: 16)

    @Test("Created with the id; reopened with it; another id is refused, even with a torn tail, and the file is not touched")
    func givenID() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/journal.jsonl"
            var writer = try JournalWriter(path: path, key: key, journalID: enrolled)
            #expect(writer.journalID == enrolled)
            try writer.append(type: "x", payload: "{}")
            try writer.close()
            #expect(try JournalReader.verify(path: path, key: key).header?.journalID == enrolled)
            var again = try JournalWriter(path: path, key: key, journalID: enrolled)
            #expect(again.lastSequence == 1)
            try again.close()
            // Without an id any journal opens (its own id is kept).
            try JournalWriter(path: path, key: key).close()

            let refusal = JournalError.otherJournal(expected: Hex.encode(other), found: Hex.encode(enrolled))
            #expect(throws: refusal) { _ = try JournalWriter(path: path, key: key, journalID: other) }
            var torn = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            torn += Array(#"{"seq":2,"type":"x","pay"#.utf8)
            try Data(torn).write(to: URL(fileURLWithPath: path))
            #expect(throws: refusal) { _ = try JournalWriter(path: path, key: key, journalID: other) }
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == torn, "another journal's torn tail is not cut")
            #expect(refusal.description == "the journal is \(Hex.encode(enrolled)), not the enrolled journal \(Hex.encode(other))")
        }
    }
}
