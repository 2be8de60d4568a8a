internal import PlaytimeSystem

/// One session with a PostgreSQL server over TCP or a Unix-domain socket: blocking calls, each with a deadline.
///
/// Not thread-safe: one thread at a time (``PostgresPool`` hands connections out one caller at a time). After a
/// server error the connection stays usable; after a broken socket, a timeout or a protocol violation it is closed
/// and every later call throws ``PostgresError/connectionClosed(_:)``. See docs/postgres-client.md.
package final class PostgresConnection {
    /// What this connection was opened with.
    package internal(set) var configuration: PostgresConfiguration
    var socket: StreamSocket?
    var reader: MessageReader
    var encoder = FrontendEncoder()
    var statements: StatementCache
    /// The transaction status from the last ReadyForQuery.
    package internal(set) var transactionStatus: PostgresTransactionStatus = .idle
    /// The server's run-time parameters as last reported (`server_version`, `client_encoding`, …).
    package internal(set) var serverParameters: [String: String] = [:]
    /// The key that cancels this session's running query, from BackendKeyData.
    var cancelKey: (processID: Int32, secretKey: Int32)?
    /// Why the connection was closed, for later calls.
    var closedReason: String?
    /// The body length of the last message read, for the result-size bound.
    var lastMessageBytes = 0
    /// True once the server refused a statement because the session is read-only (SQLSTATE 25006), even when the
    /// caller swallowed the error: the host may have stopped being the primary (docs/postgres-client.md,
    /// "Several hosts").
    package internal(set) var sawReadOnlyRefusal = false

    private init(configuration: PostgresConfiguration, socket: StreamSocket) {
        self.configuration = configuration
        self.socket = socket
        reader = MessageReader(maximumMessageBytes: configuration.maximumMessageBytes)
        statements = StatementCache(capacity: configuration.statementCacheCapacity)
    }

    deinit { socket?.close() }

    /// Opens a session: connects, sends the startup message, authenticates, and waits for ReadyForQuery, all
    /// within ``PostgresConfiguration/connectTimeoutNanoseconds``.
    package static func connect(_ configuration: PostgresConfiguration) throws(PostgresError) -> PostgresConnection {
        let deadline = SystemClock.bootNanoseconds() &+ max(0, configuration.connectTimeoutNanoseconds)
        let socket = try openSocket(configuration, deadline: deadline)
        let connection = PostgresConnection(configuration: configuration, socket: socket)
        do {
            try connection.startUp(deadline: deadline)
        } catch {
            connection.closeSocket(reason: "startup failed")
            if case .timedOut = error {
                throw .timedOut("\(configuration.endpointDescription): no session within \(milliseconds(configuration.connectTimeoutNanoseconds)) ms")
            }
            throw error
        }
        return connection
    }

    /// True until the connection is closed (by ``close()`` or by a failure that leaves its state unknown).
    package var isOpen: Bool { socket != nil }

    /// Runs one statement through the extended query protocol: `$1`, `$2`, … take `parameters` as text, `nil` is
    /// NULL; values come back as text.
    ///
    /// The first time a connection sees an SQL text it prepares it as a named statement (Parse, Describe, Bind,
    /// Execute, Sync); afterwards only Bind, Execute, Sync go out (``PostgresConfiguration/statementCacheCapacity``,
    /// 0 for the unnamed statement every time). A cached statement the server lost or must re-plan with other
    /// result columns (SQLSTATE 26000, 0A000) is prepared anew and the query run once more, but only outside a
    /// transaction, where the failed attempt was rolled back whole.
    ///
    /// Must finish within ``PostgresConfiguration/queryTimeoutNanoseconds``: on overrun the query is cancelled
    /// (best effort), the connection closed, and ``PostgresError/timedOut(_:)`` thrown.
    package func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        do {
            return try extendedQuery(sql, parameters)
        } catch {
            guard case .server(let serverError) = error, lastQueryUsedCache, isOpen, transactionStatus == .idle,
                serverError.sqlState == "26000" || serverError.sqlState == "0A000"
            else { throw error }
            return try extendedQuery(sql, parameters)
        }
    }

    /// `COMMIT` of the open transaction. A connection that broke while committing throws
    /// ``PostgresError/commitOutcomeUnknown(_:)`` (the server may or may not have committed); a transaction a failed
    /// statement had doomed throws ``PostgresError/transactionRolledBack(_:)`` (nothing was committed).
    package func commit() throws(PostgresError) {
        let answer: PostgresResult
        do {
            answer = try query("COMMIT")
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
        guard answer.commandTag != "ROLLBACK" else {
            throw .transactionRolledBack("a statement inside the transaction failed; COMMIT rolled back")
        }
    }

    /// Whether the last ``query(_:_:)`` attempt bound a cached statement.
    var lastQueryUsedCache = false

    private func extendedQuery(_ sql: String, _ parameters: [String?]) throws(PostgresError) -> PostgresResult {
        encoder.reset()
        for name in statements.pendingCloses { try encoder.closeStatement(name) }
        let cached = statements.entry(for: sql)
        lastQueryUsedCache = cached != nil
        var preparing: String?
        if let cached {
            try encoder.bind(parameters, statement: cached.name)
        } else if statements.capacity > 0 {
            let name = statements.makeName()
            try encoder.parse(sql, statement: name)
            try encoder.describeStatement(name)
            try encoder.bind(parameters, statement: name)
            preparing = name
        } else {
            try encoder.parse(sql)
            try encoder.bind(parameters)
            encoder.describePortal()
        }
        encoder.execute()
        encoder.sync()
        statements.closesSent()
        prepared = (false, [])
        do {
            let result = try exchange { connection, deadline throws(PostgresError) in
                try connection.collectResults(deadline: deadline, simple: false, columns: cached?.columns).last ?? PostgresResult()
            }
            if let preparing, prepared.parsed { statements.insert(.init(name: preparing, columns: prepared.columns), for: sql) }
            noteDiscards([result])
            return result
        } catch {
            if let preparing, prepared.parsed, isOpen {
                statements.insert(.init(name: preparing, columns: prepared.columns), for: sql)
            }
            if cached != nil, case .server(let serverError) = error,
                serverError.sqlState == "26000" || serverError.sqlState == "0A000"
            {
                statements.remove(sql)
            }
            throw error
        }
    }

    /// What the last pipeline's Parse and Describe answered: whether the statement exists, its columns.
    var prepared: (parsed: Bool, columns: [String]) = (false, [])

    /// `DISCARD ALL` and `DEALLOCATE ALL` drop every prepared statement on the server: forget them here too.
    private func noteDiscards(_ results: [PostgresResult]) {
        if results.contains(where: { $0.commandTag == "DISCARD ALL" || $0.commandTag == "DEALLOCATE ALL" }) {
            statements.forgetAll()
        }
    }

    /// Runs a script of one or more statements through the simple query protocol (no parameters), for schema
    /// migrations. Returns one result per statement that completed; the first error stops the script.
    package func simpleQuery(_ sql: String) throws(PostgresError) -> [PostgresResult] {
        encoder.reset()
        try encoder.simpleQuery(sql)
        let results = try exchange { connection, deadline throws(PostgresError) in
            try connection.collectResults(deadline: deadline, simple: true, columns: nil)
        }
        noteDiscards(results)
        return results
    }

    /// Ends the session (Terminate) and closes the socket; later calls do nothing.
    package func close() {
        guard let socket else { return }
        encoder.reset()
        encoder.terminate()
        let bytes = encoder.bytes
        bytes.withUnsafeBytes { raw in
            try? socket.writeAll(raw, deadline: SystemClock.bootNanoseconds() &+ 100_000_000)
        }
        closeSocket(reason: Self.ownerCloseReason)
    }

    /// The reason ``close()`` records: the owner's choice, not a failure.
    static let ownerCloseReason = "the connection was closed by its owner"

    /// True when the idle socket has something to read: the server said something unasked (usually FATAL before
    /// it goes away) or closed the connection. A pool discards such a connection before handing it out.
    package var hasUnexpectedInput: Bool { socket?.isReadableWithoutWaiting ?? true }

    // MARK: Closing

    func closeSocket(reason: String) {
        socket?.close()
        socket = nil
        closedReason = closedReason ?? reason
    }

    /// Asks the server, on a separate short-lived connection, to cancel this session's running query, so a timed-out
    /// statement stops holding its locks. Best effort: failures are ignored.
    func sendCancelRequest() {
        guard let key = cancelKey else { return }
        let deadline = SystemClock.bootNanoseconds() &+ min(1_000_000_000, max(0, configuration.connectTimeoutNanoseconds))
        guard let socket = try? Self.openSocket(configuration, deadline: deadline) else { return }
        var request = FrontendEncoder()
        request.cancelRequest(processID: key.processID, secretKey: key.secretKey)
        request.bytes.withUnsafeBytes { raw in try? socket.writeAll(raw, deadline: deadline) }
        // The server closes the cancel connection when it has read the request; wait for that briefly.
        var scratch = [UInt8](repeating: 0, count: 16)
        scratch.withUnsafeMutableBytes { raw in _ = try? socket.read(into: raw, deadline: deadline) }
        socket.close()
    }

    static func milliseconds(_ nanoseconds: Int64) -> Int64 { nanoseconds / 1_000_000 }
}
