@testable import PlaytimeGuard
import PlaytimeJournal
import PropertyTesting
import Testing

/// The version-2 boot values pinned to the bytes of docs/journal-format.md §13 (produced by the Python
/// reference, Benchmarks/python/playtime_journal.py `boot_pseudonym`, from the document alone).
@Suite("Boot segment vectors")
struct BootSegmentVectorTests {
    static let key = try! JournalKey(bytes: Array(0..<32))
    static let raw = "4b0c6a3e-1f2d-4c5b-9a8e-7d6c5b4a3f21"

    @Test("the pseudonym of generations 0 and 1 of one raw boot")
    func pseudonyms() {
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 0, key: Self.key) == "ffd8f9480a5c82c4dc360301c306a175")
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 1, key: Self.key) == "d63041286a92b1dc89780db06cc22080")
        #expect(BootPseudonym.generations(of: Self.raw, key: Self.key).count == 64)
    }

    @Test("the sidecar's bytes, and one changed byte anywhere is refused")
    func sidecar() {
        let sidecar = BootSidecar(journalID: Array(repeating: 0, count: 16), generation: 0,
                                  pseudonym: "ffd8f9480a5c82c4dc360301c306a175", originNanoseconds: 1_000_000_000_000)
        let expected = #"{"sidecar":"playtime-boot","version":2,"journal_id":"00000000000000000000000000000000","generation":0,"bootId":"ffd8f9480a5c82c4dc360301c306a175","origin":1000000000000,"mac":"b17541554c8ae9bd66dc4cd11467599954548d81f685258c2f8d81ce146d2630"}"# + "\n"
        let bytes = sidecar.encoded(key: Self.key)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(BootSidecar.decode(bytes, key: Self.key, journalID: sidecar.journalID) == sidecar)
        #expect(BootSidecar.decode(bytes, key: Self.key, journalID: Array(repeating: 1, count: 16)) == nil)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(BootSidecar.decode(changed, key: Self.key, journalID: sidecar.journalID) == nil, "byte \(index)")
        }
        #expect(BootSidecar.decode(Array(bytes.dropLast()), key: Self.key, journalID: sidecar.journalID) == nil)
    }

    @Test("no sidecar but the genuine one decodes: random bytes, and the genuine line with bytes replaced, inserted or cut")
    func hostileSidecars() throws {
        let sidecar = BootSidecar(journalID: Array(repeating: 7, count: 16), generation: 3,
                                  pseudonym: BootPseudonym.of(rawBootID: Self.raw, generation: 3, key: Self.key), originNanoseconds: -5)
        let genuine = sidecar.encoded(key: Self.key)
        #expect(BootSidecar.decode(genuine, key: Self.key, journalID: sidecar.journalID) == sidecar)
        let edits = Gen.zip(Gen.int(in: 0...2), Gen.int(in: 0...(genuine.count - 1)), Gen.array(of: Gen.int(in: 0...255), count: 0...40))
        try PropertyCheck.check(edits, name: "edited sidecars are refused") { (edit: (Int, Int, [Int])) throws in
            let (kind, position, values) = edit
            var bytes = genuine
            let insert = values.map { UInt8($0) }
            switch kind {
            case 0: bytes.replaceSubrange(position..<min(bytes.count, position + insert.count), with: insert)
            case 1: bytes.insert(contentsOf: insert, at: position)
            default: bytes = Array(bytes.prefix(position)) + insert
            }
            let decoded = BootSidecar.decode(bytes, key: Self.key, journalID: sidecar.journalID)
            try PropertyCheck.expect(decoded == nil || bytes == genuine, "an edited sidecar decoded")
            try PropertyCheck.expect(BootSidecar.decode(insert, key: Self.key, journalID: sidecar.journalID) == nil, "random bytes decoded")
        }
    }
}
