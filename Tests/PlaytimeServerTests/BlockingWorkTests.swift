import Dispatch
import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// EarningsServer's async calls run their blocking work through `BlockingWork` (docs/facades.md): on threads of their
/// own, so that a server's cooperative pool (as many threads as cores) never waits on a disk or a database.
@Suite("Blocking work leaves the cooperative pool")
struct BlockingWorkTests {
    @Test("eight calls that each wait until all eight have started all finish (on the pool, at most a core's worth would start)")
    func eachCallHasItsThread() async throws {
        let count = 8
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await BlockingWork.run { () -> Bool in
                        started.signal()
                        return release.wait(timeout: .now() + .seconds(300)) == .success
                    }
                }
            }
            // Each call needs a pool thread only for an instant, to hand its body to a thread; the bound is long
            // because other suites running at once can hold the pool for a minute, and a call that waits on the
            // pool's threads never starts at all, however long it is given.
            let allStarted = try await runOffCooperativePool {
                (0..<count).allSatisfy { _ in started.wait(timeout: .now() + .seconds(240)) == .success }
            }
            #expect(allStarted, "not every blocking call got a thread: they wait on the pool's threads")
            for _ in 0..<count { release.signal() }
            for try await finished in group { #expect(finished) }
        }
    }

    @Test("a typed error thrown on the thread reaches the caller as it was thrown")
    func typedErrorsCross() async {
        struct Refusal: Error, Equatable { let reason: String }
        await #expect(throws: Refusal(reason: "no")) {
            try await BlockingWork.run { () throws(Refusal) -> Int in throw Refusal(reason: "no") }
        }
    }
}
