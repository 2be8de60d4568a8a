import Foundation
import PlaytimeAudit
import PlaytimeFleet
import PlaytimeTickets
import Testing

/// The store contracts against the reference in-memory stores: the checks hold where they must.
@Suite("Store contracts: in-memory reference")
struct InMemoryContractTests {
    @Test("replay guard: single use per nonce and per session, nothing recorded on refusal, expiry, byte-exact keys")
    func replay() throws { try StoreContracts.replayBasics(InMemoryReplayGuard()) }

    @Test("replay guard: an upload's claims in one call decide as they would one by one")
    func replayBatch() throws { try StoreContracts.replayBatch(InMemoryReplayGuard()) }

    @Test("replay guard: the collection horizon outlives a clock set back")
    func horizon() throws {
        let guardian = InMemoryReplayGuard()
        try StoreContracts.replayHorizon(guardian) { guardian.removeExpired(now: $0) }
    }

    @Test("replay guard: of 32 concurrent claims of one nonce, and of one session, one is first")
    func replayConcurrency() async throws { try await StoreContracts.replayConcurrency(InMemoryReplayGuard()) }

    @Test("budget ledger: rolling window, withheld rest, no reopening on clock-back, byte-exact, no overflow")
    func budget() throws { try StoreContracts.budgetBasics(InMemoryBudgetLedger()) }

    @Test("budget ledger: 32 concurrent grants of one player grant exactly the limit")
    func budgetConcurrency() async throws { try await StoreContracts.budgetConcurrency(InMemoryBudgetLedger()) }

    @Test("device registry: compare-and-set, one winner of 16")
    func registry() async throws { try await StoreContracts.registryBasics(InMemoryDeviceRegistry()) }

    @Test("account placements: no instant twice, idempotent, byte-exact, one provisional pool")
    func accounts() throws { try StoreContracts.accountBasics(InMemoryAccountIntervalStore()) }

    @Test("account placements: 16 journals placing one hour at once hold it once")
    func accountRace() async throws { try await StoreContracts.accountConcurrency(InMemoryAccountIntervalStore()) }
}

/// The same contracts against the PostgreSQL stores, each test on a database of its own.
@Suite("Store contracts: PostgreSQL", .enabled(if: FleetTestServer.available))
struct PostgresContractTests {
    /// Runs `body` on a fresh fleet database and drops it afterwards.
    func withDatabase(_ body: (FleetDatabase, FleetTestDatabase) async throws -> Void) async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let database = try test.open(connections: 8)
            try await body(database, test)
        }
    }

    @Test("replay guard: single use per nonce and per session, nothing recorded on refusal, expiry, byte-exact keys")
    func replay() async throws {
        try await withDatabase { database, test in
            try StoreContracts.replayBasics(database.replayGuard)
            // Exactly the first uses are rows: refusals left nothing behind.
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 9)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session") == 9)
        }
    }

    @Test("replay guard: an upload's claims in one call decide as they would one by one, in one transaction")
    func replayBatch() async throws {
        try await withDatabase { database, test in
            try StoreContracts.replayBatch(database.replayGuard)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_nonce") == 9)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session") == 9)
        }
    }

    @Test("replay guard: the collection horizon outlives a clock set back")
    func horizon() async throws {
        try await withDatabase { database, _ in
            try StoreContracts.replayHorizon(database.replayGuard) { _ = try database.collect(now: $0) }
        }
    }

    @Test("replay guard: of 32 concurrent claims of one nonce, and of one session, one is first")
    func replayConcurrency() async throws {
        try await withDatabase { database, _ in try await StoreContracts.replayConcurrency(database.replayGuard) }
    }

    @Test("budget ledger: rolling window, withheld rest, no reopening on clock-back, byte-exact, no overflow")
    func budget() async throws {
        try await withDatabase { database, _ in try StoreContracts.budgetBasics(database.budgetLedger) }
    }

    @Test("budget ledger: 32 concurrent grants of one player grant exactly the limit")
    func budgetConcurrency() async throws {
        try await withDatabase { database, _ in try await StoreContracts.budgetConcurrency(database.budgetLedger) }
    }

    @Test("device registry: compare-and-set, one winner of 16")
    func registry() async throws {
        try await withDatabase { database, _ in try await StoreContracts.registryBasics(database.deviceRegistry) }
    }

    @Test("account placements: no instant twice, idempotent, byte-exact, one provisional pool")
    func accounts() async throws {
        try await withDatabase { database, _ in try StoreContracts.accountBasics(database.accountIntervals) }
    }

    @Test("account placements: 16 journals placing one hour at once on the database hold it once")
    func accountRace() async throws {
        try await withDatabase { database, _ in try await StoreContracts.accountConcurrency(database.accountIntervals) }
    }
}

