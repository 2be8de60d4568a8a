import Foundation

/// Runs an `async` facade call to its end on the calling thread: the blocking forms of docs/c.md.
///
/// The work runs as a task on Swift's global executor while the calling (C) thread waits on a condition; the
/// facade's waits are bounded (the recorder's 1.5 s network budget), so the wait is too. Called from a C thread
/// or a thread of this library, never from a task (that would hold a thread of the cooperative pool).
enum Blocking {
    /// What `work` returns.
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let rendezvous = Rendezvous<Value>()
        Task.detached { rendezvous.put(await work()) }
        return rendezvous.take()
    }
}

/// One value handed from a task to a waiting thread.
private final class Rendezvous<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var value: Value?

    func put(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func take() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
