package import PlaytimePostgres

/// The payment log on PostgreSQL (``FleetSchemaV4``): one row per paying call, written in the call's own transaction
/// (``FleetDatabase/once(key:paidAt:expiresAt:_:)``), so a payment and its log entry commit together or not at all.
package final class PostgresPaymentLog: PaymentLogStore {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// The log on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same log on the connection of an open transaction.
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    /// Inserts the row; a key already logged keeps its first row (the call that wrote it answers retries).
    package func append(account: String, key: [UInt8], paidAt: Int64, record: String) throws(PaymentLogError) {
        do {
            _ = try target.query(
                """
                INSERT INTO playtime_payment_log (account, key, paid_at, record) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING
                """, [SQLValue.bytea(Array(account.utf8)), SQLValue.bytea(key), "\(paidAt)", record])
        } catch {
            throw PaymentLogError("payment log: \(error)")
        }
    }

    /// The row's record for `key`.
    package func record(key: [UInt8]) throws(PaymentLogError) -> String? {
        let result: PostgresResult
        do {
            result = try target.query("SELECT record FROM playtime_payment_log WHERE key = $1", [SQLValue.bytea(key)])
        } catch {
            throw PaymentLogError("payment log: \(error)")
        }
        return result.rows.first?.first ?? nil
    }

    /// A page of `account`'s rows, by id.
    package func entries(account: String, after: Int64, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry] {
        let result: PostgresResult
        do {
            result = try target.query(
                """
                SELECT id, record FROM playtime_payment_log WHERE account = $1 AND id > $2 ORDER BY id LIMIT $3
                """, [SQLValue.bytea(Array(account.utf8)), "\(after)", "\(max(0, limit))"])
        } catch {
            throw PaymentLogError("payment log: \(error)")
        }
        return try Self.entries(of: result)
    }

    /// Rows of any account whose record contains `fragment` (a sequential scan: the console's search, rare).
    package func entries(containing fragment: String, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry] {
        let result: PostgresResult
        do {
            result = try target.query(
                "SELECT id, record FROM playtime_payment_log WHERE strpos(record, $1) > 0 ORDER BY id LIMIT $2",
                [fragment, "\(max(0, limit))"])
        } catch {
            throw PaymentLogError("payment log: \(error)")
        }
        return try Self.entries(of: result)
    }

    /// The `id, record` rows of `result` as entries, in their order.
    private static func entries(of result: PostgresResult) throws(PaymentLogError) -> [PaymentLogEntry] {
        var entries: [PaymentLogEntry] = []
        for row in result.rows {
            guard row.count == 2, let id = (row[0]).flatMap({ Int64($0) }), let record = row[1] else {
                throw PaymentLogError("payment log: playtime_payment_log answered a row without id or record")
            }
            entries.append(PaymentLogEntry(position: id, record: record))
        }
        return entries
    }
}
