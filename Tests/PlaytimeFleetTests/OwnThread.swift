import Foundation

/// A task executor with one thread of its own: a test body that blocks (database round trips, child processes,
/// the harness's initdb) runs there, so it never holds one of the few threads of Swift's cooperative pool that
/// every other test in the run needs. Being the same task, `#expect` still reports to the test.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    init() {
        let thread = Thread { [self] in loop() }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once its queue is empty.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs `body` on a thread of its own (see ``OwnThreadExecutor``).
func onOwnThread<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    let executor = OwnThreadExecutor()
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}
