import Foundation

/// Runs `count` independent jobs on `workers` threads and hands their results to the calling thread in job
/// order (0, 1, 2, …), whatever order they finish in. At most `window` results wait to be delivered, so the
/// memory held is a few jobs' results, never all of them (docs/fleet.md, "Fleet audits").
///
/// Ownership: each job runs on one worker; results pass to the caller under `condition`, hence
/// `@unchecked Sendable`.
final class OrderedWorkers<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var delivered = 0
    private var ready: [Int: Result] = [:]
    private let count: Int
    private let window: Int
    private let job: @Sendable (Int) -> Result

    init(count: Int, window: Int, job: @escaping @Sendable (Int) -> Result) {
        self.count = count
        self.window = max(1, window)
        self.job = job
    }

    /// Starts `workers` threads, then calls `deliver` on this thread for each result in job order.
    func run(workers: Int, deliver: (Int, Result) -> Void) {
        let started = min(max(1, workers), max(1, count))
        for _ in 0..<started {
            let thread = Thread { [self] in work() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        while delivered < count {
            condition.lock()
            while ready[delivered] == nil { condition.wait() }
            let result = ready.removeValue(forKey: delivered)!
            condition.unlock()
            deliver(delivered, result)
            condition.lock()
            delivered += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    private func work() {
        while true {
            condition.lock()
            while next < count, next >= delivered + window { condition.wait() }
            guard next < count else {
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let result = job(index)
            condition.lock()
            ready[index] = result
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// Calls `body` for every index below `count` on `workers` threads (chunks of indices taken in turn) and
/// returns when all are done. `body` must only touch what belongs to its index.
func concurrentForEach(count: Int, workers: Int, body: @escaping @Sendable (Int) -> Void) {
    let chunk = 64
    let chunks = (count + chunk - 1) / chunk
    let pool = OrderedWorkers<Void>(count: chunks, window: chunks) { index in
        for item in (index * chunk)..<min(count, (index + 1) * chunk) { body(item) }
    }
    pool.run(workers: workers) { _, _ in }
}
