import Foundation
import PlaytimeFleet
import PlaytimePostgres
import PlaytimeTickets
import Testing

/// A PostgreSQL server of the test's own (scripts/postgres-loopback.sh in a temporary directory), so stopping it
/// disturbs no other test.
final class PrivatePostgres: @unchecked Sendable {
    let directory: String
    let harness: String
    let url: String

    init() throws {
        guard let harness = FleetTestServer.harness else { throw FleetTestError("PLAYTIME_POSTGRES_HARNESS is not set") }
        self.harness = harness
        directory = NSTemporaryDirectory() + "playtime-fleet-pg-\(UUID().uuidString.prefix(8))"
        let facts = try Self.run(harness, ["start", directory, "\(31000 + Int.random(in: 0..<2000))"])
        guard let line = facts.split(separator: "\n").first(where: { $0.hasPrefix("export PLAYTIME_POSTGRES_URL=") }) else {
            throw FleetTestError("the harness printed no URL: \(facts)")
        }
        url = String(line.dropFirst("export PLAYTIME_POSTGRES_URL=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
    }

    /// `pg_ctl stop -m fast`: every session is terminated, open transactions roll back.
    func halt() throws { _ = try Self.run(harness, ["halt", directory]) }
    /// Starts it again on the same port and data.
    func resume() throws { _ = try Self.run(harness, ["resume", directory]) }
    /// Stops it and deletes its directory.
    func remove() { _ = try? Self.run(harness, ["stop", directory]) }

    /// Runs the harness and returns what it printed. Its output goes to a file, not a pipe: a child another test
    /// spawns meanwhile could inherit a pipe and keep it open.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "playtime-fleet-harness-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else { throw FleetTestError("cannot create \(outputPath)") }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [executable] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        guard process.terminationStatus == 0 else { throw FleetTestError("\(executable) \(arguments) exited \(process.terminationStatus)") }
        return try String(contentsOfFile: outputPath, encoding: .utf8)
    }
}

/// Stopping the server in the middle of a store's transaction: a typed error, nothing half applied.
@Suite(
    "Fleet: server stopped mid-transaction", .serialized,
    .enabled(if: FleetTestServer.available && FleetTestServer.harness != nil))
struct FleetServerStopTests {
    /// Waits, by asking the server (never by sleeping), until `count` sessions wait for a lock.
    static func waitForLockWaiters(_ pool: PostgresPool, count: Int) throws {
        // Bounded by time, not by a number of polls: on a loaded machine the store call's thread may take seconds
        // to reach the lock, and giving up early would release the lock and let the call succeed.
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            let waiting = try pool.query("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'", [])
            if let text = waiting.rows.first?.first ?? nil, let value = Int(text), value >= count { return }
        }
        throw FleetTestError("no store call waited for the lock within 60 s")
    }

    /// Holds `hold` in an open transaction, runs `call` on another thread once it waits for that lock, stops the
    /// server, and returns what `call` answered.
    static func stopDuring<T: Sendable>(
        _ server: PrivatePostgres, hold: String, _ parameters: [String?],
        call: @escaping @Sendable () -> T
    ) throws -> T? {
        let blocker = PostgresPool(configuration: try PostgresConfiguration(url: server.url), maximumConnections: 1)
        let observer = PostgresPool(configuration: try PostgresConfiguration(url: server.url), maximumConnections: 1)
        let done = DispatchSemaphore(value: 0)
        let answer = LockedBox<T>()
        do {
            try blocker.transaction { (connection) throws(PostgresError) in
                _ = try connection.query(hold, parameters)
                Thread.detachNewThread {
                    answer.set(call())
                    done.signal()
                }
                do { try Self.waitForLockWaiters(observer, count: 1) } catch {
                    Issue.record("harness: \(error)")
                    return
                }
                do { try server.halt() } catch {
                    Issue.record("harness: the server could not be stopped: \(error)")
                    return
                }
                _ = try connection.query("SELECT 1", [])
            }
        } catch {
            // Expected: the server went away under the blocker too.
        }
        done.wait()
        return answer.value
    }

