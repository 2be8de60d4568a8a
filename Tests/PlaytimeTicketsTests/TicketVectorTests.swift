import PlaytimeCrypto
import PlaytimeTickets
import Testing

/// The test vector printed in docs/tickets.md, computed independently (Python hmac/struct/base64)
/// from the documented layout. If this test fails, the format changed: update the doc.
@Suite("Ticket format vector")
struct TicketVectorTests {
    static let payloadHex =
        "50544b5401056b323032360009706c617965722d3432000973657373696f6e2d37000964656661756c742d31"
        + "18ecf827830c000018ef1e377c3500000000000000000258000102030405060708090a0b0c0d0e0f"
    static let tagHex = "38b31d43af79fcffd2bd986b12dd2aa5456eddc8b4225069b6a8975e1be640e7"
    static let text =
        "pt1.UFRLVAEFazIwMjYACXBsYXllci00MgAJc2Vzc2lvbi03AAlkZWZhdWx0LTEY7PgngwwAABjvHjd8NQAAAAAAAAAAAlgAAQIDBAUGBwgJCgsMDQ4P"
        + ".OLMdQ695_P_SvZhrEt0qpUVu3ci0IlBptqiXXhvmQOc"

    @Test("issuing the documented inputs gives the documented bytes, tag and text")
    func vector() throws {
        let authority = TicketFixtures.authority()
        let ticket = try authority.issue(
            player: "player-42", session: "session-7", rate: 600, at: 1_796_083_200_000_000_000,
            nonce: TicketNonce(bytes: Array(0..<16))!)
        #expect(Hex.encode(try ticket.canonicalBytes()) == Self.payloadHex)
        #expect(Hex.encode(ticket.tag) == Self.tagHex)
        #expect(try ticket.encodedText() == Self.text)
        #expect(ticket.expiresAt == 1_796_688_000_000_000_000)
        let parsed = try DepartureTicket.parse(Self.text)
        #expect(parsed == ticket)
        let redemption = try authority.redeem(Self.text, player: "player-42", at: 1_796_083_200_000_000_000 + 3_600_000_000_000)
        #expect(redemption.breakdown.totalGold == 300)
    }
}
