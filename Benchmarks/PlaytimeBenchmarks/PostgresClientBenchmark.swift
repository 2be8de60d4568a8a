import Foundation
import PlaytimePostgres

/// `pgclient URL CONNECTIONS SECONDS select|claim`: statements per second through PlaytimePostgres, one thread per
/// connection of one pool, each running the statement in a loop (scripts/bench-postgres-client.sh runs pgbench on
/// the same statements in the same run). Prints the rate; failures, if any, on standard error.
func runPostgresClientBenchmark(arguments: [String]) {
    guard arguments.count == 4, let threads = Int(arguments[1]), threads > 0, let seconds = Double(arguments[2]),
        ["select", "claim"].contains(arguments[3])
    else {
        print("usage: PlaytimeBenchmarks pgclient URL CONNECTIONS SECONDS select|claim")
        return
    }
    let pool: PostgresPool
    do {
        pool = PostgresPool(configuration: try PostgresConfiguration(url: arguments[0]), maximumConnections: threads)
    } catch {
        FileHandle.standardError.write(Data("pgclient: \(error)\n".utf8))
        return
    }
    let claim = arguments[3] == "claim"
    let sql = claim ? "INSERT INTO bench_claims VALUES ($1) ON CONFLICT DO NOTHING RETURNING id" : "SELECT $1::int + 1"
    let counts = PostgresClientCounts()
    let end = Date().addingTimeInterval(seconds)
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        Thread {
            var count = 0
            var failed = 0
            var generator = SystemRandomNumberGenerator()
            while Date() < end {
                let parameter = claim ? String(Int64.random(in: 1...1_000_000_000_000, using: &generator)) : String(count % 1000)
                do { _ = try pool.query(sql, [parameter]) } catch { failed += 1 }
                count += 1
            }
            counts.add(count, failed: failed)
            group.leave()
        }.start()
    }
    group.wait()
    let (total, failures) = counts.values
    if failures > 0 { FileHandle.standardError.write(Data("failures: \(failures)\n".utf8)) }
    print(Int(Double(total) / seconds))
}

/// The threads' totals, added under a lock.
private final class PostgresClientCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var failures = 0

    func add(_ count: Int, failed: Int) {
        lock.lock()
        total += count
        failures += failed
        lock.unlock()
    }

    var values: (total: Int, failures: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (total, failures)
    }
}
