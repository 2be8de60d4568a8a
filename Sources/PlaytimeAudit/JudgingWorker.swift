import Foundation
internal import PlaytimeJudging
internal import PlaytimeSystem

/// The second thread of a two-thread audit: it decodes and judges batches of verified records while the
/// calling thread verifies the next chunk of the MAC chain. Sessions come back in journal order through an
/// outbox the calling thread drains (so `onSession` always runs on the caller's thread).
///
/// Ownership: between `start()` and `join()` the pass and the auditor's totals belong to the worker thread
/// alone; the caller only submits batches and drains sessions. The hand-offs go through locks and
/// semaphores, hence `@unchecked Sendable`.
final class JudgingWorker: @unchecked Sendable {
    private let inbox = ThreadLock<[RecordBatch?]>([])
    private let outbox = ThreadLock<[AuditedSession]>([])
    private let filled = DispatchSemaphore(value: 0)
    private let slots: DispatchSemaphore
    private let done = DispatchSemaphore(value: 0)
    private let auditor: SessionAuditor
    private(set) var pass: JournalPass

    /// `depth` batches may wait at once, which bounds the memory in flight.
    init(pass: JournalPass, auditor: SessionAuditor, depth: Int = 4) {
        self.pass = pass
        self.auditor = auditor
        slots = DispatchSemaphore(value: depth)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Queues a batch, waiting while `depth` batches are already queued.
    func submit(_ batch: RecordBatch) {
        slots.wait()
        inbox.withLock { $0.append(batch) }
        filled.signal()
    }

    /// Says no batch follows; the worker then finishes the pass.
    func endOfInput() {
        inbox.withLock { $0.append(nil) }
        filled.signal()
    }

    /// Waits until the worker has finished the pass.
    func join() { done.wait() }

    /// The sessions judged so far, oldest first.
    func drain() -> [AuditedSession] {
        outbox.withLock { sessions in
            var drained: [AuditedSession] = []
            swap(&drained, &sessions)
            return drained
        }
    }

    private func run() {
        // A batch's sessions are moved into the outbox at once: one lock a batch, and no copy of a session.
        var judged: [AuditedSession] = []
        // The pass is this thread's alone until `join()`: held in a local, each record's consume needs no dynamic
        // exclusivity check on the stored property; it is put back before `done` is signalled.
        var local = pass
        while true {
            filled.wait()
            guard let batch = inbox.withLock({ $0.removeFirst() }) else { break }
            batch.forEach { view in local.consume(view, auditor: auditor) { judged.append($0) } }
            publish(&judged)
            slots.signal()
        }
        local.finish(auditor: auditor) { judged.append($0) }
        publish(&judged)
        pass = local
        done.signal()
    }

    /// Moves `judged` to the end of the outbox, leaving it empty.
    private func publish(_ judged: inout [AuditedSession]) {
        guard !judged.isEmpty else { return }
        let count = judged.count
        outbox.withLock { sessions in
            if sessions.isEmpty {
                swap(&sessions, &judged)
            } else {
                sessions.append(contentsOf: judged)
                judged.removeAll(keepingCapacity: true)
            }
        }
        // The next batch holds about as many: grown once, not doubling from empty.
        judged.reserveCapacity(count)
    }
}
