import PlaytimeGuard
import Testing

/// Rule 2c on the client's own settlement path (``OfflineEarnings/settle()``): the recorder, the journal read-back
/// and the verdict apply the one rule a server applies, so no top-up is paid that a server would refuse.
@Suite("Rule 2c: the facade's settlement")
struct SettlingFixFacadeTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    @Test("OfflineEarnings: a fix with netErr Int64.max settles nothing (no top-up, still waiting); an honest fix then does")
    func absurdFixPaysNoTopUp() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let earnings = try fixture.open()
        #expect(try await earnings.launch() == nil)
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)
        fixture.network.wallMoved(by: 600 * s)  // network time reads 10 min short at the return
        let payout = try #require(try await earnings.foreground())
        #expect(payout.awaitingProof)
        #expect(payout.verdict.status == .provisional)
        #expect(payout.verdict.heldNanoseconds > 0)
        // Network time agrees with the boot clock again, but the fix claims an unbounded error.
        fixture.network.wallMoved(by: -600 * s)
        fixture.network.setErrorBound(.max)
        fixture.clock.advance(nanoseconds: 60 * s)
        let refused = try await earnings.settle()
        #expect(refused.allSatisfy { $0.goldNow == 0 && $0.verdict.status == .provisional }, "no verified top-up")
        #expect(earnings.sessionsAwaitingProof == [payout.sessionID], "the session still waits for a settling fix")
        // An honest fix (2 ms) settles it and pays the boot clock's figure.
        fixture.network.setErrorBound(2_000_000)
        fixture.clock.advance(nanoseconds: 60 * s)
        let topUp = try #require(try await earnings.settle().first)
        #expect(topUp.verdict.status == .verified)
        #expect(topUp.verdict.has(.laterProofAgreesWithBootClock))
        #expect(topUp.verdict.creditedSeconds == 3_599)
        #expect(payout.goldNow + topUp.goldNow == 3_599 / 12)
        #expect(earnings.sessionsAwaitingProof.isEmpty)
    }
}
