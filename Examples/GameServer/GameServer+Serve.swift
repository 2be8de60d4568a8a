import ExampleSupport
import Foundation
import PlaytimeSystem

/// How the server takes connections: each on a thread of its own, at most `maximumConnections` at once,
/// each request read under `http` (a deadline on the whole request, header limits), so a slow or malformed
/// client holds only its own connection, and only for a bounded time.
struct ServeLimits: Sendable {
    /// Stop after this many connections (0: no limit).
    var maxRequests: Int64 = 0
    /// Stop after this long without a connection being answered (0: never).
    var idleNanoseconds: Int64 = 60_000_000_000
    /// Stop after this long in all (0: never).
    var totalNanoseconds: Int64 = 0
    /// Connections answered at once; one more gets 503 and is closed at once (never queued).
    var maximumConnections = 32
    /// What one request may cost (its read deadline also bounds each write of the answer).
    var http = HTTPLimits()
}

extension GameServer {
    /// Accepts connections until a limit is reached, answering each on a thread of its own; then waits for
    /// the connections in flight and returns why it stopped. With `maintenance` (the fleet database's
    /// collection), it runs at start and then at most once an hour, on the accepting thread.
    static func serve(_ listener: TCPListener, router: Router, limits: ServeLimits,
                      maintenance: (@Sendable () -> String)? = nil) -> String {
        let start = SystemClock.bootNanoseconds()
        let slots = ConnectionSlots(limit: limits.maximumConnections, now: start)
        let reason = acceptLoop(listener, router: router, limits: limits, slots: slots, start: start, maintenance: maintenance)
        slots.waitUntilAllEnded()
        return reason
    }

    private static func acceptLoop(_ listener: TCPListener, router: Router, limits: ServeLimits, slots: ConnectionSlots,
                                   start: Int64, maintenance: (@Sendable () -> String)?) -> String {
        var accepted: Int64 = 0
        var lastMaintenance: Int64?
        while true {
            if let maintenance, lastMaintenance.map({ SystemClock.bootNanoseconds() - $0 >= 3_600_000_000_000 }) ?? true {
                router.log(maintenance())
                lastMaintenance = SystemClock.bootNanoseconds()
            }
            if limits.maxRequests > 0, accepted >= limits.maxRequests { return "served \(accepted) request(s), the --max-requests limit" }
            let now = SystemClock.bootNanoseconds()
            // Without limits, wake up once a minute anyway (nothing to do but loop).
            var wait: Int64 = 60_000_000_000
            if limits.totalNanoseconds > 0 {
                let left = start + limits.totalNanoseconds - now
                if left <= 0 { return "ran for the --seconds limit (\(accepted) request(s))" }
                wait = min(wait, left)
            }
            if limits.idleNanoseconds > 0 {
                let (active, lastEnded) = slots.state
                // Not idle while a connection is being answered: look again after an idle period.
                let left = active > 0 ? limits.idleNanoseconds : lastEnded + limits.idleNanoseconds - now
                if left <= 0 { return "idle for \(limits.idleNanoseconds / 1_000_000_000) s (\(accepted) request(s))" }
                wait = min(wait, left)
            }
            let connection: TCPConnection?
            do {
                connection = try listener.accept(timeoutNanoseconds: wait)
            } catch {
                return "accept failed: \(error)"
            }
            guard let connection else { continue }
            accepted += 1
            // A bounded write: a client that stops reading cannot hold its thread forever.
            try? connection.setWriteTimeout(nanoseconds: limits.http.readTimeoutNanoseconds)
            guard slots.enter() else {
                refuseBusy(connection, router: router, limit: slots.limit)
                continue
            }
            let handoff = Handoff(connection: connection)
            Thread.detachNewThread {
                router.answer(handoff.connection)
                handoff.connection.close()
                slots.leave(at: SystemClock.bootNanoseconds())
            }
        }
    }

    /// 503 at once for a connection over the limit, then closed: it never waits for a slot.
    private static func refuseBusy(_ connection: TCPConnection, router: Router, limit: Int) {
        let body = ErrorBody(error: "busy", message: "the server is answering \(limit) connections, its limit; try again shortly")
        try? MiniHTTP.write(.json(503, body), to: connection)
        connection.shutdownWrite()
        connection.close()
        router.log("503 refused a connection: \(limit) open, the --max-connections limit")
    }
}

/// A connection passed from the accepting thread to the thread that answers it. The accepting thread
/// never touches it again, so one thread at a time owns it (what `TCPConnection` asks of its users).
private struct Handoff: @unchecked Sendable {
    let connection: TCPConnection
}