    @Test(
        "consume waiting between its nonce and its session insert when the server stops: a typed error and nothing left (or, when it committed first, both rows), then the claim as that left it"
    )
    func consumeMidTransaction() async throws {
        try await onOwnThread {
            let server = try PrivatePostgres()
            defer { server.remove() }
            let database = try FleetDatabase(url: server.url, maximumConnections: 2)
            let claim = StoreContracts.claim(77, expiresAt: StoreContracts.start + StoreContracts.hour, player: "p", session: "held")
            // Another transaction holds the session key uncommitted, so consume inserts the nonce, then waits for it.
            let outcome = try Self.stopDuring(server, hold: "INSERT INTO playtime_replay_session VALUES ('\\x70', '\\x68656c64', 1)", []) {
                Result { () throws(TicketStoreError) -> ReplayDecision in try database.replayGuard.consume(claim, now: StoreContracts.start) }
            }
            try server.resume()
            let check = try FleetDatabase(url: server.url, maximumConnections: 1)
            let nonces = try check.pool.query("SELECT count(*) FROM playtime_replay_nonce", []).rows.first?.first ?? nil
            let sessions = try check.pool.query("SELECT count(*) FROM playtime_replay_session", []).rows.first?.first ?? nil
            switch outcome {
            case .failure(.database)?:
                // Stopped under it: nothing half applied, and the claim is new again.
                #expect(nonces == "0" && sessions == "0")
                #expect(try check.replayGuard.consume(claim, now: StoreContracts.start) == .firstUse)
            case .success(.firstUse)?:
                // The stop ended the blocker first, its lock went, and the consume committed before its own session
                // was ended: answered after the commit, both rows kept, and the claim used.
                #expect(nonces == "1" && sessions == "1")
                #expect(try check.replayGuard.consume(claim, now: StoreContracts.start) == .alreadyUsed)
            default:
                Issue.record("consume answered \(String(describing: outcome)) although the server stopped under it")
            }
        }
    }

    @Test(
        "grant waiting after it locked and moved the player's row when the server stops: a typed error and nothing granted (or, when it committed first, all of it), then the rest of the budget"
    )
    func grantMidTransaction() async throws {
        try await onOwnThread {
            let server = try PrivatePostgres()
            defer { server.remove() }
            let database = try FleetDatabase(url: server.url, maximumConnections: 2)
            // SHARE mode lets the player's upsert through but blocks the grant's insert.
            let outcome = try Self.stopDuring(server, hold: "LOCK TABLE playtime_budget_grant IN SHARE MODE", []) {
                Result { () throws(TicketStoreError) -> BudgetGrant in
                    try database.budgetLedger.grant(70, to: PlayerKey("p"), limit: 100, at: StoreContracts.start)
                }
            }
            // A fast shutdown ends the lock holder and the waiting grant at nearly the same moment: now and then the
            // holder's end releases the lock first and the grant commits before its own end, and its answer arrives.
            // Either way nothing is half applied: a typed error with nothing granted, or the whole grant.
            let committed: Int64
            switch outcome {
            case .failure(let error)?:
                guard case .database = error else {
                    Issue.record("grant failed with \(error), not a database error")
                    return
                }
                committed = 0
            case .success(let grant)?:
                #expect(grant.granted == 70)
                committed = 70
            case nil:
                Issue.record("grant never answered")
                return
            }
            try server.resume()
            let check = try FleetDatabase(url: server.url, maximumConnections: 1)
            let players = committed == 0 ? "0" : "1"
            let grants = committed == 0 ? "0" : "1"
            #expect(try check.pool.query("SELECT count(*) FROM playtime_budget_player", []).rows.first?.first ?? nil == players)
            #expect(try check.pool.query("SELECT count(*) FROM playtime_budget_grant", []).rows.first?.first ?? nil == grants)
            #expect(try check.budgetLedger.grant(70, to: PlayerKey("p"), limit: 100, at: StoreContracts.start).granted == min(70, 100 - committed))
        }
    }
}

/// One value set by one thread and read by another.
final class LockedBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    func set(_ value: T) {
        lock.lock()
        stored = value
        lock.unlock()
    }
    var value: T? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
