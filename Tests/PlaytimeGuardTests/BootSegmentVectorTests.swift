@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PropertyTesting
import Testing

@testable import PlaytimeGuard

/// The version-2 boot values pinned to the bytes of docs/journal-format.md §13 (produced by the Python
/// reference, Benchmarks/python/playtime_journal.py `boot_pseudonym`, from the document alone).
@Suite("Boot segment vectors")
struct BootSegmentVectorTests {
    static let key = try! JournalKey(bytes: Array(0..<32))
    static let raw = "4b0c6a3e-1f2d-4c5b-9a8e-7d6c5b4a3f21"

    @Test("the pseudonym of generations 0 and 1 of one raw boot; another origin, another pseudonym with the same tag")
    func pseudonyms() {
        let origin: Int64 = 1_000_000_000_000
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 0, origin: origin, key: Self.key) == "ffd8f9480a5c82c4e622f2da3c64a4e0")
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 1, origin: origin, key: Self.key) == "d63041286a92b1dc5d047636cef86897")
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 0, origin: 2 * origin, key: Self.key) == "ffd8f9480a5c82c4a635df8108fb8f68")
        #expect(BootPseudonym.of(rawBootID: Self.raw, generation: 3, origin: -5, key: Self.key) == "1c3a98ec4894d43f85393f08c15792f9")
        #expect(BootPseudonym.tag(rawBootID: Self.raw, generation: 0, key: Self.key) == "ffd8f9480a5c82c4")
        #expect(BootPseudonym.generations(of: Self.raw, key: Self.key).count == 64)
    }

    @Test("the sidecar's bytes, and one changed byte anywhere is refused")
    func sidecar() {
        let sidecar = BootSidecar(
            journalID: Array(repeating: 0, count: 16), generation: 0,
            pseudonym: "ffd8f9480a5c82c4e622f2da3c64a4e0", originNanoseconds: 1_000_000_000_000)
        let expected =
            #"{"sidecar":"playtime-boot","version":2,"journal_id":"00000000000000000000000000000000","generation":0,"bootId":"ffd8f9480a5c82c4e622f2da3c64a4e0","origin":1000000000000,"mac":"d2e4db8d0ba8274b37bafeb8763ceff71cc9346404dbef4ebcb04bac5338d02f"}"#
            + "\n"
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
        let sidecar = BootSidecar(
            journalID: Array(repeating: 7, count: 16), generation: 3,
            pseudonym: BootPseudonym.of(rawBootID: Self.raw, generation: 3, origin: -5, key: Self.key), originNanoseconds: -5)
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

    @Test("a version-2 journal's exact bytes: the header and one session record (docs/journal-format.md §13.5)")
    func version2Journal() throws {
        var encoder = JournalEncoder(key: Self.key, journalID: Array(repeating: 0, count: 16), version: 2)
        var evidence = Evidence(
            event: .launch, sessionID: "0000000000000001",
            clock: ClockReading(
                wallNanoseconds: 1_796_083_200_000_000_000, bootNanoseconds: 0,
                bootID: BootPseudonym.of(rawBootID: Self.raw, generation: 0, origin: 1_000_000_000_000, key: Self.key)),
            network: nil, connectivity: Connectivity(state: .unknown, reason: "interfaces-up"))
        evidence.payloadVersion = 2
        evidence.rebootCreditNanoseconds = 1_799_000_000_000
        let record = try encoder.encodeRecord(type: "session.launch", payload: EvidenceCodec.encode(evidence))
        let expected = #"""
            {"journal":"playtime","version":2,"key_id":"24a0391361c80d5d","journal_id":"00000000000000000000000000000000","mac":"1dfe760122c25562a6ea1fe7f8af62a95e3c34ff9647d82af11f0bdc165a64a9"}
            {"seq":1,"type":"session.launch","payload":{"v":2,"session":"0000000000000001","event":"launch","origin":"lifecycle","wall":1796083200000000000,"boot":0,"bootId":"ffd8f9480a5c82c4e622f2da3c64a4e0","net":null,"netErr":null,"conn":"unknown","connReason":"interfaces-up","rate":0,"policy":"","rebootCredit":1799000000000},"mac":"d803669790fbee42c782ad368aebc9fad5b8fb4ba985fd809804eb2ada674e0d"}

            """#
        #expect(String(decoding: encoder.headerLine + record, as: UTF8.self) == expected)
        var read: [Evidence] = []
        let verification = JournalReader.verify(bytes: encoder.headerLine + record, key: Self.key) { record in
            if let decoded = EvidenceCodec.decode(record.payload), decoded.payloadVersion == Int64(record.journalVersion) { read.append(decoded) }
        }
        #expect(verification.isIntact && verification.header?.version == 2)
        #expect(read == [evidence])
    }
}
