import Foundation
import PlaytimeFleet
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTickets

/// `fleet`: redemptions per second against the fleet's PostgreSQL stores through our client, for
/// scripts/bench-fleet.sh, which runs pgbench on the same statements in the same run (scripts/fleet/redeem.sql and
/// scripts/fleet/redeem-once.sql).
///
/// Modes (`--mode`):
/// - `stores`: each redemption is two store calls — `playtime_consume` then `playtime_grant`, two round trips and
///   two commits — with the values pgbench's script computes (nonce `a ‖ b`, session `s<a>-<b>`, player
///   `<prefix>-<0…99999>`): exactly the statements of scripts/fleet/redeem.sql, so the two figures compare the
///   clients;
/// - `once`: each redemption is one call, `PostgresReplayGuard.redeem` — the statement `playtime_redeem` (consume,
///   grant, the payment's record), one round trip and one commit — with the same values (750 gold under a limit of
///   10^12): exactly scripts/fleet/redeem-once.sql. Anything but `.paid` counts as failed;
/// - `redeem`: full `TicketAuthority.redeem` (parse, tag check, reward, store) of pre-issued tickets; with the
///   fleet's guard and ledger of one database it goes through `playtime_redeem` (one statement) by itself;
/// - `file`: full redemptions with the file stores in `--dir` (one machine; two store calls), for scale.
///
/// `--threads N` threads share one pool of N connections (pgbench `-c N -j N`), for `--seconds S`.
/// One redemption's values, as pgbench's scripts compute them (scripts/fleet/redeem.sql): nonce `a ‖ b`, session
/// `s<a>-<b>`, player `<prefix>-<0…99999>`, both expiries far ahead.
func fleetRedemptionValues(prefix: String) -> (claim: ReplayClaim, player: String) {
    var random = SystemRandomNumberGenerator()
    let a = Int64.random(in: 1...4_611_686_018_427_387_903, using: &random)
    let b = Int64.random(in: 1...4_611_686_018_427_387_903, using: &random)
    let player = "\(prefix)-\(Int.random(in: 0...99_999, using: &random))"
    let claim = ReplayClaim(
        nonce: TicketNonce(high: UInt64(a), low: UInt64(b)), expiresAt: 9_000_000_000_000_000_000,
        session: SessionKey(player: player, session: "s\(a)-\(b)"), sessionExpiresAt: 9_000_000_000_000_000_000)
    return (claim, player)
}

func runFleetBenchmark(arguments: [String]) {
    let options = BenchmarkArguments(arguments)
    let mode = options.value("--mode") ?? "stores"
    let threads = max(1, options.integer("--threads") ?? 1)
    let seconds = Double(options.value("--seconds") ?? "5") ?? 5
    let prefix = options.value("--prefix") ?? "bench"
    let now: Int64 = 1_796_094_000_000_000_000
    do {
        let work: @Sendable (Int) throws -> Bool
        switch mode {
        case "stores":
            guard let url = options.value("--url") else {
                print("fleet: --url is required")
                return
            }
            let database = try FleetDatabase(url: url, maximumConnections: threads)
            work = { _ in
                let (claim, player) = fleetRedemptionValues(prefix: prefix)
                guard try database.replayGuard.consume(claim, now: now) == .firstUse else { return false }
                _ = try database.budgetLedger.grant(750, to: PlayerKey(player), limit: 1_000_000_000_000, at: now)
                return true
            }
        case "once":
            guard let url = options.value("--url") else {
                print("fleet: --url is required")
                return
            }
            let database = try FleetDatabase(url: url, maximumConnections: threads)
            work = { _ in
                let (claim, _) = fleetRedemptionValues(prefix: prefix)
                guard case .paid = try database.replayGuard.redeem(claim, gold: 750, limit: 1_000_000_000_000, now: now) else { return false }
                return true
            }
        case "redeem", "file":
            let replay: any ReplayGuard
            let ledger: any BudgetLedger
            if mode == "file" {
                let directory = options.value("--dir") ?? NSTemporaryDirectory()
                let base = (directory as NSString).appendingPathComponent("playtime-fleet-bench-\(getpid())")
                try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
                replay = try FileReplayGuard(path: base + "/replay")
                ledger = try FileBudgetLedger(path: base + "/budget")
            } else {
                guard let url = options.value("--url") else {
                    print("fleet: --url is required")
                    return
                }
                let database = try FleetDatabase(url: url, maximumConnections: threads)
                replay = database.replayGuard
                ledger = database.budgetLedger
            }
            var policy = RewardPolicy.default
            policy.version = "bench-1"
            policy.dailyBudgetGold = 1_000_000_000_000
            let keys = try TicketKeyRing(current: TicketKey(id: "bench", secret: Array(0..<32)))
            let authority = try TicketAuthority(keys: keys, policy: policy, replayGuard: replay, budgetLedger: ledger)
            let count = max(1, options.integer("--tickets") ?? 40_000)
            let texts = try (0..<count).map { index in
                try authority.issue(player: "\(prefix)-\(index % 100_000)", session: "s\(index)", rate: 600, at: now - 3_600_000_000_000 * 3)
                    .encodedText()
            }
            work = { index in
                guard index < texts.count else { throw FleetBenchmarkStop() }
                _ = try authority.redeem(texts[index], player: "\(prefix)-\(index % 100_000)", at: now)
                return true
            }
        default:
            print("fleet: --mode stores|once|redeem|file")
            return
        }
        let result = fleetMeasure(threads: threads, seconds: seconds, work)
        let label = mode == "file" ? "file stores" : "PostgreSQL, our client"
        print(
            String(
                format: "fleet %@ (%@) threads=%d: %.0f redemptions/s (%d in %.2f s, %d failed)",
                mode, label, threads, Double(result.done) / result.seconds, result.done, result.seconds, result.failed))
    } catch {
        print("fleet benchmark failed: \(error)")
    }
}

/// Thrown by a work item when there is nothing left to do.
struct FleetBenchmarkStop: Error {}

/// Runs `work` on `threads` threads until `seconds` have passed (or it throws ``FleetBenchmarkStop``); each call
/// gets the next index. Returns how many succeeded, failed, and the wall time.
func fleetMeasure(threads: Int, seconds: Double, _ work: @escaping @Sendable (Int) throws -> Bool) -> (done: Int, failed: Int, seconds: Double) {
    let next = ThreadLock(0)
    let done = ThreadLock(0)
    let failed = ThreadLock(0)
    let start = BenchmarkClock.now()
    let deadline = start + seconds
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            while BenchmarkClock.now() < deadline {
                let index = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                do {
                    if try work(index) { done.withLock { $0 += 1 } } else { failed.withLock { $0 += 1 } }
                } catch is FleetBenchmarkStop {
                    return
                } catch {
                    failed.withLock { $0 += 1 }
                }
            }
        }
    }
    group.wait()
    return (done.withLock { $0 }, failed.withLock { $0 }, BenchmarkClock.now() - start)
}
