internal import PlaytimePostgres

/// What one garbage collection of the fleet database removed (``FleetDatabase/collect(now:batchSize:)``).
public struct FleetCollection: Sendable, Equatable {
    /// Redeemed nonces removed (their tickets had expired).
    package var nonces: Int
    /// Paid (player, session) keys removed (no ticket issued before their payment can still be redeemed).
    package var sessions: Int
    /// Budget grants removed (older than 24 h of their player's ledger time, or of an idle player).
    package var grants: Int
    /// Players removed from the ledger (idle for more than 24 h before the collection floor), with their grants.
    package var players: Int
    /// Payment records removed (their retries can no longer come: docs/fleet.md, "Exactly once").
    package var payments: Int
    /// Multiplier grants removed (their sessions can no longer be paid).
    package var multiplierGrants: Int = 0
    /// Batches (transactions) the deletes took.
    package var batches: Int

    /// Creates a report.
    package init(nonces: Int = 0, sessions: Int = 0, grants: Int = 0, players: Int = 0, payments: Int = 0, batches: Int = 0) {
        self.nonces = nonces
        self.sessions = sessions
        self.grants = grants
        self.players = players
        self.payments = payments
        self.batches = batches
    }

    /// What was removed, for the operator's log: "removed 3 nonces, 2 sessions, … in 1 batch".
    public var description: String {
        "removed \(nonces) nonce(s), \(sessions) session key(s), \(grants) budget grant(s), \(players) idle player(s), "
            + "\(payments) payment record(s), \(multiplierGrants) multiplier grant(s) in \(batches) batch(es)"
    }
}

/// The collection statements. The horizon and the floor are committed first, in their own transaction, so that
/// every consume or grant that runs after a delete commits sees them (docs/fleet.md, "Expiry").
enum FleetCollector {
    static let advance = """
        UPDATE playtime_collection SET replay_horizon = GREATEST(replay_horizon, $1), budget_floor = GREATEST(budget_floor, $1)
        WHERE id = 1 RETURNING replay_horizon, budget_floor
        """
    static let deleteNonces = """
        DELETE FROM playtime_replay_nonce WHERE nonce IN (
            SELECT nonce FROM playtime_replay_nonce WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)
        """
    static let deleteSessions = """
        DELETE FROM playtime_replay_session WHERE (player, session) IN (
            SELECT player, session FROM playtime_replay_session WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)
        """
    static let deleteMultiplierGrants = """
        DELETE FROM playtime_multiplier_grant WHERE (player, session, name) IN (
            SELECT player, session, name FROM playtime_multiplier_grant WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)
        """
    static let deletePayments = """
        DELETE FROM playtime_payment WHERE key IN (
            SELECT key FROM playtime_payment WHERE expires_at <= $1 AND result IS NOT NULL ORDER BY expires_at LIMIT $2)
        """
    /// Grants older than 24 h of their own player's ledger time: no later grant of that player can count them
    /// (its ledger time is at least that latest instant), whatever any server's clock says.
    static let deleteGrants = """
        DELETE FROM playtime_budget_grant WHERE ctid = ANY(ARRAY(
            SELECT g.ctid FROM playtime_budget_grant g JOIN playtime_budget_player p ON p.player = g.player
            WHERE p.latest >= -9223372036854775808 + 86400000000000 AND g.granted_at <= p.latest - 86400000000000
            LIMIT $1))
        """
    /// Idle players — ledger time more than 24 h before the floor — with all their grants: every later grant of
    /// theirs is made at the floor or later, so none of those grants can count again. Their rows are locked first
    /// (`FOR UPDATE SKIP LOCKED`): a grant in flight keeps its player for the next collection, and a grant that
    /// waits for the lock reads the floor after it, committed before this statement began.
    static let deleteIdlePlayers = """
        WITH idle AS (
            SELECT player FROM playtime_budget_player WHERE latest <= $1 - 86400000000000
            ORDER BY latest LIMIT $2 FOR UPDATE SKIP LOCKED
        ), grants AS (
            DELETE FROM playtime_budget_grant g USING idle WHERE g.player = idle.player RETURNING 1
        ), players AS (
            DELETE FROM playtime_budget_player p USING idle WHERE p.player = idle.player RETURNING 1
        )
        SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM grants)
        """

    /// Advances the horizons to `now` and deletes in batches of `batchSize` until nothing expired is left.
    static func collect(_ pool: PostgresPool, now: Int64, batchSize: Int) throws(FleetError) -> FleetCollection {
        let batch = "\(max(1, batchSize))"
        var report = FleetCollection()
        do {
            let advanced = try pool.query(advance, ["\(now)"])
            guard let row = advanced.rows.first, row.count == 2, let horizon = SQLValue.int64(row[0]), let floor = SQLValue.int64(row[1]) else {
                throw FleetError.unexpectedAnswer("playtime_collection has no row")
            }
            report.nonces = try repeatDelete(pool, deleteNonces, ["\(horizon)", batch], batchSize, &report.batches)
            report.sessions = try repeatDelete(pool, deleteSessions, ["\(horizon)", batch], batchSize, &report.batches)
            report.payments = try repeatDelete(pool, deletePayments, ["\(horizon)", batch], batchSize, &report.batches)
            report.multiplierGrants = try repeatDelete(pool, deleteMultiplierGrants, ["\(horizon)", batch], batchSize, &report.batches)
            report.grants = try repeatDelete(pool, deleteGrants, [batch], batchSize, &report.batches)
            // `floor - 24 h` must not overflow: below that nothing can be old enough.
            while floor >= Int64.min + 86_400_000_000_000 {
                let result = try pool.query(deleteIdlePlayers, ["\(floor)", batch])
                report.batches += 1
                guard let row = result.rows.first, row.count == 2, let players = SQLValue.int64(row[0]), let grants = SQLValue.int64(row[1]) else {
                    throw FleetError.unexpectedAnswer("the idle-player collection answered \(result.rows)")
                }
                report.players += Int(players)
                report.grants += Int(grants)
                if players < Int64(max(1, batchSize)) { break }
            }
        } catch let error as PostgresError {
            throw .database(error)
        } catch let error as FleetError {
            throw error
        } catch {
            throw .unexpectedAnswer("\(error)")
        }
        return report
    }

    /// Runs one batched DELETE until it removes fewer rows than a batch; returns the rows removed.
    private static func repeatDelete(
        _ pool: PostgresPool, _ statement: String, _ parameters: [String?], _ batchSize: Int,
        _ batches: inout Int
    ) throws(PostgresError) -> Int {
        var removed = 0
        while true {
            let result = try pool.query(statement, parameters)
            batches += 1
            let count = result.affectedRows ?? 0
            removed += count
            if count < max(1, batchSize) { return removed }
        }
    }
}
