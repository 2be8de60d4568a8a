internal import Foundation
package import PlaytimeSystem

/// An HTTP/1.1 server: one thread accepts, each connection is served on a thread of its own with keep-alive, under
/// ``HTTPServerLimits`` (connections in all and per client, slots kept for probes, body memory, deadlines on every
/// read and write). ``stop(graceNanoseconds:)`` stops it the way an orchestrator expects: no new connection is taken,
/// idle ones close at once, requests in flight are answered (with `Connection: close`) within the grace period, and
/// ``run()`` returns (docs/service.md, "Stopping").
package final class HTTPServer: Sendable {
    /// Where it listens.
    package var localAddress: SocketAddress { listener.localAddress }
    /// The body memory in use, for metrics and tests (bytes reserved now, and the most at once).
    package var bodyMemory: (inUse: Int, peak: Int) { budget.usage }
    /// Connections open now (general and reserved).
    package var openConnections: (general: Int, reserved: Int) { admission.open }

    private let listener: StreamListener
    private let handler: any HTTPHandler
    private let limits: HTTPServerLimits
    private let admission: ConnectionAdmission
    private let budget: BodyBudget
    private let registry = ConnectionRegistry()
    private let running = DispatchGroup()
    private let stopped = ThreadLock<Int64?>(nil)

    /// A server on `listener` answering with `handler`.
    package init(listener: StreamListener, handler: any HTTPHandler, limits: HTTPServerLimits = HTTPServerLimits()) {
        self.listener = listener
        self.handler = handler
        self.limits = limits
        admission = ConnectionAdmission(limits: limits)
        budget = BodyBudget(capacity: limits.bodyMemoryBytes, perClient: limits.bodyMemoryBytesPerClient)
    }

    /// Accepts and serves until ``stop(graceNanoseconds:)``; then waits for the connections in flight (at most the
    /// grace period) and returns how many were still open when it ran out (0: every request in flight was answered).
    package func run() -> Int {
        var accepted: UInt64 = 0
        while stopped.withLock({ $0 }) == nil {
            let next: (StreamSocket, SocketAddress?)?
            do {
                next = try listener.accept(timeoutNanoseconds: 1_000_000_000)
            } catch {
                // A listener that fails for good (closed): stop accepting.
                break
            }
            guard let (socket, peer) = next else { continue }
            accepted += 1
            let client = peer?.host ?? "unknown"
            guard let slot = admission.enter(client: client) else {
                refuseBusy(socket, info: HTTPConnectionInfo(peer: peer, client: client, number: accepted))
                continue
            }
            let info = HTTPConnectionInfo(peer: peer, client: client, isReserved: slot == .reserved, number: accepted)
            guard registry.add(accepted, descriptor: socket.descriptor) else {
                admission.leave(client: client, slot: slot)
                continue
            }
            running.enter()
            let handoff = SocketHandoff(socket: socket)
            let thread = Thread { [handler, limits, budget, registry, admission, running] in
                var loop = HTTPConnectionLoop(
                    socket: handoff.socket, info: info, handler: handler, limits: limits, budget: budget,
                    registry: registry)
                loop.run()
                registry.remove(info.number)
                handoff.socket.close()
                admission.leave(client: client, slot: slot)
                running.leave()
            }
            thread.start()
        }
        listener.close()
        let grace = stopped.withLock { $0 } ?? 0
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: max(0, grace)))
        if running.wait(timeout: deadline) == .success { return 0 }
        return registry.count
    }

    /// Stops taking connections, closes the idle ones, and lets ``run()`` return once the requests in flight are
    /// answered or `graceNanoseconds` have passed. Safe from any thread; a second call changes nothing.
    package func stop(graceNanoseconds: Int64) {
        let first = stopped.withLock { value -> Bool in
            guard value == nil else { return false }
            value = graceNanoseconds
            return true
        }
        guard first else { return }
        listener.wake()
        registry.stop()
    }

    /// 503 at once for a connection beyond every limit, then closed: it never waits for a slot.
    private func refuseBusy(_ socket: StreamSocket, info: HTTPConnectionInfo) {
        let response = handler.refusal(
            HTTPError(status: 503, description: "the server is answering as many connections as it may; try again shortly"),
            on: info)
        let bytes = response.serialized(closing: true)
        bytes.withUnsafeBytes { raw in
            try? socket.writeAll(raw, deadline: Saturating.add(SystemClock.bootNanoseconds(), 100_000_000))
        }
        socket.shutdownWrite()
        socket.close()
        handler.completed(
            HTTPExchange(
                head: nil, connection: info, status: response.status, bytesRead: 0, bytesWritten: bytes.count,
                durationNanoseconds: 0, note: nil, refusal: "busy: every connection slot is taken"))
    }
}

/// A socket passed from the accepting thread to the thread that serves it; the accepting thread never touches it
/// again, so one thread at a time owns it (what ``StreamSocket`` asks of its users).
private struct SocketHandoff: @unchecked Sendable {
    let socket: StreamSocket
}
