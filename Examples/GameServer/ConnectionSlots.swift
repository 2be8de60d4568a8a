import Dispatch
import PlaytimeSystem

/// The connections the server is answering, at most ``limit`` at once (`--max-connections`), each on a
/// thread of its own, and when the last one ended (for `--idle-seconds`). Shared by the accepting thread
/// and the connection threads under a `ThreadLock`.
final class ConnectionSlots: Sendable {
    private struct Count {
        var active = 0
        var lastEnded: Int64
    }

    /// Connections answered at once, at most.
    let limit: Int
    private let count: ThreadLock<Count>
    private let running = DispatchGroup()

    /// No connection yet; idle time counts from `now` (boot clock).
    init(limit: Int, now: Int64) {
        self.limit = limit
        count = ThreadLock(Count(lastEnded: now))
    }

    /// Takes a slot; `false` when all ``limit`` are taken (the caller refuses the connection).
    func enter() -> Bool {
        let entered = count.withLock { count -> Bool in
            guard count.active < limit else { return false }
            count.active += 1
            return true
        }
        if entered { running.enter() }
        return entered
    }

    /// Frees a slot taken by ``enter()`` at `now` (boot clock).
    func leave(at now: Int64) {
        count.withLock { count in
            count.active -= 1
            count.lastEnded = max(count.lastEnded, now)
        }
        running.leave()
    }

    /// Connections being answered, and when the last one ended.
    var state: (active: Int, lastEnded: Int64) {
        count.withLock { count in (count.active, count.lastEnded) }
    }

    /// Waits until every connection has been answered (each is bounded by the read deadline, the write
    /// timeout, and the work of its request).
    func waitUntilAllEnded() {
        running.wait()
    }
}
