import PlaytimeGuard
import PlaytimeServer
import Testing

/// Issue 20: an honest player whose NTP answer was a minute off at one end (an imperfect public server, or one
/// that stepped) uploads a clean journal, paid what the boot clock proves (docs/journal-format.md §10, rule 2).
@Suite("Earnings server: network time a minute off")
struct ImperfectNetworkTimeUploadTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    /// Network time `offset` off (positive: fast) at the departure, or at the return; two hours away.
    @Test(
        "NTP 60 s fast or slow at the departure or the return: verified, unflagged, nothing escrowed, the upload clean",
        arguments: [(60, true), (-60, true), (-60, false)])
    func minuteOff(offsetSeconds: Int64, atDeparture: Bool) async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let game = try fixture.game()
        let server = try fixture.server()
        // ManualNetworkTimeSource reads network time as the wall clock minus the moves reported to it. The
        // departure is network-free: its network time is the launch's fix carried along the boot clock.
        if atDeparture { fixture.network.wallMoved(by: -offsetSeconds * s) }
        _ = try await game.launch()
        try game.background(goldPerHour: 600)
        if atDeparture { fixture.network.wallMoved(by: offsetSeconds * s) }
        fixture.clock.advance(nanoseconds: 2 * hour)
        if !atDeparture { fixture.network.wallMoved(by: -offsetSeconds * s) }
        let payout = try #require(try await game.foreground())
        #expect(!payout.verdict.isFlagged, "\(payout.verdict.flags)")
        #expect(payout.verdict.status == .verified)
        #expect(payout.verdict.creditedSeconds == 7_199)
        #expect(payout.goldInEscrow == 0)
        #expect(!payout.awaitingProof)
        #expect(payout.goldNow == 7_199 / 12)
        let upload = try server.acceptUpload(try fixture.journalBytes(), player: "p42", key: game.journalKey)
        #expect(upload.outcome == .accepted)
        #expect(upload.isClean, "\(upload.decision.findings)")
        #expect(upload.paidGold == payout.goldNow, "the server recomputes the game's figure to the coin")
    }
}
