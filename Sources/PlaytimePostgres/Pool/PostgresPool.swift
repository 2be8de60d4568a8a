import Dispatch
internal import PlaytimeSystem

/// A bounded pool of connections to one server, or to the one server of several that qualifies, safe to share
/// between threads.
///
/// At most `maximumConnections` sessions are open at once; a caller that finds them all busy waits up to the
/// checkout timeout, then gets ``PostgresError/poolExhausted(_:)``. Connections are opened on demand. A connection
/// comes back to the pool only when it is open and idle (not inside a transaction); one that broke, timed out, or
/// left a transaction open is closed, and the next checkout opens a new one — which is how the pool recovers from
/// a server restart. An idle connection that the server spoke to unasked (a restart's FATAL) is discarded at
/// checkout, before it can fail a query.
///
/// With several hosts or a `target_session_attrs` (docs/postgres-client.md, "Several hosts"), a new connection goes
/// to the first host that qualifies (see ``PostgresConfiguration/targetSessionAttributes``). When a connection of
/// a pool that expects writes (`read-write`, `primary`) has a write refused as read-only (SQLSTATE 25006), or any
/// connection of such a search is lost (closed by a failure, timed out, FATAL), the host may have stopped being the
/// primary: that connection and every idle one are closed, connections in use are closed when they come back, and
/// the caller gets the typed error — nothing is retried for it. The next checkout searches the hosts again.
package final class PostgresPool: Sendable {
    /// What every connection is opened with.
    package let configuration: PostgresConfiguration
    /// The most connections open at once.
    package let maximumConnections: Int
    /// How long a checkout waits for a free connection.
    package let checkoutTimeoutNanoseconds: Int64

    private let slots: DispatchSemaphore
    private let state = ThreadLock(PoolState())

    /// Creates an empty pool; no connection is opened until the first checkout. `maximumConnections` below 1
    /// counts as 1.
    package init(configuration: PostgresConfiguration, maximumConnections: Int, checkoutTimeoutNanoseconds: Int64 = 10_000_000_000) {
        self.configuration = configuration
        self.maximumConnections = max(1, maximumConnections)
        self.checkoutTimeoutNanoseconds = max(0, checkoutTimeoutNanoseconds)
        slots = DispatchSemaphore(value: self.maximumConnections)
    }

    deinit {
        for pooled in state.withLock({ $0.idle }) { pooled.connection.close() }
    }

    /// Runs `body` with a connection of its own, then returns the connection to the pool (or closes it, see above).
    package func withConnection<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        let timeout = DispatchTime.now() + .nanoseconds(Int(clamping: checkoutTimeoutNanoseconds))
        guard slots.wait(timeout: timeout) == .success else {
            throw .poolExhausted("all \(maximumConnections) connections stayed busy for \(checkoutTimeoutNanoseconds / 1_000_000) ms")
        }
        defer { slots.signal() }
        let (connection, generation) = try checkOut()
        do throws(PostgresError) {
            let value = try body(connection)
            checkIn(connection, generation: generation)
            return value
        } catch {
            checkIn(connection, generation: generation)
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
            try connection.commit()
            return value
        }
    }

    /// Connections open and idle in the pool now.
    package var idleCount: Int { state.withLock { $0.idle.count } }

    /// How many times the pool has given up its connections because their host stopped qualifying (a write refused
    /// as read-only, or a connection lost, in a pool that searches hosts).
    package var hostChanges: Int { state.withLock { $0.generation } }

    /// Closes every idle connection; connections in use close when they come back broken, or stay pooled.
    package func closeIdleConnections() {
        for pooled in state.withLock({ pool in
            defer { pool.idle.removeAll() }
            return pool.idle
        }) { pooled.connection.close() }
    }

    /// An idle connection that is still sound, or a new one (from the host search), with the generation it belongs
    /// to. The caller holds a slot.
    private func checkOut() throws(PostgresError) -> (PostgresConnection, Int) {
        while let entry = state.withLock({ pool in pool.idle.popLast().map { ($0, pool.generation) } }) {
            let connection = entry.0.connection
            if connection.isOpen && connection.transactionStatus == .idle && !connection.hasUnexpectedInput {
                return (connection, entry.1)
            }
            connection.close()
        }
        let generation = state.withLock { $0.generation }
        return (try HostSearch.connect(configuration), generation)
    }

    private func checkIn(_ connection: PostgresConnection, generation: Int) {
        if hostMayHaveChanged(connection) {
            connection.close()
            let stale = state.withLock { pool in
                if pool.generation == generation { pool.generation += 1 }
                defer { pool.idle.removeAll() }
                return pool.idle
            }
            for pooled in stale { pooled.connection.close() }
            return
        }
        guard connection.isOpen, connection.transactionStatus == .idle else {
            connection.close()
            return
        }
        let pooled = PooledConnection(connection: connection)
        let current = state.withLock { pool in
            guard pool.generation == generation else { return false }
            pool.idle.append(pooled)
            return true
        }
        if !current { connection.close() }
    }

    /// True when `connection`'s host may no longer be the one this pool wants: a write refused as read-only in a
    /// pool that expects writes, or a connection lost (not closed by its owner) in a pool that searches hosts.
    /// One-host `any` pools never say so: they behave as they always have.
    private func hostMayHaveChanged(_ connection: PostgresConnection) -> Bool {
        guard configuration.searchesHosts else { return false }
        if configuration.targetSessionAttributes.expectsWrites && connection.sawReadOnlyRefusal { return true }
        return !connection.isOpen && connection.closedReason != PostgresConnection.ownerCloseReason
    }
}

/// The pool's idle connections and its generation: a connection opened in an older generation than the current
/// one is closed when it comes back.
private struct PoolState {
    var idle: [PooledConnection] = []
    var generation = 0
}

/// A connection on its way into or out of the pool's idle list. Only one thread holds it at a time: the list is
/// guarded by the pool's mutex and a checked-out connection belongs to the caller that took it.
private struct PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection
}
