import Dispatch
internal import PlaytimeSystem

/// A bounded pool of connections to one server, safe to share between threads.
///
/// At most `maximumConnections` sessions are open at once; a caller that finds them all busy waits up to the
/// checkout timeout, then gets ``PostgresError/poolExhausted(_:)``. Connections are opened on demand. A connection
/// comes back to the pool only when it is open and idle (not inside a transaction); one that broke, timed out, or
/// left a transaction open is closed, and the next checkout opens a new one — which is how the pool recovers from
/// a server restart. An idle connection that the server spoke to unasked (a restart's FATAL) is discarded at
/// checkout, before it can fail a query.
package final class PostgresPool: Sendable {
    /// What every connection is opened with.
    package let configuration: PostgresConfiguration
    /// The most connections open at once.
    package let maximumConnections: Int
    /// How long a checkout waits for a free connection.
    package let checkoutTimeoutNanoseconds: Int64

    private let slots: DispatchSemaphore
    private let idle = ThreadLock<[PooledConnection]>([])

    /// Creates an empty pool; no connection is opened until the first checkout. `maximumConnections` below 1
    /// counts as 1.
    package init(configuration: PostgresConfiguration, maximumConnections: Int, checkoutTimeoutNanoseconds: Int64 = 10_000_000_000) {
        self.configuration = configuration
        self.maximumConnections = max(1, maximumConnections)
        self.checkoutTimeoutNanoseconds = max(0, checkoutTimeoutNanoseconds)
        slots = DispatchSemaphore(value: self.maximumConnections)
    }

    deinit {
        for pooled in idle.withLock({ $0 }) { pooled.connection.close() }
    }

    /// Runs `body` with a connection of its own, then returns the connection to the pool (or closes it, see above).
    package func withConnection<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        let timeout = DispatchTime.now() + .nanoseconds(Int(clamping: checkoutTimeoutNanoseconds))
        guard slots.wait(timeout: timeout) == .success else {
            throw .poolExhausted("all \(maximumConnections) connections stayed busy for \(checkoutTimeoutNanoseconds / 1_000_000) ms")
        }
        defer { slots.signal() }
        let connection = try checkOut()
        do throws(PostgresError) {
            let value = try body(connection)
            checkIn(connection)
            return value
        } catch {
            checkIn(connection)
            throw error
        }
    }

    /// Runs one statement on a pooled connection (see ``PostgresConnection/query(_:_:)``).
    package func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        try withConnection { connection throws(PostgresError) in try connection.query(sql, parameters) }
    }

    /// Runs `body` inside `BEGIN` … `COMMIT` on one pooled connection.
    ///
    /// When `body` throws, the transaction is rolled back and the error rethrown. When a statement failed inside
    /// `body` but `body` did not rethrow, COMMIT rolls back instead and ``PostgresError/transactionRolledBack(_:)``
    /// is thrown. When the connection breaks during COMMIT, ``PostgresError/commitOutcomeUnknown(_:)`` is thrown:
    /// the server may or may not have committed. A connection in an unknown state is discarded, never reused.
    package func transaction<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        try withConnection { connection throws(PostgresError) in
            _ = try connection.query("BEGIN")
            let value: T
            do throws(PostgresError) {
                value = try body(connection)
            } catch {
                if connection.isOpen { _ = try? connection.query("ROLLBACK") }
                throw error
            }
            let commit: PostgresResult
            do throws(PostgresError) {
                commit = try connection.query("COMMIT")
            } catch {
                switch error {
                case .connectionClosed(let reason), .timedOut(let reason), .protocolViolation(let reason):
                    throw .commitOutcomeUnknown(reason)
                case .server(let serverError) where serverError.endsSession:
                    throw .commitOutcomeUnknown("\(serverError)")
                default:
                    throw error
                }
            }
            guard commit.commandTag != "ROLLBACK" else {
                throw .transactionRolledBack("a statement inside the transaction failed; COMMIT rolled back")
            }
            return value
        }
    }

    /// Connections open and idle in the pool now.
    package var idleCount: Int { idle.withLock { $0.count } }

    /// Closes every idle connection; connections in use close when they come back broken, or stay pooled.
    package func closeIdleConnections() {
        for pooled in idle.withLock({ pool in defer { pool.removeAll() }; return pool }) { pooled.connection.close() }
    }

    /// An idle connection that is still sound, or a new one. The caller holds a slot.
    private func checkOut() throws(PostgresError) -> PostgresConnection {
        while let pooled = idle.withLock({ $0.popLast() }) {
            let connection = pooled.connection
            if connection.isOpen && connection.transactionStatus == .idle && !connection.hasUnexpectedInput {
                return connection
            }
            connection.close()
        }
        return try PostgresConnection.connect(configuration)
    }

    private func checkIn(_ connection: PostgresConnection) {
        guard connection.isOpen, connection.transactionStatus == .idle else {
            connection.close()
            return
        }
        let pooled = PooledConnection(connection: connection)
        idle.withLock { $0.append(pooled) }
    }
}

/// A connection on its way into or out of the pool's idle list. Only one thread holds it at a time: the list is
/// guarded by the pool's mutex and a checked-out connection belongs to the caller that took it.
private struct PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection
}
