import PlaytimeAudit
import PlaytimeFleet
import PlaytimePostgres
import PlaytimeTickets
import Testing

/// PLAYTIME_REQUIRE_POSTGRES=1 (CI) without a server is a failure, not a skip.
@Suite("Fleet: PostgreSQL presence")
struct FleetPresenceTests {
    @Test("PostgreSQL must be configured when required")
    func configuredWhenRequired() {
        if FleetTestServer.required {
            #expect(FleetTestServer.available, "PLAYTIME_REQUIRE_POSTGRES=1 but PLAYTIME_POSTGRES_URL is not set")
            #expect(FleetTestServer.harness != nil, "PLAYTIME_REQUIRE_POSTGRES=1 but PLAYTIME_POSTGRES_HARNESS is not set (the stop-the-server tests need it)")
        }
    }
}

/// The versioned schema, garbage collection and what a failure looks like to a caller.
@Suite("Fleet: schema, collection, failures", .enabled(if: FleetTestServer.available))
struct FleetSchemaTests {
    @Test("8 threads migrate an empty database at once: one creates, the others find it current; opening again changes nothing")
    func concurrentMigration() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let found = try await StoreContracts.concurrently(8) { _ in try test.open(connections: 1).versionFound }
            #expect(found.filter { $0 == 0 }.count == 1)
            #expect(found.filter { $0 == FleetSchema.currentVersion }.count == 7)
            #expect(try test.open().versionFound == FleetSchema.currentVersion)
            #expect(try test.count("SELECT count(*) FROM playtime_collection") == 1)
            #expect(try FleetSchema.version(test.pool) == FleetSchema.currentVersion)
        }
    }

    @Test("a database of a newer schema version is refused and left untouched")
    func newerSchemaRefused() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            #expect(try FleetSchema.version(test.pool) == 0)
            _ = try test.open()
            _ = try test.pool.query("UPDATE playtime_schema SET version = 99", [])
            #expect {
                _ = try test.open()
            } throws: { error in
                guard let error = error as? FleetError, case .unsupportedSchema(found: 99, supported: FleetSchema.currentVersion) = error else { return false }
                return true
            }
            #expect(try test.count("SELECT version FROM playtime_schema") == 99)
        }
    }

    @Test("collection deletes expired nonces and sessions and stale grants in batches, keeps the rest, and keeps ledger time")
    func collection() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let database = try test.open()
            let start = StoreContracts.start
            let second = StoreContracts.second
            let day = StoreContracts.day
            for index in 0..<25 {
                let claim = StoreContracts.claim(UInt64(index), expiresAt: start + Int64(index) * second)
                #expect(try database.replayGuard.consume(claim, now: start - second) == .firstUse)
            }
            // Grants: player a 2 days ago and now; player b only 2 days ago.
            _ = try database.budgetLedger.grant(10, to: PlayerKey("a"), limit: 100, at: start - 2 * day)
            _ = try database.budgetLedger.grant(10, to: PlayerKey("b"), limit: 100, at: start - 2 * day)
            _ = try database.budgetLedger.grant(10, to: PlayerKey("a"), limit: 100, at: start)
            let report = try database.collect(now: start + 10 * second, batchSize: 4)
            #expect(report.nonces == 11)
            #expect(report.sessions == 11)
            // a's old grant is 2 days before a's latest; b is idle (its latest a day before the floor): b goes, with its grant.
            #expect(report.grants == 2)
            #expect(report.players == 1)
            #expect(report.batches >= 8)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 14)
            #expect(try test.count("SELECT count(*) FROM playtime_budget_grant") == 1)
            // The floor: b's ledger time now starts at the collection instant, so a clock 3 days back cannot go before it.
            let grant = try database.budgetLedger.grant(100, to: PlayerKey("b"), limit: 100, at: start - 3 * day)
            #expect(grant.at == start + 10 * second)
            #expect(grant.granted == 100)
            #expect(try database.budgetLedger.grant(1, to: PlayerKey("b"), limit: 100, at: start - 3 * day).granted == 0)
            let again = try database.collect(now: start + day + 11 * second)
            #expect(again.grants == 2)
            #expect(again.players == 2)
            #expect(try test.count("SELECT count(*) FROM playtime_budget_grant") == 0)
            #expect(try test.count("SELECT count(*) FROM playtime_budget_player") == 0)
        }
    }

    @Test("ledger time is per player: one player's clock-ahead grant does not move another's, and neither can reopen")
    func perPlayerLedgerTime() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let ledger = try test.open().budgetLedger
            let start = StoreContracts.start
            let hour = StoreContracts.hour
            #expect(try ledger.grant(100, to: PlayerKey("ahead"), limit: 100, at: start + 30 * hour).at == start + 30 * hour)
            #expect(try ledger.grant(50, to: PlayerKey("other"), limit: 100, at: start).at == start)
            #expect(try ledger.grant(100, to: PlayerKey("ahead"), limit: 100, at: start).granted == 0)
            #expect(try ledger.remaining(for: PlayerKey("other"), limit: 100, at: start) == 50)
            #expect(try ledger.remaining(for: PlayerKey("ahead"), limit: 100, at: start) == 0)
        }
    }

    @Test("a store whose server is gone throws its typed error (do not pay), and so does opening")
    func unreachable() async throws {
        try await onOwnThread {
            let url = "postgres://nobody@127.0.0.1:1/none"
            #expect(throws: FleetError.self) { _ = try FleetDatabase(url: url, maximumConnections: 1) }
            let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maximumConnections: 1)
            let claim = StoreContracts.claim(1, expiresAt: StoreContracts.start + StoreContracts.hour)
            #expect {
                _ = try PostgresReplayGuard(pool: pool).consume(claim, now: StoreContracts.start)
            } throws: { error in
                guard let error = error as? TicketStoreError, case .database = error else { return false }
                return true
            }
            #expect {
                _ = try PostgresBudgetLedger(pool: pool).grant(1, to: PlayerKey("p"), limit: 10, at: StoreContracts.start)
            } throws: { error in
                guard let error = error as? TicketStoreError, case .database = error else { return false }
                return true
            }
            #expect(throws: RegistryError.self) { _ = try PostgresDeviceRegistry(pool: pool).record(journalID: "ab") }
        }
    }
}