/// The same contracts against the file stores of one machine, so all three families are held to one text.
@Suite("Store contracts: file stores")
struct FileContractTests {
    /// A fresh directory, removed afterwards.
    func withDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "playtime-fleet-contract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await onOwnThread { try await body(directory) }
    }

    @Test("replay guard: single use per nonce and per session, nothing recorded on refusal, expiry, byte-exact keys")
    func replay() async throws {
        try await withDirectory { try StoreContracts.replayBasics(FileReplayGuard(path: $0 + "/replay")) }
    }

    @Test("replay guard: an upload's claims in one call decide as they would one by one, with one fsync'd write (it was one per claim)")
    func replayBatch() async throws {
        try await withDirectory { directory in
            let guardian = try FileReplayGuard(path: directory + "/replay")
            try StoreContracts.replayBatch(guardian)
            // The first batch wrote its 9 new claims at once; the replayed batch and the empty one wrote nothing.
            #expect(guardian.syncCount == 1)
            #expect(guardian.recordCount == 9)
            // A restart reads them back.
            let reopened = try FileReplayGuard(path: directory + "/replay")
            #expect(
                try reopened.consume(
                    StoreContracts.claim(3, expiresAt: StoreContracts.start + StoreContracts.hour, session: "s-fresh"),
                    now: StoreContracts.start) == .alreadyUsed)
        }
    }

    @Test("replay guard: the collection horizon outlives a clock set back")
    func horizon() async throws {
        try await withDirectory { directory in
            let guardian = try FileReplayGuard(path: directory + "/replay")
            try StoreContracts.replayHorizon(guardian) { _ = try guardian.compact(now: $0) }
        }
    }

    @Test("replay guard: of 32 concurrent claims of one nonce, and of one session, one is first")
    func replayConcurrency() async throws {
        try await withDirectory { try await StoreContracts.replayConcurrency(FileReplayGuard(path: $0 + "/replay")) }
    }

    @Test("budget ledger: rolling window, withheld rest, no reopening on clock-back, byte-exact, no overflow")
    func budget() async throws {
        try await withDirectory { try StoreContracts.budgetBasics(FileBudgetLedger(path: $0 + "/budget")) }
    }

    @Test("budget ledger: 32 concurrent grants of one player grant exactly the limit")
    func budgetConcurrency() async throws {
        try await withDirectory { try await StoreContracts.budgetConcurrency(FileBudgetLedger(path: $0 + "/budget")) }
    }

    @Test("device registry: compare-and-set, one winner of 16")
    func registry() async throws {
        try await withDirectory { try await StoreContracts.registryBasics(FileDeviceRegistry(directory: $0 + "/registry")) }
    }

    @Test("account placements: no instant twice, idempotent, byte-exact, one provisional pool")
    func accounts() async throws {
        try await withDirectory { try StoreContracts.accountBasics(FileAccountIntervalStore(directory: $0 + "/accounts")) }
    }

    @Test("account placements: 16 journals placing one hour at once in the directory hold it once")
    func accountRace() async throws {
        try await withDirectory { try await StoreContracts.accountConcurrency(FileAccountIntervalStore(directory: $0 + "/accounts")) }
    }
}
