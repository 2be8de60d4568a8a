internal import PlaytimeSystem

/// The server's open connections and whether each is between requests, so that a stopping server can wake the
/// idle ones (their wait for a next request ends at once) and let the busy ones finish (they answer with
/// `Connection: close`).
final class ConnectionRegistry: Sendable {
    private struct State {
        var descriptors: [UInt64: Int32] = [:]
        var idle: Set<UInt64> = []
        var stopping = false
    }

    private let state = ThreadLock(State())

    /// Registers a connection; `false` when the server is stopping (close it unanswered).
    func add(_ number: UInt64, descriptor: Int32) -> Bool {
        state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.descriptors[number] = descriptor
            return true
        }
    }

    /// Removes a connection, before its socket is closed (so that a stop never touches a reused descriptor).
    func remove(_ number: UInt64) {
        state.withLock { state in
            state.descriptors[number] = nil
            state.idle.remove(number)
        }
    }

    /// Marks a connection as waiting for its next request; `false` when the server is stopping (close it now).
    func becomeIdle(_ number: UInt64) -> Bool {
        state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.idle.insert(number)
            return true
        }
    }

    /// Marks a connection as reading or answering a request.
    func becomeBusy(_ number: UInt64) {
        _ = state.withLock { state in state.idle.remove(number) }
    }

    /// True once ``stop()`` ran: answer the request in hand with `Connection: close`.
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// Stops: no connection becomes idle again, and the idle ones are woken (their reads end as if the client had
    /// closed).
    func stop() {
        state.withLock { state in
            state.stopping = true
            for number in state.idle { StreamSocket.shutdownReading(descriptor: state.descriptors[number] ?? -1) }
        }
    }

    /// Connections open now.
    var count: Int { state.withLock { $0.descriptors.count } }
}
