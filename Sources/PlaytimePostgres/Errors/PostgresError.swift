/// Why a PostgreSQL operation failed. Every failure is one of these; nothing is thrown untyped.
///
/// After ``server(_:)`` with a non-fatal severity the connection is still usable (the client reads on to
/// ReadyForQuery), except that a pool looking for a writable host (`target_session_attrs=read-write` or
/// `primary`) discards a connection whose write was refused as read-only (SQLSTATE 25006). After every other case
/// except ``invalidArgument(_:)`` and ``poolExhausted(_:)`` the connection is closed and a pool discards it. See docs/postgres-client.md.
package enum PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an ErrorResponse (its SQLSTATE in ``PostgresServerError/sqlState``).
    case server(PostgresServerError)
    /// The connection string is not one this client reads.
    case invalidURL(String)
    /// The configuration asks for TLS (`sslmode=require`, `verify-ca`, `verify-full`); this client has none and
    /// refuses rather than send credentials and data in cleartext.
    case tlsRequired
    /// The server asks for an authentication method this client refuses (MD5, Kerberos, GSSAPI, SSPI, SCRAM with
    /// channel binding only).
    case unsupportedAuthentication(String)
    /// Authentication could not complete on the client's side: no password configured, or the server's SCRAM
    /// messages are malformed or its signature is wrong (a server that does not know the password).
    case authenticationFailed(String)
    /// No connection could be opened (refused, unreachable, unknown host, socket path too long).
    case connectFailed(String)
    /// The connection broke (closed by the server, reset) or was closed earlier.
    case connectionClosed(String)
    /// The server did not answer before the connect or query deadline; the connection was closed.
    case timedOut(String)
    /// The server sent bytes that are not protocol v3 as this client speaks it.
    case protocolViolation(String)
    /// The server announced a message longer than the configured limit; nothing that large was allocated.
    case messageTooLarge(announcedBytes: Int, limitBytes: Int)
    /// One query's rows together exceeded ``PostgresConfiguration/maximumResultBytes``; the connection was closed.
    case resultTooLarge(limitBytes: Int)
    /// The caller passed something that cannot be sent (a NUL in SQL, more than 65 535 parameters, …).
    case invalidArgument(String)
    /// No pooled connection became free before the pool's checkout timeout.
    case poolExhausted(String)
    /// The transaction was rolled back by the server instead of committed (a statement in it failed).
    case transactionRolledBack(String)
    /// The connection broke while COMMIT was in flight: the transaction may or may not have been committed.
    case commitOutcomeUnknown(String)
    /// No host of the connection string gave a session of the kind asked for (`target_session_attrs`) before the
    /// connect deadline, after rounds over all of them; the text names each host and why it was passed over
    /// (never the password).
    case noSuitableHost(String)

    /// The SQLSTATE of a server error; `nil` for the client's own errors.
    package var sqlState: String? {
        if case .server(let error) = self { return error.sqlState }
        return nil
    }

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .server(let error): return "postgres: \(error)"
        case .invalidURL(let reason): return "postgres: invalid connection URL: \(reason)"
        case .tlsRequired:
            return "postgres: the configuration requires TLS (sslmode=require/verify-ca/verify-full), which this client "
                + "does not implement; refusing to connect in cleartext (see docs/postgres-client.md for deployments that fit)"
        case .unsupportedAuthentication(let reason): return "postgres: unsupported authentication: \(reason)"
        case .authenticationFailed(let reason): return "postgres: authentication failed: \(reason)"
        case .connectFailed(let reason): return "postgres: connect failed: \(reason)"
        case .connectionClosed(let reason): return "postgres: connection closed: \(reason)"
        case .timedOut(let reason): return "postgres: timed out: \(reason)"
        case .protocolViolation(let reason): return "postgres: protocol violation: \(reason)"
        case .messageTooLarge(let announced, let limit):
            return "postgres: the server announced a \(announced)-byte message; the limit is \(limit) bytes"
        case .resultTooLarge(let limit):
            return "postgres: the query's rows exceed the \(limit)-byte result limit; the connection was closed"
        case .invalidArgument(let reason): return "postgres: invalid argument: \(reason)"
        case .poolExhausted(let reason): return "postgres: pool exhausted: \(reason)"
        case .transactionRolledBack(let reason): return "postgres: transaction rolled back: \(reason)"
        case .commitOutcomeUnknown(let reason): return "postgres: commit outcome unknown: \(reason)"
        case .noSuitableHost(let reason): return "postgres: no suitable host: \(reason)"
        }
    }
}
