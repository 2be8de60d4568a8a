import PlaytimeSystem

/// One session with a PostgreSQL server over TCP or a Unix-domain socket: blocking calls, each with a deadline.
///
/// Not thread-safe: one thread at a time (``PostgresPool`` hands connections out one caller at a time). After a
/// server error the connection stays usable; after a broken socket, a timeout or a protocol violation it is closed
/// and every later call throws ``PostgresError/connectionClosed(_:)``. See docs/postgres-client.md.
public final class PostgresConnection {
    /// What this connection was opened with.
    public let configuration: PostgresConfiguration
    private var socket: StreamSocket?
    private var reader: MessageReader
    private var encoder = FrontendEncoder()
    private var statements: StatementCache
    /// The transaction status from the last ReadyForQuery.
    public private(set) var transactionStatus: PostgresTransactionStatus = .idle
    /// The server's run-time parameters as last reported (`server_version`, `client_encoding`, …).
    package private(set) var serverParameters: [String: String] = [:]
    /// The key that cancels this session's running query, from BackendKeyData.
    private var cancelKey: (processID: Int32, secretKey: Int32)?
    /// Why the connection was closed, for later calls.
    private var closedReason: String?

    private init(configuration: PostgresConfiguration, socket: StreamSocket) {
        self.configuration = configuration
        self.socket = socket
        reader = MessageReader(maximumMessageBytes: configuration.maximumMessageBytes)
        statements = StatementCache(capacity: configuration.statementCacheCapacity)
    }

    deinit { socket?.close() }

    /// Opens a session: connects, sends the startup message, authenticates, and waits for ReadyForQuery, all
    /// within ``PostgresConfiguration/connectTimeoutNanoseconds``.
    public static func connect(_ configuration: PostgresConfiguration) throws(PostgresError) -> PostgresConnection {
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
    public var isOpen: Bool { socket != nil }

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
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        do {
            return try extendedQuery(sql, parameters)
        } catch {
            guard case .server(let serverError) = error, lastQueryUsedCache, isOpen, transactionStatus == .idle,
                  serverError.sqlState == "26000" || serverError.sqlState == "0A000" else { throw error }
            return try extendedQuery(sql, parameters)
        }
    }

