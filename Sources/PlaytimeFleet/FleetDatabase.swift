package import PlaytimePostgres

/// The server state of a fleet of game servers in one PostgreSQL database (docs/fleet.md): the ticket replay
/// guard, the players' budgets, the device registry and the account intervals, all behind the same protocols as
/// the in-memory and file stores, on one bounded connection pool.
///
/// Opening connects and migrates the schema (``FleetSchema/migrate(_:)``), so the first server of a new database
/// creates it and any number starting together agree. Share one `FleetDatabase` per process; every server of the
/// fleet opens the same database (and the same ticket key).
package final class FleetDatabase: Sendable {
    /// The connection pool every store uses.
    package let pool: PostgresPool
    /// Redeemed tickets and paid (player, session) keys.
    package let replayGuard: PostgresReplayGuard
    /// The players' rolling 24 h budgets.
    package let budgetLedger: PostgresBudgetLedger
    /// Each journal's accepted head and paid gold.
    package let deviceRegistry: PostgresDeviceRegistry
    /// Each account's paid away intervals.
    package let accountIntervals: PostgresAccountIntervalStore
    /// The multipliers the servers granted one session at a time.
    package let multiplierGrants: PostgresMultiplierGrants
    /// Every paying call's record, per player.
    package let paymentLog: PostgresPaymentLog
    /// The schema version found before opening migrated it (0: the database was empty).
    package let versionFound: Int

    /// Opens the database at `url` (`postgres://user:password@host:port/db`, see PlaytimePostgres) with at most
    /// `maximumConnections` connections, creating or upgrading the schema. A URL may list several hosts with
    /// `target_session_attrs=read-write`: the pool then follows the writable one (docs/fleet.md, "Several hosts").
    package convenience init(url: String, maximumConnections: Int = 4) throws(FleetError) {
        let configuration: PostgresConfiguration
        do {
            configuration = try PostgresConfiguration(url: url)
        } catch {
            throw .configuration(error)
        }
        try self.init(pool: PostgresPool(configuration: configuration, maximumConnections: maximumConnections))
    }

    /// Uses `pool`, creating or upgrading the schema.
    package init(pool: PostgresPool) throws(FleetError) {
        self.pool = pool
        versionFound = try FleetSchema.migrate(pool)
        replayGuard = PostgresReplayGuard(pool: pool)
        budgetLedger = PostgresBudgetLedger(pool: pool)
        deviceRegistry = PostgresDeviceRegistry(pool: pool)
        accountIntervals = PostgresAccountIntervalStore(pool: pool)
        multiplierGrants = PostgresMultiplierGrants(pool: pool)
        paymentLog = PostgresPaymentLog(pool: pool)
    }

    /// Garbage collection at the server's clock `now` (Unix nanoseconds): advances the replay horizon and the
    /// budget floor to `now`, then deletes, `batchSize` rows per transaction, the nonces and session keys that
    /// expired at or before it (multiplier grants included) and the budget grants no window can count any more. Run it from one server now and then
    /// (an hourly job); running it from several at once is safe.
    @discardableResult
    package func collect(now: Int64, batchSize: Int = 10_000) throws(FleetError) -> FleetCollection {
        try FleetCollector.collect(pool, now: now, batchSize: batchSize)
    }
}
