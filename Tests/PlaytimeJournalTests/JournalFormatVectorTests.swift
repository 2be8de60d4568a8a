import PlaytimeCrypto
import PlaytimeJournal
import Testing

/// The worked example of docs/journal-format.md, produced independently with Python's `hmac` module:
/// key = bytes 0x00…0x1f, journal id = 16 zero bytes, three records.
@Suite("Journal format worked example")
struct JournalFormatVectorTests {
    static let expected = """
        {"journal":"playtime","version":1,"key_id":"24a0391361c80d5d","journal_id":"00000000000000000000000000000000","mac":"1c2e30110021042a19a48de8929423289f8294d62ca07b714763ba935432470e"}
        {"seq":1,"type":"background","payload":{"at":1},"mac":"cf9d693398c556711c89494051bd02aaf17f05a79aef00916f94776867226c7a"}
        {"seq":2,"type":"foreground","payload":{"at":2,"x":[1,"a"]},"mac":"3c70fa55a27f3b15cfb1783530af25e5fe865c9967501e3a0c607b76c71f4eb8"}
        {"seq":3,"type":"claim","payload":{},"mac":"28831e89c157871edae0f2e87f8d0cd009d793c7c9b0552c8f94c9757e48e390"}

        """

    @Test("the encoder produces the documented bytes, and the reader accepts them")
    func workedExample() throws {
        let key = try JournalKey(bytes: Array(0..<32))
        #expect(key.keyIDHex == "24a0391361c80d5d")
        var encoder = JournalEncoder(key: key, journalID: Array(repeating: 0, count: 16))
        var bytes = encoder.headerLine
        bytes += try encoder.encodeRecord(type: "background", payload: Array(#"{"at":1}"#.utf8))
        bytes += try encoder.encodeRecord(type: "foreground", payload: Array(#"{"at":2,"x":[1,"a"]}"#.utf8))
        bytes += try encoder.encodeRecord(type: "claim", payload: Array("{}".utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == Self.expected)
        let result = JournalReader.verify(bytes: Array(Self.expected.utf8), key: key)
        #expect(result.isIntact && result.recordCount == 3)
        #expect(Hex.encode(result.headMAC) == "28831e89c157871edae0f2e87f8d0cd009d793c7c9b0552c8f94c9757e48e390")
    }
}
