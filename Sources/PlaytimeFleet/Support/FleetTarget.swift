internal import PlaytimePostgres

/// Where a fleet store sends its statements: the pool (each call on a connection of its own, in a transaction of
/// its own where it needs one), or the one connection of a transaction that ``FleetDatabase/once(key:paidAt:expiresAt:_:)``
/// holds open, so that several stores' writes of one payment commit together or not at all (docs/fleet.md,
/// "Exactly once").
enum FleetTarget: Sendable {
    case pool(PostgresPool)
    case transaction(FleetTransaction)

    /// Runs one statement.
    func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        switch self {
        case .pool(let pool): return try pool.query(sql, parameters)
        case .transaction(let open): return try open.run { connection throws(PostgresError) in try connection.query(sql, parameters) }
        }
    }

    /// Runs `body` in a transaction: a transaction of its own on a pooled connection, or, inside an open one, on
    /// that transaction's connection (its statements then commit with the rest of it).
    func transaction<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        switch self {
        case .pool(let pool): return try pool.transaction(body)
        case .transaction(let open): return try open.run(body)
        }
    }
}

/// The connection of one open transaction and the first database error any statement of it met (the transaction
/// is then doomed: it is rolled back, and the error decides whether the call may be tried again).
///
/// Used by one thread at a time: the caller of ``FleetDatabase/once(key:paidAt:expiresAt:_:)`` and the stores it
/// hands to its body, which run on that caller's thread.
final class FleetTransaction: @unchecked Sendable {
    let connection: PostgresConnection
    private(set) var failure: PostgresError?

    init(connection: PostgresConnection) {
        self.connection = connection
    }

    /// Runs `body` on the connection, remembering the first error.
    func run<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        if let failure { throw failure }
        do {
            return try body(connection)
        } catch {
            failure = error
            throw error
        }
    }
}
