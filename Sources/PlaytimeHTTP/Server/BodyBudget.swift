internal import Dispatch
internal import PlaytimeSystem

/// The memory request bodies may hold at once (``HTTPServerLimits/bodyMemoryBytes``), handed out first come, first
/// served: a request reserves its `Content-Length` before its body is read and gives it back once answered. A client
/// holds at most its share (``HTTPServerLimits/bodyMemoryBytesPerClient``); a request that does not get its bytes
/// within the wait is refused (503), never read. The peak is kept for the metrics and the tests that count memory.
package final class BodyBudget: Sendable {
    private struct Waiter {
        let id: UInt64
        let bytes: Int
        let client: String
        let signal: DispatchSemaphore
        var granted = false
    }

    private struct State {
        var inUse = 0
        var peak = 0
        var perClient: [String: Int] = [:]
        var queue: [Waiter] = []
        var nextID: UInt64 = 0
    }

    /// All bodies together, at most.
    package let capacity: Int
    /// One client's bodies, at most.
    package let perClient: Int
    private let state = ThreadLock(State())

    /// A budget of `capacity` bytes, at most `perClient` of them for one client.
    package init(capacity: Int, perClient: Int) {
        self.capacity = max(0, capacity)
        self.perClient = max(1, min(perClient, capacity))
    }

    /// Reserves `bytes` for `client`, waiting in line at most `waitNanoseconds`; `false` when they could not be had
    /// (more than the client's share, or the line did not move in time).
    package func reserve(_ bytes: Int, client: String, waitNanoseconds: Int64) -> Bool {
        guard bytes > 0 else { return true }
        guard bytes <= perClient else { return false }
        let waiter: Waiter? = state.withLock { state -> Waiter? in
            // Nobody in line and room now: take it. Otherwise join the end of the line (first come, first served).
            if state.queue.isEmpty, Self.fits(bytes, client, state, capacity: capacity, perClient: perClient) {
                Self.take(bytes, client, &state)
                return nil
            }
            state.nextID += 1
            let waiter = Waiter(id: state.nextID, bytes: bytes, client: client, signal: DispatchSemaphore(value: 0))
            state.queue.append(waiter)
            return waiter
        }
        guard let waiter else { return true }
        let timeout = DispatchTime.now() + .nanoseconds(Int(clamping: max(0, waitNanoseconds)))
        if waiter.signal.wait(timeout: timeout) == .success { return true }
        // Timed out: leave the line, unless the grant came just now.
        let granted = state.withLock { state -> Bool in
            guard let index = state.queue.firstIndex(where: { $0.id == waiter.id }) else { return true }
            state.queue.remove(at: index)
            Self.grantWaiting(&state, capacity: capacity, perClient: perClient)
            return false
        }
        if granted { waiter.signal.wait() }
        return granted
    }

    /// Gives back what ``reserve(_:client:waitNanoseconds:)`` took, and lets the line move.
    package func release(_ bytes: Int, client: String) {
        guard bytes > 0 else { return }
        state.withLock { state in
            state.inUse -= bytes
            let left = state.perClient[client, default: bytes] - bytes
            state.perClient[client] = left > 0 ? left : nil
            Self.grantWaiting(&state, capacity: capacity, perClient: perClient)
        }
    }

    /// Bytes reserved now, and the most ever reserved at once.
    package var usage: (inUse: Int, peak: Int) { state.withLock { ($0.inUse, $0.peak) } }

    private static func fits(_ bytes: Int, _ client: String, _ state: State, capacity: Int, perClient: Int) -> Bool {
        state.inUse + bytes <= capacity && state.perClient[client, default: 0] + bytes <= perClient
    }

    private static func take(_ bytes: Int, _ client: String, _ state: inout State) {
        state.inUse += bytes
        state.peak = max(state.peak, state.inUse)
        state.perClient[client, default: 0] += bytes
    }

    /// Grants the line in order while its first fits; a first waiter over its client's share does not hold up
    /// other clients (it waits for its own client's bytes).
    private static func grantWaiting(_ state: inout State, capacity: Int, perClient: Int) {
        var index = 0
        while index < state.queue.count {
            let waiter = state.queue[index]
            if fits(waiter.bytes, waiter.client, state, capacity: capacity, perClient: perClient) {
                take(waiter.bytes, waiter.client, &state)
                state.queue.remove(at: index)
                waiter.signal.signal()
                continue
            }
            // Over all memory: everyone behind waits (first come, first served). Over its own client's share only:
            // the next one may go.
            if state.inUse + waiter.bytes > capacity { return }
            index += 1
        }
    }
}
