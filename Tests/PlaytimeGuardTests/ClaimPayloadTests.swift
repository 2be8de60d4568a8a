import Foundation
import PlaytimeGuard
import Testing

/// The claim payload's two versions (docs/journal-format.md §8): version 1 without pending multipliers, version 2
/// with `pending`, never empty; anything else is refused.
@Suite("Claim payloads: version 1, and version 2 with pending multipliers")
struct ClaimPayloadTests {
    let plain = ClaimRecord(
        sessionID: "s1", creditedSeconds: 65, status: .verified, paidGold: 5, escrowedGold: 0, multipliers: [],
        goldPerHour: 600, policyVersion: "default-1")

    @Test("A claim without pending names is written as version 1, byte for byte as before, and read back")
    func versionOne() throws {
        let bytes = ClaimCodec.encode(plain)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"v":1,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"rate":600,"policy":"default-1"}"#)
        #expect(ClaimCodec.decode(bytes) == plain)
    }

    @Test("Pending names make version 2, with 'pending' after 'multipliers'; it reads back")
    func versionTwo() throws {
        var claim = plain
        claim.pendingMultipliers = ["ad"]
        let bytes = ClaimCodec.encode(claim)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"v":2,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"pending":["ad"],"rate":600,"policy":"default-1"}"#
        )
        #expect(ClaimCodec.decode(bytes) == claim)
    }

    @Test("Refused: version 2 without 'pending' or with it empty, version 1 with it, version 3")
    func refused() {
        for text in [
            #"{"v":2,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"rate":600,"policy":"default-1"}"#,
            #"{"v":2,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"pending":[],"rate":600,"policy":"default-1"}"#,
            #"{"v":1,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"pending":["ad"],"rate":600,"policy":"default-1"}"#,
            #"{"v":3,"session":"s1","credited":65,"status":"verified","paid":5,"escrow":0,"multipliers":[],"pending":["ad"],"rate":600,"policy":"default-1"}"#,
        ] {
            #expect(ClaimCodec.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test("A claim encoded with Codable before pending multipliers existed decodes with none")
    func codableWithoutPending() throws {
        let old =
            #"{"sessionID":"s1","creditedSeconds":65,"status":"verified","paidGold":5,"escrowedGold":0,"multipliers":[],"goldPerHour":600,"policyVersion":"default-1"}"#
        #expect(try JSONDecoder().decode(ClaimRecord.self, from: Data(old.utf8)) == plain)
        var claim = plain
        claim.pendingMultipliers = ["ad"]
        #expect(try JSONDecoder().decode(ClaimRecord.self, from: JSONEncoder().encode(claim)) == claim)
    }
}
