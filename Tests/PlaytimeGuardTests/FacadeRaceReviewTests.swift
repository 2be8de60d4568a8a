import Foundation
import PlaytimeGuard
import PlaytimeNTP
import PlaytimeTestSupport
import Testing

/// A gate a test opens and closes: a network time source behind it waits at the gate, so a test can act at
/// the exact moment a return is waiting for its fix (no sleeping: the order of events is the test's).
actor FixGate {
    private var open = true
    private var arrived = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    /// Later fixes wait until ``release()``.
    func close() {
        open = false
        arrived = false
    }

    /// Lets every waiting and later fix through.
    func release() {
        open = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    /// Returns once a fix is waiting at the closed gate.
    func untilSomeoneWaits() async {
        if arrived { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    fileprivate func pass() async {
        if open { return }
        arrived = true
        for continuation in watchers { continuation.resume() }
        watchers = []
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// ``ManualNetworkTimeSource`` behind a ``FixGate``.
final class GatedNetworkTimeSource: NetworkTimeSource {
    let gate = FixGate()
    let inner: ManualNetworkTimeSource

    init(_ inner: ManualNetworkTimeSource) { self.inner = inner }

    nonisolated(nonsending) func fix(withinNanoseconds budget: Int64) async -> Result<NTPFix, NTPError> {
        await gate.pass()
        return await inner.fix(withinNanoseconds: budget)
    }
}

/// Lifecycle calls that overlap the way a real app's do: a return's fix takes up to the foreground budget
/// (1.5 s by default), and the player can leave again before it arrives.
@Suite("Review: the client facade when lifecycle calls overlap")
struct FacadeRaceReviewTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    @Test("honest: the player leaves again while the return still waits for its fix: the second absence must be recorded and paid")
    func backgroundDuringForegroundFix() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let source = GatedNetworkTimeSource(fixture.network)
        var configuration = fixture.configuration()
        configuration.networkTime = source
        let earnings = try OfflineEarnings(directory: fixture.directory, configuration: configuration)
        _ = try await earnings.launch()
        try earnings.background(goldPerHour: 600)
        fixture.clock.advance(nanoseconds: hour)

        // The player returns; the fix is on its way…
        await source.gate.close()
        let returning = Task { try await earnings.foreground() }
        await source.gate.untilSomeoneWaits()
        // …and the player leaves again a moment later (didEnterBackground), before the return is recorded.
        fixture.clock.advance(nanoseconds: s)
        let second = try earnings.background(goldPerHour: 600)
        await source.gate.release()
        let first = try #require(try await returning.value)
        #expect((3_599...3_600).contains(first.verdict.creditedSeconds), "the first hour is paid")

        // Two hours later the player is back.
        fixture.clock.advance(nanoseconds: 2 * hour)
        let back = try await earnings.foreground()
        withKnownIssue("BUG: background() during a return's fix sees the old departure still open and writes nothing (duplicate), then the return closes it: the second absence is never recorded and its two hours are lost") {
            #expect(!second.duplicate, "the departure is recorded")
            #expect(back != nil, "the two hours away are paid")
            #expect((7_199...7_200).contains(back?.verdict.creditedSeconds ?? 0))
        }
    }

    @Test("honest: a foreground with nothing open (a first start) still waiting for its fix when the player leaves must not close the new departure")
    func foregroundWithNothingOpenClosesLaterDeparture() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let source = GatedNetworkTimeSource(fixture.network)
        var configuration = fixture.configuration()
        configuration.networkTime = source
        let earnings = try OfflineEarnings(directory: fixture.directory, configuration: configuration)
        // A first start wired as scene callbacks: launch, then willEnterForeground's foreground().
        _ = try await earnings.launch()
        await source.gate.close()
        let entering = Task { try await earnings.foreground() }
        await source.gate.untilSomeoneWaits()
        fixture.clock.advance(nanoseconds: s)
        let departure = try earnings.background(goldPerHour: 600)
        #expect(!departure.duplicate)
        await source.gate.release()
        let closedEarly = try await entering.value
        // Two hours away, then back.
        fixture.clock.advance(nanoseconds: 2 * hour)
        let back = try await earnings.foreground()
        withKnownIssue("BUG: the in-flight foreground (its clock read before the departure) closes the departure written during its fix: a negative boot-clock difference, rejected, and the real two hours away are never recorded") {
            #expect(closedEarly == nil, "nothing was open when the foreground began")
            #expect((7_199...7_200).contains(back?.verdict.creditedSeconds ?? 0), "the two hours are paid")
        }
    }
}

@Suite("Review: two facades on one directory")
struct TwoFacadesReviewTests {
    @Test("a second OfflineEarnings on the same directory (another task, another process) is refused while the first is open")
    func secondFacadeRefused() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let first = try fixture.open()
        _ = try await first.launch()
        #expect(throws: EarningsError.self, "two writers would both append to the journal and its sidecar") { _ = try fixture.open() }
        try first.background(goldPerHour: 600)
    }
}
