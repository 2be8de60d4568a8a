import PlaytimeGuard
import PlaytimeJournal
import Testing

/// The `pa1` token and the `anchor` record payload (docs/journal-format.md §14): one text per anchor, every
/// other spelling refused.
@Suite("Server anchor tokens and the anchor record codec")
struct ServerAnchorTokenTests {
    let key = AnchorKey(serverSecret: Array("a server secret of at least some bytes".utf8))
    let journal = "0123456789abcdef0123456789abcdef"
    let mac = String(repeating: "ab", count: 32)

    func issued(time: Int64 = 1_796_083_200_000_000_000, account: String = "player-7", sequence: UInt64 = 3) -> ServerAnchor {
        key.issue(
            serverNanoseconds: time, account: account, journalID: journal, headSequence: sequence, headMAC: mac,
            nonce: Array(repeating: 0x5a, count: 16))
    }

    /// `text` with its field `index` (0-based, between the dots) replaced by `value`.
    func replacing(_ text: String, field index: Int, with value: String) -> String {
        var fields = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        fields[index] = value
        return fields.joined(separator: ".")
    }

    func refused(_ text: String) -> Bool {
        do {
            _ = try ServerAnchor(text: text)
            return false
        } catch { return true }
    }

    @Test("A token parses back to the anchor it was issued as, and only the issuing key verifies it")
    func roundTrip() throws {
        let anchor = issued(account: "Spieler Ä")
        let parsed = try ServerAnchor(text: anchor.text)
        #expect(parsed == anchor)
        #expect(parsed.text == anchor.text)
        #expect(key.verifies(parsed))
        #expect(!AnchorKey(serverSecret: Array("another secret".utf8)).verifies(parsed))
        // Any field altered (the time one nanosecond later) no longer verifies.
        let later = try ServerAnchor(text: replacing(anchor.text, field: 1, with: String(anchor.serverNanoseconds + 1)))
        #expect(!key.verifies(later))
        // The enrollment's head: sequence 0 and no MAC, written "-".
        let start = key.issue(serverNanoseconds: 5, account: "p", journalID: journal, headSequence: 0, headMAC: mac)
        #expect(start.headMAC.isEmpty)
        #expect(start.text.split(separator: ".")[5] == "-")
        #expect(try ServerAnchor(text: start.text) == start)
    }

    @Test("Malformed tokens are refused: field count, prefix, case, leading zeros, head without MAC, length, UTF-8")
    func malformed() {
        let text = issued().text
        #expect(!refused(text))
        #expect(refused(text + ".00"), "nine fields")
        #expect(refused(text.split(separator: ".").dropLast().joined(separator: ".")), "seven fields")
        #expect(refused(replacing(text, field: 0, with: "pa2")), "another version")
        #expect(refused(replacing(text, field: 1, with: "0" + String(issued().serverNanoseconds))), "a leading zero in the time")
        #expect(refused(replacing(text, field: 1, with: "-1")), "a negative time")
        #expect(refused(replacing(text, field: 1, with: "9223372036854775808")), "a time beyond Int64")
        #expect(refused(replacing(text, field: 2, with: "504C")), "uppercase hex in the account")
        #expect(refused(replacing(text, field: 2, with: "ff")), "an account that is not UTF-8")
        #expect(refused(replacing(text, field: 2, with: "abc")), "odd hex")
        #expect(refused(replacing(text, field: 3, with: journal.uppercased())), "an uppercase journal id")
        #expect(refused(replacing(text, field: 3, with: String(journal.dropLast(2)))), "a short journal id")
        #expect(refused(replacing(text, field: 4, with: "03")), "a leading zero in the sequence")
        #expect(refused(replacing(text, field: 4, with: "0")), "sequence 0 with a MAC")
        #expect(refused(replacing(text, field: 5, with: "-")), "a sequence after the start without its MAC")
        #expect(refused(replacing(text, field: 5, with: mac.uppercased())), "an uppercase head MAC")
        #expect(refused(replacing(text, field: 6, with: String(repeating: "5A", count: 16))), "an uppercase nonce")
        #expect(refused(replacing(text, field: 7, with: String(repeating: "0", count: 62))), "a short MAC")
        #expect(refused(text + " "), "a trailing space")
        let long = issued(account: String(repeating: "x", count: 402))
        #expect(long.text.utf8.count > ServerAnchor.maximumTextByteCount)
        #expect(refused(long.text), "over-long")
        #expect(!refused(issued(account: String(repeating: "x", count: 300)).text))
    }

    @Test("The anchor record's payload round-trips in its one layout; anything else is refused")
    func codec() {
        let measured = AnchorRecord(
            token: issued().text, sentBootNanoseconds: 10, receivedBootNanoseconds: 52_000_010,
            bootID: "0011223344556677", wallNanoseconds: 1_796_083_200_000_000_000)
        let unmeasured = AnchorRecord(token: issued().text, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil, wallNanoseconds: 7)
        for record in [measured, unmeasured] {
            let payload = AnchorCodec.encode(record)
            #expect(AnchorCodec.decode(payload) == record)
        }
        #expect(
            String(decoding: AnchorCodec.encode(unmeasured), as: UTF8.self)
                == #"{"v":1,"token":"\#(issued().text)","sent":0,"received":0,"bootId":null,"wall":7}"#)
        func decodes(_ text: String) -> Bool { AnchorCodec.decode(Array(text.utf8)) != nil }
        let token = issued().text
        #expect(decodes(#"{"v":1,"token":"\#(token)","sent":1,"received":2,"bootId":"b","wall":3}"#))
        #expect(!decodes(#"{"v":1,"token":"\#(token)","sent":3,"received":2,"bootId":"b","wall":3}"#), "received before sent")
        #expect(!decodes(#"{"v":2,"token":"\#(token)","sent":1,"received":2,"bootId":"b","wall":3}"#), "another version")
        #expect(!decodes(#"{"token":"\#(token)","v":1,"sent":1,"received":2,"bootId":"b","wall":3}"#), "another order")
        #expect(!decodes(#"{"v":1,"token":"\#(token)","sent":1,"received":2,"bootId":"b","wall":3,"x":1}"#), "an extra field")
        let long = String(repeating: "x", count: ServerAnchor.maximumTextByteCount + 1)
        #expect(!decodes(#"{"v":1,"token":"\#(long)","sent":1,"received":2,"bootId":"b","wall":3}"#), "an over-long token")
    }
}
