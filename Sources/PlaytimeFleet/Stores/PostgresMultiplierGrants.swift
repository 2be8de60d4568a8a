package import PlaytimePostgres
package import PlaytimeTickets

/// A ``MultiplierGrantStore`` on PostgreSQL (``FleetSchemaV3``), shared by every server of a fleet: a grant recorded
/// by one host pays on any other. One statement per call; a grant is committed before ``record(_:for:expiresAt:now:)``
/// returns. Any failure is ``TicketStoreError/database(reason:)``.
package final class PostgresMultiplierGrants: MultiplierGrantStore {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// Grants on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same store on the connection of an open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``).
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    /// Records the grant; a name already granted to the session keeps its first record.
    package func record(_ name: String, for session: SessionKey, expiresAt: Int64, now: Int64) throws(TicketStoreError) {
        do {
            _ = try target.query(
                """
                INSERT INTO playtime_multiplier_grant (player, session, name, granted_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (player, session, name) DO NOTHING
                """, [SQLValue.bytea(session.player.bytes), SQLValue.bytea(session.session), name, "\(now)", "\(expiresAt)"])
        } catch {
            throw .fleet(error)
        }
    }

    /// The names granted to `session`, in the order they were granted.
    package func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String] {
        let result: PostgresResult
        do {
            result = try target.query(
                """
                SELECT name FROM playtime_multiplier_grant WHERE player = $1 AND session = $2 ORDER BY granted_at, name
                """, [SQLValue.bytea(session.player.bytes), SQLValue.bytea(session.session)])
        } catch {
            throw .fleet(error)
        }
        var names: [String] = []
        for row in result.rows {
            guard let name = row.first ?? nil else { throw .database(reason: "playtime_multiplier_grant answered a null name") }
            names.append(name)
        }
        return names
    }
}
