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
            defer { sessions.removeAll(keepingCapacity: true) }
            return sessions
        }
    }

    private func run() {
        let deliver: (AuditedSession) -> Void = { [self] session in outbox.withLock { $0.append(session) } }
        while true {
            filled.wait()
            guard let batch = inbox.withLock({ $0.removeFirst() }) else { break }
            batch.forEach { view in pass.consume(view, auditor: auditor, onSession: deliver) }
            slots.signal()
        }
        pass.finish(auditor: auditor, onSession: deliver)
        done.signal()
    }
}
