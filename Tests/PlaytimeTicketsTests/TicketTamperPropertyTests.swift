import PlaytimeCrypto
import PlaytimeTickets
import PropertyTesting
import Testing

/// Forgery (threat 13's other half) and parser robustness, as properties.
@Suite("Ticket tampering and parsing properties")
struct TicketTamperPropertyTests {
    typealias F = TicketFixtures

    @Test("every single-byte replacement of the text form, at every position, with every byte value, is refused")
    func exhaustiveFlips() throws {
        let authority = F.authority()
        let ticket = try authority.issue(player: "player-42", session: "session-7", rate: 600, at: F.start)
        let original = Array(try ticket.encodedText().utf8)
        var refused = 0
        for position in original.indices {
            for value in 0...255 where UInt8(value) != original[position] {
                var bytes = original
                bytes[position] = UInt8(value)
                let text = String(decoding: bytes, as: UTF8.self)
                do {
                    _ = try authority.redeem(text, player: "player-42", at: F.start + F.hour)
                    Issue.record("accepted a text altered at byte \(position) to \(value)")
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused == original.count * 255)
        // None of the refusals touched the replay guard: the genuine ticket still pays.
        _ = try authority.redeem(String(decoding: original, as: UTF8.self), player: "player-42", at: F.start + F.hour)
    }

    @Test("property: for random tickets, a random single-byte change is refused and the original still pays")
    func randomFlips() throws {
        try PropertyCheck.check(TicketGen.flip, name: "single-byte flip refused") { input in
            let ((player, session, rate, issuedAt), positionSeed, replacement) = input
            // A fresh guard per case: issue times jump around, and a shared guard's collection
            // horizon would (correctly) refuse tickets from before an instant it has already seen.
            let authority = F.authority()
            let ticket = try authority.issue(player: player, session: session, rate: rate, at: issuedAt)
            let original = Array(try ticket.encodedText().utf8)
            let position = Int(positionSeed % UInt64(original.count))
            var bytes = original
            bytes[position] = replacement == original[position] ? replacement ^ 0x01 : replacement
            let now = issuedAt + F.hour
            var accepted = false
            do {
                _ = try authority.redeem(String(decoding: bytes, as: UTF8.self), player: player, at: now)
                accepted = true
            } catch {}
            try PropertyCheck.expect(!accepted, "accepted a change at byte \(position)")
            _ = try authority.redeem(String(decoding: original, as: UTF8.self), player: player, at: now)
        }
    }

    @Test("property: garbage never traps the parser; whatever parses is exactly the canonical text")
    func garbage() throws {
        try PropertyCheck.check(TicketGen.textish, name: "parser total and canonical") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let ticket = try? DepartureTicket.parse(text) else { return }
            try PropertyCheck.expect(try ticket.encodedText() == text, "accepted a non-canonical text")
        }
    }

    @Test("property: truncations and insertions of a valid text are refused")
    func truncateAndInsert() throws {
        let authority = F.authority()
        let gen = Gen.zip(TicketGen.issue, Gen<UInt64>.uint64, Gen<UInt8>.element(of: Array("Aa0-_.=".utf8)))
        try PropertyCheck.check(gen, name: "truncation / insertion refused") { input in
            let ((player, session, rate, issuedAt), positionSeed, inserted) = input
            let ticket = try authority.issue(player: player, session: session, rate: rate, at: issuedAt)
            let original = Array(try ticket.encodedText().utf8)
            let cut = Int(positionSeed % UInt64(original.count))
            var longer = original
            longer.insert(inserted, at: cut)
            for candidate in [Array(original[..<cut]), longer] {
                let result = Result { () throws(TicketError) -> Redemption in
                    try authority.redeem(String(decoding: candidate, as: UTF8.self), player: player, at: issuedAt + F.hour)
                }
                if case .success = result { throw PropertyAssertion("accepted an altered length at \(cut)") }
            }
        }
    }

    @Test("property: canonical bytes parse back to the same ticket")
    func canonicalRoundTrip() throws {
        let authority = F.authority()
        try PropertyCheck.check(TicketGen.issue, name: "canonical round trip") { player, session, rate, issuedAt in
            let ticket = try authority.issue(player: player, session: session, rate: rate, at: issuedAt)
            let parsed = try DepartureTicket.parse(canonicalBytes: try ticket.canonicalBytes(), tag: ticket.tag)
            try PropertyCheck.expect(parsed == ticket, "round trip changed the ticket")
            try PropertyCheck.expect(try DepartureTicket.parse(try ticket.encodedText()) == ticket, "text round trip")
        }
    }

    @Test("specific malformed inputs get specific reasons")
    func reasons() {
        let valid = TicketVectorTests.text
        let cases: [(String, TicketFormatError)] = [
            ("", .sectionCount(1)),
            ("pt2.AAAA.AAAA", .unknownPrefix),
            ("pt1.AAAA", .sectionCount(2)),
            ("pt1.A.AAAA", .invalidBase64(section: "payload")),
            ("pt1.AAAA.AB==", .invalidBase64(section: "tag")),
            ("pt1.AAAA.AAAA", .invalidTagLength(3)),
            ("pt1.AAAAAA." + String(valid.split(separator: ".")[2]), .badMagic),
            (String(repeating: "A", count: 5000), .tooLong(byteCount: 5000)),
        ]
        for (text, reason) in cases {
            #expect(throws: reason, "\(text.prefix(40))") { try DepartureTicket.parse(text) }
        }
        // Non-zero unused bits in the last base64 digit: same bytes, different text, refused.
        var bytes = Array(valid.utf8)
        let last = bytes.count - 1
        bytes[last] = bytes[last] == UInt8(ascii: "c") ? UInt8(ascii: "d") : UInt8(ascii: "c")
        #expect(throws: TicketFormatError.invalidBase64(section: "tag")) { try DepartureTicket.parse(String(decoding: bytes, as: UTF8.self)) }
    }
}
