#!/usr/bin/env bash
# The PostgreSQL client's raw speed (docs/postgres-client.md): statements per second through PlaytimePostgres with
# 1 and 4 connections (a PostgresPool, one thread per connection), beside pgbench (libpq, C) running the same
# statement with the same concurrency in -M extended and -M prepared mode, alternating, in the same run, on a
# throwaway server (scripts/postgres-loopback.sh, fsync off). Two statements: a parameterized SELECT, and a
# single-use claim (INSERT … ON CONFLICT DO NOTHING RETURNING, autocommit).
#
# Usage: scripts/bench-postgres-client.sh [SECONDS] [ROUNDS]   (default 4 s per figure, 3 rounds)
# The driver is `PlaytimeBenchmarks pgclient` (the client's API is package, so it runs inside this package).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-4}
rounds=${2:-3}
root=$PWD
scratch=$(mktemp -d /tmp/playtime-pgclient-bench.XXXXXX)
dir=${PLAYTIME_BENCH_DIR:-/tmp/playtime-bench-pgclient}
cleanup() { scripts/postgres-loopback.sh stop "$dir"; rm -rf "$scratch"; }
trap cleanup EXIT

swift build -c release --product PlaytimeBenchmarks >/dev/null
bench=.build/release/PlaytimeBenchmarks
ours() { "$bench" pgclient "$@"; }

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
      sum[$statement.us$n]=$(( ${sum[$statement.us$n]:-0} + $(ours "$PLAYTIME_POSTGRES_URL" "$n" "$seconds" "$statement") ))
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