    /// Whether the last ``query(_:_:)`` attempt bound a cached statement.
    private var lastQueryUsedCache = false

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
               serverError.sqlState == "26000" || serverError.sqlState == "0A000" {
                statements.remove(sql)
            }
            throw error
        }
    }

    /// What the last pipeline's Parse and Describe answered: whether the statement exists, its columns.
    private var prepared: (parsed: Bool, columns: [String]) = (false, [])

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
    public func close() {
        guard let socket else { return }
        encoder.reset()
        encoder.terminate()
        let bytes = encoder.bytes
        bytes.withUnsafeBytes { raw in
            try? socket.writeAll(raw, deadline: SystemClock.bootNanoseconds() &+ 100_000_000)
        }
        closeSocket(reason: "the connection was closed by its owner")
    }

    /// True when the idle socket has something to read: the server said something unasked (usually FATAL before
    /// it goes away) or closed the connection. A pool discards such a connection before handing it out.
    package var hasUnexpectedInput: Bool { socket?.isReadableWithoutWaiting ?? true }

    // MARK: Exchange

    /// Sends the encoded messages and reads the answer, within the query deadline; on any failure other than a
    /// non-fatal server error, closes the connection.
    private func exchange<T>(
        _ read: (PostgresConnection, Int64) throws(PostgresError) -> T
    ) throws(PostgresError) -> T {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        let deadline = SystemClock.bootNanoseconds() &+ max(0, configuration.queryTimeoutNanoseconds)
        do {
            try send(on: socket, deadline: deadline)
            return try read(self, deadline)
        } catch {
            switch error {
            case .server(let serverError) where !serverError.endsSession:
                throw error
            case .timedOut:
                sendCancelRequest()
                closeSocket(reason: "a query timed out")
                throw .timedOut("the query did not finish within \(Self.milliseconds(configuration.queryTimeoutNanoseconds)) ms; the connection was closed")
            default:
                closeSocket(reason: "\(error)")
                throw error
            }
        }
    }

    private func send(on socket: StreamSocket, deadline: Int64) throws(PostgresError) {
        let outcome: Result<Void, SystemError> = encoder.bytes.withUnsafeBytes { raw in
            do throws(SystemError) { return .success(try socket.writeAll(raw, deadline: deadline)) } catch { return .failure(error) }
        }
        if case .failure(let error) = outcome {
            if error.meansTimedOut { throw .timedOut("sending to the server") }
            throw .connectionClosed("\(error)")
        }
        reader.answerPending = true
    }

    private func nextMessage(deadline: Int64) throws(PostgresError) -> BackendMessage {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        let (type, body) = try reader.next(from: socket, deadline: deadline)
        return try BackendMessage.decode(type: type, body: body)
    }

    /// Reads one pipeline's answer up to ReadyForQuery, keeping each statement's result. A server error is thrown
    /// only after ReadyForQuery, so the connection is ready for the next query. `columns` are a cached statement's
    /// (its Execute sends no RowDescription).
    private func collectResults(deadline: Int64, simple: Bool, columns: [String]?) throws(PostgresError) -> [PostgresResult] {
        var results: [PostgresResult] = []
        var current = PostgresResult(columns: columns ?? [])
        var failure: PostgresServerError?
        while true {
            switch try nextMessage(deadline: deadline) {
            case .rowDescription(let columns):
                current.columns = columns
                prepared.columns = columns
            case .parseComplete:
                prepared.parsed = true
            case .noData:
                current.columns = []
                prepared.columns = []
            case .dataRow(let values):
                guard values.count == current.columns.count else {
                    throw .protocolViolation("a row of \(values.count) values for \(current.columns.count) columns")
                }
                current.rows.append(values)
            case .commandComplete(let tag):
                current.commandTag = tag
                results.append(current)
                current = PostgresResult()
            case .emptyQueryResponse:
                results.append(current)
                current = PostgresResult()
            case .errorResponse(let error):
                if error.endsSession { throw .server(error) }
                failure = failure ?? error
            case .readyForQuery(let status):
                transactionStatus = status
                if let failure { throw .server(failure) }
                return results
            case .parameterStatus(let name, let value):
                serverParameters[name] = value
            case .copyInResponse:
                // A COPY FROM STDIN this client cannot feed: refuse it, the server answers with an error. In copy-in
                // mode the server ignored the pipeline's Sync, so an extended query sends a new one.
                encoder.reset()
                try encoder.copyFail("PlaytimePostgres does not send COPY data")
                if !simple { encoder.sync() }
                if let socket { try send(on: socket, deadline: deadline) }
            case .copyOutResponse, .ignorable:
                // COPY TO STDOUT data ('d', 'c') is skipped like notices; the command tag still arrives.
                continue
            case .portalSuspended:
                throw .protocolViolation("PortalSuspended, though every row was asked for")
            case .authentication, .backendKeyData:
                throw .protocolViolation("a startup message in the middle of a query")
            }
        }
    }

    // MARK: Startup

    private static func openSocket(_ configuration: PostgresConfiguration, deadline: Int64) throws(PostgresError) -> StreamSocket {
        if let path = configuration.unixSocketPath {
            do {
                return try StreamSocket.connect(unixPath: path, deadline: deadline)
            } catch {
                throw mapConnectError(error, place: path, configuration: configuration)
            }
        }
        let addresses: [SocketAddress]
        switch Resolver.resolveTCP(host: configuration.host, port: configuration.port) {
        case .success(let resolved): addresses = resolved
        case .failure(let error): throw .connectFailed("\(error)")
        }
        var lastError: PostgresError = .connectFailed("\(configuration.host): no address")
        for address in addresses {
            do {
                return try StreamSocket.connect(to: address, deadline: deadline)
            } catch {
                lastError = mapConnectError(error, place: "\(address)", configuration: configuration)
                if error.meansTimedOut { break }
            }
        }
        throw lastError
    }

    private static func mapConnectError(_ error: SystemError, place: String, configuration: PostgresConfiguration) -> PostgresError {
        if error.meansTimedOut {
            return .timedOut("\(place): no connection within \(milliseconds(configuration.connectTimeoutNanoseconds)) ms")
        }
        return .connectFailed("\(place): \(error)")
    }

    private func startUp(deadline: Int64) throws(PostgresError) {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        var parameters = [("user", configuration.user), ("client_encoding", "UTF8"), ("application_name", configuration.applicationName)]
        if let database = configuration.database { parameters.append(("database", database)) }
        encoder.reset()
        try encoder.startup(parameters: parameters)
        try send(on: socket, deadline: deadline)
        try authenticate(deadline: deadline)
        while true {
            switch try nextMessage(deadline: deadline) {
            case .parameterStatus(let name, let value): serverParameters[name] = value
            case .backendKeyData(let processID, let secretKey): cancelKey = (processID, secretKey)
            case .readyForQuery(let status):
                transactionStatus = status
                return
            case .errorResponse(let error): throw .server(error)
            case .ignorable: continue
            default: throw .protocolViolation("an unexpected message during startup")
            }
        }
    }

    /// The authentication exchange, up to AuthenticationOk. SCRAM must end with a verified server signature:
    /// an AuthenticationOk before it is refused (a server skipping the proof that it knows the password).
    private func authenticate(deadline: Int64) throws(PostgresError) {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        var scram: SCRAMSHA256Client?
        while true {
            let message = try nextMessage(deadline: deadline)
            encoder.reset()
            switch message {
            case .authentication(.ok):
                if let scram, !scram.isServerVerified {
                    throw .authenticationFailed("the server ended SCRAM without proving it knows the password")
                }
                return
            case .authentication(.cleartextPassword):
                try encoder.password(try requirePassword("cleartext password"))
            case .authentication(.md5Password):
                throw .unsupportedAuthentication(
                    "the server asks for MD5 password authentication, which this client refuses (MD5 is broken); "
                        + "use scram-sha-256 for this role in pg_hba.conf and set its password again with "
                        + "password_encryption = 'scram-sha-256'")
            case .authentication(.sasl(let mechanisms)):
                guard mechanisms.contains("SCRAM-SHA-256") else {
                    throw .unsupportedAuthentication("the server offers only SASL \(mechanisms.joined(separator: ", ")); this client speaks SCRAM-SHA-256 without channel binding")
                }
                guard scram == nil else { throw .protocolViolation("a second SASL start") }
                let client = SCRAMSHA256Client(
                    password: try requirePassword("SCRAM-SHA-256"), clientNonce: SCRAMSHA256Client.makeNonce(),
                    maximumIterations: configuration.maximumSCRAMIterations)
                try encoder.saslInitialResponse(mechanism: "SCRAM-SHA-256", data: Array(client.clientFirstMessage.utf8))
                scram = client
            case .authentication(.saslContinue(let data)):
                guard var client = scram else { throw .protocolViolation("a SASL challenge before SASL started") }
                let final = try client.clientFinalMessage(serverFirst: String(decoding: data, as: UTF8.self))
                scram = client
                try encoder.saslResponse(data: Array(final.utf8))
            case .authentication(.saslFinal(let data)):
                guard var client = scram else { throw .protocolViolation("a SASL outcome before SASL started") }
                try client.verifyServerFinal(String(decoding: data, as: UTF8.self))
                scram = client
                continue
            case .authentication(.other(let code)):
                throw .unsupportedAuthentication("the server asks for authentication method \(code) (\(Self.methodName(code)))")
            case .errorResponse(let error):
                throw .server(error)
            case .ignorable, .parameterStatus:
                continue
            default:
                throw .protocolViolation("an unexpected message during authentication")
            }
            try send(on: socket, deadline: deadline)
        }
    }

    private func requirePassword(_ method: String) throws(PostgresError) -> String {
        guard let password = configuration.password else {
            throw .authenticationFailed("the server asks for a password (\(method)) and the configuration has none")
        }
        return password
    }

    private static func methodName(_ code: Int32) -> String {
        switch code {
        case 2: return "Kerberos V5"
        case 6: return "SCM credentials"
        case 7, 8: return "GSSAPI"
        case 9: return "SSPI"
        default: return "unknown"
        }
    }

    // MARK: Closing

    private func closeSocket(reason: String) {
        socket?.close()
        socket = nil
        closedReason = closedReason ?? reason
    }

    /// Asks the server, on a separate short-lived connection, to cancel this session's running query, so a timed-out
    /// statement stops holding its locks. Best effort: failures are ignored.
    private func sendCancelRequest() {
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

    private static func milliseconds(_ nanoseconds: Int64) -> Int64 { nanoseconds / 1_000_000 }
}
