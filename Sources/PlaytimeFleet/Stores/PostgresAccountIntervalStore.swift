import Foundation
package import PlaytimeAudit
package import PlaytimePostgres

/// An ``AccountIntervalStore`` on PostgreSQL: one row per account (`playtime_account`, the account's exact UTF-8
/// bytes as `bytea`) holding its placements on the server's clock (``AccountIntervals``) as `jsonb`, shared by every server process of a fleet.
///
/// Each call — all the sessions of one upload — is one transaction: it creates the account's row if absent, locks
/// it (`SELECT … FOR UPDATE`), applies the same rule as the other stores (``AccountIntervals/place(journalID:_:)``:
/// placements idempotent per (journal, session), old pieces pruned) and writes it back once, only when it changed, before
/// it answers. So of
/// two devices uploading at once on two hosts, the second sees the first. Failures are ``RegistryError``.
package final class PostgresAccountIntervalStore: AccountIntervalStore {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// A store on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same store on the connection of an open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``).
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    /// Places `placements` of `journalID` for `account` in one transaction; returns the nanoseconds held for each.
    package func place(account: String, journalID: String, placements batch: [Placement]) throws(RegistryError) -> [Int64] {
        let key = SQLValue.bytea(Array(account.utf8))
        let outcome: Result<[Int64], RegistryError>
        do {
            outcome = try target.transaction { (connection) throws(PostgresError) -> Result<[Int64], RegistryError> in
                _ = try connection.query(
                    """
                    INSERT INTO playtime_account (account, intervals) VALUES ($1, '{"entries":[]}'::jsonb)
                    ON CONFLICT (account) DO NOTHING
                    """, [key])
                let current = try connection.query("SELECT intervals FROM playtime_account WHERE account = $1 FOR UPDATE", [key])
                guard let text = current.rows.first?.first ?? nil,
                    var intervals = try? JSONDecoder().decode(AccountIntervals.self, from: Data(text.utf8))
                else {
                    return .failure(RegistryError("the fleet database's intervals of account \(account) are unreadable"))
                }
                let before = intervals
                let held = intervals.place(journalID: journalID, batch)
                guard intervals != before else { return .success(held) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                guard let data = try? encoder.encode(intervals) else { return .failure(RegistryError("cannot encode account intervals")) }
                _ = try connection.query(
                    "UPDATE playtime_account SET intervals = $2::jsonb, updated_at = now() WHERE account = $1",
                    [key, String(decoding: data, as: UTF8.self)])
                return .success(held)
            }
        } catch {
            throw .fleet(error)
        }
        return try outcome.get()
    }
}
