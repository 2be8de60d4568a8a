package import PlaytimePostgres
package import PlaytimeTickets

/// A ``ReplayGuard`` on PostgreSQL, shared by every server process of a fleet (docs/fleet.md).
///
/// One call is one statement, `playtime_consume` (``FleetSchemaV1``): it inserts the nonce row and the
/// (player, session) row with `INSERT … ON CONFLICT DO NOTHING` in the statement's transaction, and takes back
/// the nonce row when the session was already paid, so both are recorded together or not at all. Unique keys
/// decide between concurrent calls on any number of hosts at READ COMMITTED; the answer `firstUse` arrives only
/// after the commit (durable as the server's `synchronous_commit` and replication make it). Keys are `bytea`:
/// byte for byte. Any failure — connection, timeout, a statement refused, an answer lost after the commit — is
/// ``TicketStoreError/database(reason:)``: do not pay (a commit whose answer was lost leaves the ticket used, never
/// paid twice).
package final class PostgresReplayGuard: OneStepRedeeming {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// A guard on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same store on the connection of an open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``).
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    static let consumeStatement = "SELECT playtime_consume($1, $2, $3, $4, $5, $6)"

    /// Records `claim` if its nonce and its session key are both new and it is unexpired at `now`.
    package func consume(_ claim: ReplayClaim, now: Int64) throws(TicketStoreError) -> ReplayDecision {
        let result: PostgresResult
        do {
            result = try target.query(Self.consumeStatement, Self.parameters(claim, now: now))
        } catch {
            throw .fleet(error)
        }
        return try Self.decision(result)
    }

    /// Every claim in order, `playtime_consume` once each in one transaction: one commit for a whole upload
    /// (docs/fleet.md, "Limits and cost"). A failure rolls all of them back: none may be paid.
    package func consume(_ claims: [ReplayClaim], now: Int64) throws(TicketStoreError) -> [ReplayDecision] {
        guard !claims.isEmpty else { return [] }
        let results: [PostgresResult]
        do {
            results = try target.transaction { (connection) throws(PostgresError) -> [PostgresResult] in
                var results: [PostgresResult] = []
                results.reserveCapacity(claims.count)
                for claim in claims {
                    results.append(try connection.query(Self.consumeStatement, Self.parameters(claim, now: now)))
                }
                return results
            }
        } catch {
            throw .fleet(error)
        }
        var decisions: [ReplayDecision] = []
        decisions.reserveCapacity(results.count)
        for result in results { decisions.append(try Self.decision(result)) }
        return decisions
    }

    static let redeemStatement = "SELECT outcome, granted, ledger_time, paid_at FROM playtime_redeem($1, $2, $3, $4, $5, $6, $7, $8)"

    /// True when `ledger` is a ``PostgresBudgetLedger`` of the same pool: `playtime_redeem` then consumes and grants
    /// in one statement.
    package func grantsWith(_ ledger: any BudgetLedger) -> Bool {
        guard let ledger = ledger as? PostgresBudgetLedger, case .pool(let mine) = target, case .pool(let theirs) = ledger.target else {
            return false
        }
        return mine === theirs
    }

    /// One statement, `playtime_redeem` (``FleetSchemaV2``): consume, grant and the payment's record in one round trip
    /// and one commit; a nonce redeemed before answers its recorded payment.
    package func redeem(_ claim: ReplayClaim, gold: Int64, limit: Int64, now: Int64) throws(TicketStoreError) -> OneStepRedemption {
        let result: PostgresResult
        do {
            result = try target.query(Self.redeemStatement, Self.parameters(claim, now: now) + ["\(gold)", "\(limit)"])
        } catch {
            throw .fleet(error)
        }
        guard let row = result.rows.first, row.count == 4, let outcome = row[0] else {
            throw .database(reason: "playtime_redeem answered \(result.rows)")
        }
        let requested = max(0, gold)
        func grant() throws(TicketStoreError) -> BudgetGrant {
            guard let granted = SQLValue.int64(row[1]), let at = SQLValue.int64(row[2]), granted >= 0 else {
                throw .database(reason: "playtime_redeem answered \(result.rows)")
            }
            return BudgetGrant(requested: max(requested, granted), granted: granted, limit: max(0, limit), at: at)
        }
        switch outcome {
        case "first": return .paid(try grant())
        case "repeat":
            guard let redeemedAt = SQLValue.int64(row[3]) else { throw .database(reason: "playtime_redeem answered \(result.rows)") }
            return .repeated(try grant(), redeemedAt: redeemedAt)
        case "session": return .refused(.sessionAlreadyPaid)
        case "expired": return .refused(.expired)
        default: throw .database(reason: "playtime_redeem answered \(result.rows)")
        }
    }

    private static func parameters(_ claim: ReplayClaim, now: Int64) -> [String?] {
        [
            SQLValue.bytea(claim.nonce.bytes), "\(claim.expiresAt)", SQLValue.bytea(claim.session.player.bytes),
            SQLValue.bytea(claim.session.session), "\(claim.sessionExpiresAt)", "\(now)",
        ]
    }

    private static func decision(_ result: PostgresResult) throws(TicketStoreError) -> ReplayDecision {
        switch result.rows.first?.first ?? nil {
        case "first": return .firstUse
        case "used": return .alreadyUsed
        case "session": return .sessionAlreadyPaid
        case "expired": return .expired
        case let other: throw .database(reason: "playtime_consume answered \(String(describing: other))")
        }
    }
}
