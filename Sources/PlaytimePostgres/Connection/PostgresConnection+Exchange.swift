internal import PlaytimeSystem

// Sending a pipeline and reading its answer up to ReadyForQuery.
extension PostgresConnection {
    /// Sends the encoded messages and reads the answer, within the query deadline; on any failure other than a
    /// non-fatal server error, closes the connection.
    func exchange<T>(
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
                if serverError.sqlState == "25006" { sawReadOnlyRefusal = true }
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

    func send(on socket: StreamSocket, deadline: Int64) throws(PostgresError) {
        let outcome: Result<Void, SystemError> = encoder.bytes.withUnsafeBytes { raw in
            do throws(SystemError) { return .success(try socket.writeAll(raw, deadline: deadline)) } catch { return .failure(error) }
        }
        if case .failure(let error) = outcome {
            if error.meansTimedOut { throw .timedOut("sending to the server") }
            throw .connectionClosed("\(error)")
        }
        reader.answerPending = true
    }

    func nextMessage(deadline: Int64) throws(PostgresError) -> BackendMessage {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        let (type, body) = try reader.next(from: socket, deadline: deadline)
        lastMessageBytes = body.count
        return try BackendMessage.decode(type: type, body: body)
    }

    /// Reads one pipeline's answer up to ReadyForQuery, keeping each statement's result. A server error is thrown
    /// only after ReadyForQuery, so the connection is ready for the next query. `columns` are a cached statement's
    /// (its Execute sends no RowDescription).
    func collectResults(deadline: Int64, simple: Bool, columns: [String]?) throws(PostgresError) -> [PostgresResult] {
        var results: [PostgresResult] = []
        var resultBytes = 0
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
                resultBytes += lastMessageBytes
                guard resultBytes <= configuration.maximumResultBytes else {
                    throw .resultTooLarge(limitBytes: configuration.maximumResultBytes)
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
                recordParameter(name, value)
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

    /// Keeps a run-time parameter the server reported; at most 256 distinct names, so a hostile server cannot
    /// grow the table without end.
    func recordParameter(_ name: String, _ value: String) {
        guard serverParameters[name] != nil || serverParameters.count < 256 else { return }
        serverParameters[name] = value
    }
}
