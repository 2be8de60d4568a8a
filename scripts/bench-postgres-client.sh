#!/usr/bin/env bash
# The PostgreSQL client's raw speed (docs/postgres-client.md): statements per second through PlaytimePostgres with
# 1 and 4 connections (a PostgresPool, one thread per connection), beside pgbench (libpq, C) running the same
# statement with the same concurrency in -M extended and -M prepared mode, alternating, in the same run, on a
# throwaway server (scripts/postgres-loopback.sh, fsync off). Two statements: a parameterized SELECT, and a
# single-use claim (INSERT … ON CONFLICT DO NOTHING RETURNING, autocommit).
#
# Usage: scripts/bench-postgres-client.sh [SECONDS] [ROUNDS]   (default 4 s per figure, 3 rounds)
# The driver is a scratch package outside the repository that depends on this checkout by path, so the library's
# Package.swift carries no benchmark of it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-4}
rounds=${2:-3}
root=$PWD
scratch=$(mktemp -d /tmp/playtime-pgclient-bench.XXXXXX)
dir=${PLAYTIME_BENCH_DIR:-/tmp/playtime-bench-pgclient}
cleanup() { scripts/postgres-loopback.sh stop "$dir"; rm -rf "$scratch"; }
trap cleanup EXIT

mkdir -p "$scratch/Sources/pgclient-bench"
cat > "$scratch/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "pgclient-bench", platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "pgclient-bench", dependencies: [.product(name: "PlaytimePostgres", package: "$(basename "$root" | tr 'A-Z' 'a-z')")])])
SWIFT
cat > "$scratch/Sources/pgclient-bench/main.swift" <<'SWIFT'
import Foundation
import PlaytimePostgres
import Synchronization

// pgclient-bench URL CONNECTIONS SECONDS select|claim: one thread per connection, each running the statement in a loop.
let arguments = CommandLine.arguments
let pool = PostgresPool(configuration: try PostgresConfiguration(url: arguments[1]), maximumConnections: Int(arguments[2])!)
let threads = Int(arguments[2])!
let seconds = Double(arguments[3])!
let claim = arguments[4] == "claim"
let sql = claim ? "INSERT INTO bench_claims VALUES ($1) ON CONFLICT DO NOTHING RETURNING id" : "SELECT $1::int + 1"
let total = Mutex(0)
let failures = Mutex(0)
let end = Date().addingTimeInterval(seconds)
let group = DispatchGroup()
for _ in 0..<threads {
    group.enter()
    Thread {
        var count = 0
        var generator = SystemRandomNumberGenerator()
        while Date() < end {
            let parameter = claim ? String(Int64.random(in: 1...1_000_000_000_000, using: &generator)) : String(count % 1000)
            do { _ = try pool.query(sql, [parameter]) } catch { failures.withLock { $0 += 1 } }
            count += 1
        }
        total.withLock { $0 += count }
        group.leave()
    }.start()
}
group.wait()
if failures.withLock({ $0 }) > 0 { FileHandle.standardError.write(Data("failures: \(failures.withLock { $0 })\n".utf8)) }
print(Int(Double(total.withLock { $0 }) / seconds))
SWIFT
swift build -c release --package-path "$scratch" >/dev/null
ours=$scratch/.build/release/pgclient-bench

facts=$(scripts/postgres-loopback.sh start "$dir" "${PLAYTIME_BENCH_PORT:-28432}")
eval "$facts"
pgbench=$PLAYTIME_POSTGRES_BIN/pgbench
"$PLAYTIME_POSTGRES_BIN/psql" -X -q -h 127.0.0.1 -p "$PLAYTIME_POSTGRES_PORT" -U pt_trust -d playtime \
  -c "CREATE TABLE bench_claims (id bigint PRIMARY KEY)"
printf '\\set a random(0, 999)\nSELECT :a::int + 1;\n' > "$scratch/select.sql"
printf '\\set id random(1, 1000000000000)\nINSERT INTO bench_claims VALUES (:id) ON CONFLICT DO NOTHING RETURNING id;\n' > "$scratch/claim.sql"

pgbench_rate() { # statement clients mode
  "$pgbench" -n -M "$3" -f "$scratch/$1.sql" -c "$2" -j "$2" -T "$seconds" -h 127.0.0.1 -p "$PLAYTIME_POSTGRES_PORT" \
    -U pt_trust playtime 2>/dev/null | awk '/^tps/ { printf "%.0f", $3 }'
}

echo "PostgreSQL client benchmark: PostgreSQL $("$PLAYTIME_POSTGRES_BIN/postgres" --version | awk '{print $3}'), fsync off, $seconds s per figure, $rounds rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A sum
for round in $(seq 1 "$rounds"); do
  for statement in select claim; do
    for n in 1 4; do
      sum[$statement.us$n]=$(( ${sum[$statement.us$n]:-0} + $("$ours" "$PLAYTIME_POSTGRES_URL" "$n" "$seconds" "$statement") ))
      sum[$statement.pe$n]=$(( ${sum[$statement.pe$n]:-0} + $(pgbench_rate "$statement" "$n" extended) ))
      sum[$statement.pp$n]=$(( ${sum[$statement.pp$n]:-0} + $(pgbench_rate "$statement" "$n" prepared) ))
    done
  done
done
for statement in select claim; do
  printf "\n%-52s %10s %10s\n" "$statement: statements per second (mean of $rounds)" "1 conn" "4 conns"
  for key in us pe pp; do
    case $key in
      us) label="PlaytimePostgres (Swift, prepared-statement cache)" ;;
      pe) label="pgbench -M extended (libpq, C)" ;;
      pp) label="pgbench -M prepared (libpq, C)" ;;
    esac
    printf "%-52s %10d %10d\n" "$label" $(( ${sum[$statement.${key}1]} / rounds )) $(( ${sum[$statement.${key}4]} / rounds ))
  done
done
