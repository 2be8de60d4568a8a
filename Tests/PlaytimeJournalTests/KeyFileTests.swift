import Foundation
import PlaytimeCrypto
import PlaytimeJournal
import Testing

@Suite("Key files")
struct KeyFileTests {
    @Test("generate writes 64 hex digits, mode 0600, and loads back as the same key")
    func generateAndLoad() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/journal.key"
            let made = try KeyFile.generate(path: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.count == 65 && text.hasSuffix("\n"))
            #expect(Hex.decode(text.dropLast()) != nil)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
            let loaded = try KeyFile.load(path: path)
            #expect(loaded.keyID == made.keyID)
            #expect(throws: KeyFileError.alreadyExists(path: path)) { try KeyFile.generate(path: path) }
        }
    }

    @Test("missing, not hex, too short, too large and unreadable are distinct errors")
    func loadFailures() throws {
        try JournalFixtures.withTemporaryDirectory { directory throws in
            #expect(throws: KeyFileError.missing(path: directory + "/none")) { _ = try KeyFile.load(path: directory + "/none") }
            let write = { (name: String, text: String) -> String in
                let path = directory + "/" + name
                _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
                return path
            }
            let notHex = write("nothex", "zz00112233445566778899aabbccddeeff\n")
            #expect(throws: KeyFileError.notHex(path: notHex)) { _ = try KeyFile.load(path: notHex) }
            let odd = write("odd", "0011223344556677889900aabbccddeef\n")
            #expect(throws: KeyFileError.notHex(path: odd)) { _ = try KeyFile.load(path: odd) }
            let short = write("short", "00112233445566778899aabbccddee\n")
            #expect(throws: KeyFileError.tooShort(path: short, byteCount: 15)) { _ = try KeyFile.load(path: short) }
            let empty = write("empty", "\n")
            #expect(throws: KeyFileError.tooShort(path: empty, byteCount: 0)) { _ = try KeyFile.load(path: empty) }
            let large = write("large", String(repeating: "00", count: 3000))
            #expect(throws: KeyFileError.tooLarge(path: large)) { _ = try KeyFile.load(path: large) }
            let exact = write("exact", "  00112233445566778899AABBCCDDEEFF\r\n")
            #expect(try KeyFile.load(path: exact).keyID.count == 8)
            #expect(throws: KeyFileError.self) { _ = try KeyFile.load(path: directory) }
            do {
                _ = try KeyFile.load(path: directory)
            } catch {
                guard case KeyFileError.unreadable = error else {
                    Issue.record("a directory should be unreadable, got \(error)")
                    return
                }
            }
            #expect(throws: KeyFileError.tooShort(path: nil, byteCount: 15)) { _ = try JournalKey(bytes: Array(repeating: 1, count: 15)) }
        }
    }

    @Test("key id is the first 8 bytes of HMAC(key, \"playtime-key-id\")")
    func keyID() throws {
        let bytes = Array(UInt8(0)..<32)
        let key = try JournalKey(bytes: bytes)
        let expected = HMAC<SHA256>.authenticationCode(for: Array("playtime-key-id".utf8), using: bytes).prefix(8)
        #expect(key.keyID == Array(expected))
        #expect(key.keyIDHex.count == 16)
    }
}
