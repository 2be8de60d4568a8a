import Foundation
import PlaytimeAudit
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// A thief with a copy takes nothing from the owner (issue 29 cases 3 and 4; docs/anchors.md §2): an enrolled journal's
/// uploads must begin with its enrollment anchor, and under a shared key the first account to upload a journal does
/// not take it from the others; the thief stays within his own bound.
@Suite("A stolen copy takes nothing from its owner")
struct StolenCopyTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    func honestGold(_ seconds: Int64) throws -> Int64 { try verifiedGold(seconds) }

    @Test(
        "Issue 29 case 4: a journal written with Alice's enrollment text but without her enrollment anchor is refused and records nothing; Alice is paid in full"
    )
    func stolenEnrollment() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let enrollment = try server.enroll(player: "alice")
        let key = try JournalKey(bytes: enrollment.key)
        let id = Array(hexDecoding: enrollment.journalID)
        var alice = AnchoredJournal(key: key, player: "alice", journalID: id)
        try alice.record(token: enrollment.anchor, boot: 0)
        let wall = fixture.clock.read().wallNanoseconds
        try alice.session("00000000000000a1", wall: wall + 10 * s, boot: 10 * s, awaySeconds: 7_200)

        // Mallory: the same id and key, no enrollment anchor, an 8 h session of his own.
        var mallory = AnchoredJournal(key: key, player: "mallory", journalID: id)
        try mallory.session("00000000000000f1", wall: wall, boot: 5 * s, awaySeconds: 8 * 3_600)
        // … and one that begins with a head-0 anchor the server issued him later for that id (anyone may ask for one).
        fixture.clock.advance(nanoseconds: s)
        var later = AnchoredJournal(key: key, player: "mallory", journalID: id)
        try later.anchor(server, boot: 0)
        try later.session("00000000000000f2", wall: wall + 2 * s, boot: 5 * s, awaySeconds: 8 * 3_600)
        fixture.clock.advance(nanoseconds: 2 * hour + 30 * s)
        for forged in [mallory, later] {
            for player in ["mallory", "alice"] {
                let refused = try server.acceptUpload(forged.bytes, player: player)
                #expect(refused.outcome == .rejected && refused.paidGold == 0)
                #expect(
                    refused.decision.findings.map(\.kind) == [.enrollmentAnchorMissing] || player == "alice" && forged.bytes == later.bytes,
                    "\(refused.decision.findings)")
                #expect(refused.message.key == "notPaidSaveRejected")
            }
        }
        let paid = try server.acceptUpload(alice.bytes, player: "alice")
        #expect(paid.outcome == .accepted && paid.isClean, "\(paid.decision.findings)")
        #expect(paid.paidGold == (try honestGold(7_199)), "Alice is paid as if no copy had been sent")
    }

    /// Bob's journal under a key the server shares between journals (the example server's default): a session
    /// before his first anchor, then anchors of his and a second session.
    func bobsJournal(_ server: EarningsServer, _ fixture: ServerFixture, key: JournalKey) throws -> (prefix: [UInt8], whole: [UInt8]) {
        var bob = AnchoredJournal(key: key, player: "bob")
        let wall = fixture.clock.read().wallNanoseconds
        try bob.session("00000000000000b1", wall: wall, boot: 5 * s, awaySeconds: 3_600)
        let prefix = bob.bytes
        fixture.clock.advance(nanoseconds: hour + 10 * s)
        try bob.anchor(server, boot: hour + 10 * s)
        try bob.session("00000000000000b2", wall: wall + hour + 20 * s, boot: hour + 20 * s, awaySeconds: 7_200)
        fixture.clock.advance(nanoseconds: 2 * hour + 20 * s)
        try bob.anchor(server, boot: 3 * hour + 30 * s)
        return (prefix, bob.bytes)
    }

    @Test(
        "Issue 29 case 3: Mallory uploads Bob's records first (a copy, or those before Bob's first anchor): Bob is still paid in full and told; Mallory stays within his own provisional allowance"
    )
    func copyUnderSharedKey() throws {
        let key = try JournalKey(bytes: Array("PlaytimeGuard PUBLIC DEMO KEY - not secret, never use in production".utf8))
        // What Bob is paid when nobody copied his journal.
        let alone = ServerFixture()
        defer { alone.cleanUp() }
        let quiet = try alone.server()
        let owed = try quiet.acceptUpload(try bobsJournal(quiet, alone, key: key).whole, player: "bob", key: key).paidGold
        #expect(owed > (try honestGold(7_199)), "the first session from the provisional allowance, the second placed: \(owed)")

        for copied in ["prefix", "whole"] {
            let fixture = ServerFixture()
            defer { fixture.cleanUp() }
            let server = try fixture.server()
            let journal = try bobsJournal(server, fixture, key: key)
            let copy = copied == "prefix" ? journal.prefix : journal.whole
            let thief = try server.acceptUpload(copy, player: "mallory", key: key)
            if copied == "whole" {
                #expect(thief.outcome == .rejected && thief.paidGold == 0, "Bob's anchors name Bob: refused whole")
            } else {
                #expect(thief.paidGold <= (try honestGold(3_600)), "within the thief's own provisional allowance")
            }
            let owner = try server.acceptUpload(journal.whole, player: "bob", key: key)
            #expect(owner.outcome == .accepted)
            #expect(owner.paidGold == owed, "\(copied): Bob is paid what he is owed, \(owner.decision.findings)")
            let told = owner.decision.findings.filter { $0.kind == .uploadedByAnotherAccount }
            #expect(told.count == (copied == "prefix" ? 1 : 0), "\(owner.decision.findings)")
            #expect(owner.messages.map(\.key).contains("saveAlsoSentByAnotherAccount") == (copied == "prefix"))
            #expect(owner.messages.first?.key == "paid")
            // Again: nothing twice — the same bytes from the same player answer the first payment, repeated.
            let ownerAgain = try server.acceptUpload(journal.whole, player: "bob", key: key)
            #expect(ownerAgain.isRepeat && ownerAgain.paidGold == owner.paidGold)
            let thiefAgain = try server.acceptUpload(copy, player: "mallory", key: key)
            #expect(thiefAgain.isRepeat && thiefAgain.paidGold == thief.paidGold)
        }
    }

    @Test("Under a shared key, the owner first and the thief second: the thief is told and bounded, and the owner's later uploads go on")
    func ownerFirst() throws {
        let key = try JournalKey(bytes: Array("PlaytimeGuard PUBLIC DEMO KEY - not secret, never use in production".utf8))
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var bob = AnchoredJournal(key: key, player: "bob")
        let wall = fixture.clock.read().wallNanoseconds
        try bob.session("00000000000000c1", wall: wall, boot: 5 * s, awaySeconds: 3_600)
        fixture.clock.advance(nanoseconds: hour + 10 * s)
        let owned = try server.acceptUpload(bob.bytes, player: "bob", key: key).paidGold
        let cap = try honestGold(3_600)
        #expect(owned > 0 && owned <= cap)
        // The thief appends a forged 8 h session to his copy (he has the shared key).
        var copy = bob
        try copy.session("00000000000000f3", wall: wall + hour + 20 * s, boot: hour + 20 * s, awaySeconds: 8 * 3_600)
        let thief = try server.acceptUpload(copy.bytes, player: "mallory", key: key)
        #expect(thief.decision.findings.contains { $0.kind == .uploadedByAnotherAccount })
        #expect(thief.paidGold <= (try honestGold(3_600)), "his own provisional allowance at most")
        // Bob's journal goes on: his next upload extends his own record, not the thief's fork.
        try bob.session("00000000000000c2", wall: wall + hour + 20 * s, boot: hour + 20 * s, awaySeconds: 600)
        fixture.clock.advance(nanoseconds: hour)
        let next = try server.acceptUpload(bob.bytes, player: "bob", key: key)
        #expect(next.outcome == .accepted && !next.decision.findings.contains { $0.kind == .uploadFork }, "\(next.decision.findings)")
    }

    @Test("A damaged journal set aside on the device is judged by the server as far as it verifies; its new journal is paid; nothing is paid twice")
    func quarantinedJournalOnTheServer() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let game = fixture.directory + "/game"
        func open() throws -> OfflineEarnings {
            var configuration = EarningsConfiguration()
            configuration.clock = fixture.clock
            configuration.networkTime = ManualNetworkTimeSource(clock: fixture.clock, mode: .offline)
            configuration.connectivityProbe = fixture.probe
            return try OfflineEarnings(directory: game, configuration: configuration)
        }
        func anchor(_ earnings: OfflineEarnings) throws {
            let request = earnings.anchorRequest()
            _ = try earnings.recordAnchor(try server.anchor(request.text, player: "dana"), for: request)
        }
        func session(_ earnings: OfflineEarnings) async throws -> Int64 {
            try anchor(earnings)
            try earnings.background(goldPerHour: 300)
            fixture.clock.advance(nanoseconds: 2 * hour)
            let paid = try #require(try await earnings.foreground()).goldNow
            fixture.clock.advance(nanoseconds: s)
            try anchor(earnings)
            return paid
        }
        var earnings: OfflineEarnings? = try open()
        let first = try await session(earnings!)
        let second = try await session(earnings!)
        let key = earnings!.journalKey
        let journal = earnings!.journalPath
        earnings = nil
        // A bad block in the second session's return.
        var lines = try FileSystem.readRegularFile(atPath: journal, byteLimit: 1 << 20).split(separator: 0x0a).map(Array.init)
        let damagedLine = lines.count - 3
        lines[damagedLine][lines[damagedLine].count / 2] ^= 0x20
        try Data(lines.joined(separator: [0x0a]) + [0x0a]).write(to: URL(fileURLWithPath: journal))

        earnings = try open()
        let kept = try #require(earnings!.quarantinedJournal)
        let third = try await session(earnings!)
        #expect(first > 0 && second == first && third == first)
        earnings = nil
        fixture.clock.advance(nanoseconds: s)
        let old = try server.acceptUpload(try FileSystem.readRegularFile(atPath: kept.path, byteLimit: 1 << 20), player: "dana", key: key)
        #expect(
            old.decision.findings.contains { $0.kind == .chainBroken && $0.detail.contains("verifies through record \(kept.verifiedRecords)") },
            "\(old.decision.findings)")
        #expect(old.paidGold == first, "the first session, before the damage, is paid; the second's return is lost with the line")
        let new = try server.acceptUpload(try FileSystem.readRegularFile(atPath: journal, byteLimit: 1 << 20), player: "dana", key: key)
        #expect(new.paidGold == third && new.isClean, "\(new.decision.findings)")
        // The same uploads again: their first payments, repeated; nothing more.
        for (path, first) in [(kept.path, old.paidGold), (journal, new.paidGold)] {
            let again = try server.acceptUpload(try FileSystem.readRegularFile(atPath: path, byteLimit: 1 << 20), player: "dana", key: key)
            #expect(again.isRepeat && again.paidGold == first)
        }
    }
}
