package import PlaytimePostgres

/// What ``FleetDatabase/once(key:paidAt:expiresAt:_:)`` found or did.
package enum FleetOnce<Value> {
    /// This call paid: the body's value, committed with its record.
    case paid(Value)
    /// An earlier call with the same key paid; its record, as the body's caller wrote it.
    case repeated(String)
}

/// Why ``FleetDatabase/once(key:paidAt:expiresAt:_:)`` paid nothing.
package enum FleetOnceFailure<Refusal: Error>: Error {
    /// The body refused (its own reason); the transaction was rolled back.
    case refused(Refusal)
    /// The database failed. ``FleetDatabase/mayRetry(_:)`` says whether the same call may be tried again: nothing
    /// was committed, or the commit's answer was lost and a retry will find its record.
    case database(PostgresError)
}

extension FleetDatabase {
    /// Runs `body` once per `key`, fleet-wide, with the stores on one transaction's connection, and records what it
    /// paid (`body`'s record text) under `key` in the same transaction (docs/fleet.md, "Exactly once").
    ///
    /// The key's row is inserted first (`INSERT … ON CONFLICT DO NOTHING`): a concurrent call with the same key
    /// waits for this one to commit or roll back; a key already committed answers ``FleetOnce/repeated(_:)`` with its
    /// record and runs nothing. The body's refusal, or any database error, rolls everything back (the key too).
    /// `paidAt` and `expiresAt` are server time (Unix nanoseconds); the record is collected after `expiresAt`.
    package func once<Value, Refusal: Error>(
        key: [UInt8], paidAt: Int64, expiresAt: Int64,
        _ body: (FleetStores) -> Result<(Value, record: String), Refusal>
    ) throws(FleetOnceFailure<Refusal>) -> FleetOnce<Value> {
        let keyText = SQLValue.bytea(key)
        let outcome: Result<FleetOnce<Value>, Refusal>
        do {
            outcome = try pool.withConnection { (connection) throws(PostgresError) -> Result<FleetOnce<Value>, Refusal> in
                _ = try connection.query("BEGIN")
                let open = FleetTransaction(connection: connection)
                let result: Result<FleetOnce<Value>, Refusal>
                do throws(PostgresError) {
                    result = try Self.attempt(open, key: keyText, paidAt: paidAt, expiresAt: expiresAt, body)
                } catch {
                    if connection.isOpen { _ = try? connection.query("ROLLBACK") }
                    throw error
                }
                switch result {
                case .failure, .success(.repeated):
                    _ = try connection.query("ROLLBACK")
                case .success(.paid):
                    try connection.commit()
                }
                return result
            }
        } catch {
            throw .database(error)
        }
        switch outcome {
        case .success(let done): return done
        case .failure(let refusal): throw .refused(refusal)
        }
    }

    /// True when a call that failed with `error` may be sent again with the same key: a lost connection, a lost
    /// commit answer, a host that is no longer the primary (25006), a server shutting down (57P01–57P03), a
    /// serialization failure or deadlock (40001, 40P01), no writable host yet, or a busy pool. Either nothing was
    /// committed, or the commit was and the retry finds its record.
    package static func mayRetry(_ error: PostgresError) -> Bool {
        switch error {
        case .connectionClosed, .commitOutcomeUnknown, .timedOut, .connectFailed, .noSuitableHost, .poolExhausted,
            .transactionRolledBack:
            return true
        case .server(let server):
            let state = server.sqlState
            return state == "25006" || state == "40001" || state == "40P01" || state.hasPrefix("57P") || state.hasPrefix("08")
        default:
            return false
        }
    }

    private static func attempt<Value, Refusal: Error>(
        _ open: FleetTransaction, key: String, paidAt: Int64, expiresAt: Int64,
        _ body: (FleetStores) -> Result<(Value, record: String), Refusal>
    ) throws(PostgresError) -> Result<FleetOnce<Value>, Refusal> {
        let claimed = try open.run { connection throws(PostgresError) in
            try connection.query(
                """
                INSERT INTO playtime_payment (key, paid_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING
                """, [key, "\(paidAt)", "\(expiresAt)"])
        }
        if claimed.affectedRows != 1 {
            let found = try open.run { connection throws(PostgresError) in
                try connection.query("SELECT result FROM playtime_payment WHERE key = $1", [key])
            }
            guard let record = found.rows.first?.first ?? nil else {
                throw .protocolViolation("playtime_payment holds the key without a result")
            }
            return .success(.repeated(record))
        }
        let result = body(FleetStores(transaction: open))
        // A statement that failed inside the body dooms the transaction, whatever the body made of it.
        if let failure = open.failure { throw failure }
        switch result {
        case .failure(let refusal): return .failure(refusal)
        case .success(let (value, record)):
            _ = try open.run { connection throws(PostgresError) in
                try connection.query("UPDATE playtime_payment SET result = $2 WHERE key = $1", [key, record])
            }
            return .success(.paid(value))
        }
    }
}
