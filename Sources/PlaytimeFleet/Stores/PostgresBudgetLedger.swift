package import PlaytimePostgres
package import PlaytimeTickets

/// A ``BudgetLedger`` on PostgreSQL, shared by every server process of a fleet (docs/fleet.md).
///
/// One call is one statement, `playtime_grant` (``FleetSchemaV1``): it upserts the player's row (which locks
/// it until commit, so concurrent grants of one player on any number of hosts take turns), sums the player's
/// grants of the window, inserts the capped grant and commits before it answers.
///
/// Ledger time is kept **per player** (and never below the instant grants were last collected at): a grant is
/// made at `max(now, that player's latest ledger time, the collection floor)`. The per-player guarantee of
/// ``BudgetLedger`` — a clock set back cannot reopen spent budget; no 24 h window grants more than the budget —
/// holds exactly; what differs from the in-memory ledger is only that one player's clock-ahead grant does not
/// move the others' ledger time (a fleet-wide latest instant would be one row every grant locks).
/// Any failure is ``TicketStoreError/database(reason:)``: do not pay.
package final class PostgresBudgetLedger: BudgetLedger {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// A ledger on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same store on the connection of an open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``).
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    static let grantStatement = "SELECT granted, ledger_time FROM playtime_grant($1, $2, $3, $4)"

    /// Grants up to `gold` to `player` at `now` under `limit` gold per rolling 24 h, durably and atomically.
    package func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant {
        let result: PostgresResult
        do {
            result = try target.query(Self.grantStatement, [SQLValue.bytea(player.bytes), "\(gold)", "\(limit)", "\(now)"])
        } catch {
            throw .fleet(error)
        }
        guard let row = result.rows.first, row.count == 2, let granted = SQLValue.int64(row[0]), let at = SQLValue.int64(row[1]),
            granted >= 0, granted <= max(0, gold)
        else {
            throw .database(reason: "playtime_grant answered \(result.rows)")
        }
        return BudgetGrant(requested: max(0, gold), granted: granted, limit: max(0, limit), at: at)
    }

    /// Gold `player` could still be granted at `now` under `limit` (a read; another grant may take it meanwhile).
    package func remaining(for player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> Int64 {
        let result: PostgresResult
        do {
            result = try target.query(
                """
                WITH t AS (
                    SELECT GREATEST($2::bigint, COALESCE((SELECT latest FROM playtime_budget_player WHERE player = $1), $2::bigint),
                                    (SELECT budget_floor FROM playtime_collection WHERE id = 1)) AS at
                )
                SELECT GREATEST(0, GREATEST($3::bigint, 0) - LEAST(GREATEST($3::bigint, 0), COALESCE(sum(g.gold), 0)))
                FROM t LEFT JOIN playtime_budget_grant g
                  ON g.player = $1 AND g.granted_at <= t.at
                 AND g.granted_at > t.at::numeric - 86400000000000
                """, [SQLValue.bytea(player.bytes), "\(now)", "\(limit)"])
        } catch {
            throw .fleet(error)
        }
        guard let value = SQLValue.int64(result.rows.first?.first ?? nil) else {
            throw .database(reason: "remaining budget answered \(result.rows)")
        }
        return value
    }
}
