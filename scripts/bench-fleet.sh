#!/usr/bin/env bash
# Fleet benchmark (docs/fleet.md): ticket redemptions per second on PostgreSQL through our client with 1 and 4
# connections, beside pgbench (libpq, C) with the same concurrency, in the same run, on a throwaway server of its
# own (scripts/postgres-loopback.sh); then full TicketAuthority redemptions on PostgreSQL and on the file stores.
# A redemption is done two ways, by both clients:
#  - two statements, playtime_consume then playtime_grant (scripts/fleet/redeem.sql; ours: --mode stores):
#    two round trips, two commits — pgbench runs it in its simple, extended and prepared modes;
#  - one statement, playtime_redeem (scripts/fleet/redeem-once.sql; ours: --mode once): one round trip, one
#    commit, and the payment's record besides — pgbench runs it with -M prepared.
# The goal (issue 19): our one round trip >= 1.2x pgbench -M prepared running the two statements, with fsync=off.
#
# Usage: scripts/bench-fleet.sh [SECONDS] [ROUNDS]     (default 4 s per figure, 3 rounds, alternating)
#
# Two settings, each in the same run for both clients:
#  - fsync=off (the harness's): commits cost CPU only, so the figures compare the clients (the ratio's goal);
#  - fsync=on, full_page_writes=on (a production primary; synchronous_commit on): each commit waits for its WAL
#    flush, so the figures are the disk's — on a shared machine they swing with other processes' I/O.
# PLAYTIME_BENCH_SETTINGS="off" or "on" runs one of them.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-4}
rounds=${2:-3}
dir=${PLAYTIME_BENCH_DIR:-/tmp/playtime-bench-fleet}
swift build -c release --product PlaytimeBenchmarks >/dev/null
bench=.build/release/PlaytimeBenchmarks

eval "$(scripts/postgres-loopback.sh start "$dir" "${PLAYTIME_BENCH_PORT:-27432}")"
trap 'scripts/postgres-loopback.sh stop "$dir"' EXIT
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_admin() { as_postgres "$PLAYTIME_POSTGRES_BIN/psql" -X -q -h "$PLAYTIME_POSTGRES_SOCKET_DIR" -p "$PLAYTIME_POSTGRES_PORT" -U postgres -d playtime "$@"; }
pgbench=$PLAYTIME_POSTGRES_BIN/pgbench
[ -x "$pgbench" ] || pgbench=$(command -v pgbench)

# Creates the schema (the library migrates at open), so pgbench finds the functions.
"$bench" fleet --url "$PLAYTIME_POSTGRES_URL" --mode stores --threads 1 --seconds 0.2 --prefix warmup >/dev/null

pgbench_rate() { # clients mode prefix [script] -> transactions per second (each transaction is one redemption)
  "$pgbench" -n -M "$2" -f "${4:-scripts/fleet/redeem.sql}" -D prefix="$3" -c "$1" -j "$1" -T "$seconds" \
    -h 127.0.0.1 -p "$PLAYTIME_POSTGRES_PORT" -U pt_trust playtime 2>/dev/null |
    awk '/^tps/ { printf "%.0f", $3 }'
}
ours_rate() { # threads prefix [mode]
  "$bench" fleet --url "$PLAYTIME_POSTGRES_URL" --mode "${3:-stores}" --threads "$1" --seconds "$seconds" --prefix "$2" |
    sed -n 's/.*: \([0-9]*\) redemptions\/s.*/\1/p'
}

set_fsync() { # on|off
  psql_admin -c "ALTER SYSTEM SET fsync = $1" -c "ALTER SYSTEM SET full_page_writes = $1" -c "SELECT pg_reload_conf()" >/dev/null
}

echo "fleet benchmark: PostgreSQL $("$PLAYTIME_POSTGRES_BIN/postgres" --version | awk '{print $3}'), $seconds s per figure, $rounds rounds (alternating), $(nproc) cores"
for setting in ${PLAYTIME_BENCH_SETTINGS:-off on}; do
  set_fsync "$setting"
  durability=$(psql_admin -At -c "SELECT 'fsync=' || current_setting('fsync') || ', synchronous_commit=' || current_setting('synchronous_commit')")
  declare -A sum=()
  # Every figure gets players of its own (a numeric prefix, which pgbench's simple mode can splice unquoted).
  prefix=$(( ${prefix:-0} + 1000 ))
  for round in $(seq 1 "$rounds"); do
    for n in 1 4; do
      base=$(( prefix + round * 100 + n ))
      sum[us$n]=$(( ${sum[us$n]:-0} + $(ours_rate "$n" "$base") ))
      sum[ps$n]=$(( ${sum[ps$n]:-0} + $(pgbench_rate "$n" simple "$(( base + 10 ))") ))
      sum[pe$n]=$(( ${sum[pe$n]:-0} + $(pgbench_rate "$n" extended "$(( base + 20 ))") ))
      sum[pp$n]=$(( ${sum[pp$n]:-0} + $(pgbench_rate "$n" prepared "$(( base + 30 ))") ))
      sum[uo$n]=$(( ${sum[uo$n]:-0} + $(ours_rate "$n" "$(( base + 40 ))" once) ))
      sum[po$n]=$(( ${sum[po$n]:-0} + $(pgbench_rate "$n" prepared "$(( base + 50 ))" scripts/fleet/redeem-once.sql) ))
    done
  done
  printf "\n%-66s %10s %10s\n" "redemptions/s, $durability (mean of $rounds)" "1 conn" "4 conns"
  for key in us ps pe pp uo po; do
    case $key in
      us) label="two statements: PlaytimePostgres (Swift; --mode stores)" ;;
      ps) label="two statements: pgbench -M simple (libpq, C; its default)" ;;
      pe) label="two statements: pgbench -M extended (libpq, C)" ;;
      pp) label="two statements: pgbench -M prepared (libpq, C)" ;;
      uo) label="one statement:  PlaytimePostgres (Swift; --mode once)" ;;
      po) label="one statement:  pgbench -M prepared (libpq, C)" ;;
    esac
    printf "%-66s %10d %10d\n" "$label" $(( ${sum[${key}1]} / rounds )) $(( ${sum[${key}4]} / rounds ))
  done
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
  if [ "$setting" = off ]; then goal=" (goal >= 1.2; judged with fsync=off, this setting)"; else goal=" (the goal is judged with fsync=off, not here)"; fi
  echo "one round trip (ours) / two statements (pgbench -M prepared): $(ratio "${sum[uo1]}" "${sum[pp1]}") at 1 conn, $(ratio "${sum[uo4]}" "${sum[pp4]}") at 4 conns$goal"
  echo "ours / pgbench on the same one statement (-M prepared): $(ratio "${sum[uo1]}" "${sum[po1]}") at 1 conn, $(ratio "${sum[uo4]}" "${sum[po4]}") at 4 conns"
  echo "ours / pgbench on the same two statements: $(ratio "${sum[us1]}" "${sum[pp1]}") at 1 conn, $(ratio "${sum[us4]}" "${sum[pp4]}") at 4 conns of -M prepared; $(ratio "${sum[us1]}" "${sum[pe1]}") / $(ratio "${sum[us4]}" "${sum[pe4]}") of -M extended; $(ratio "${sum[us1]}" "${sum[ps1]}") / $(ratio "${sum[us4]}" "${sum[ps4]}") of -M simple"
  # Whole TicketAuthority redemptions (parse, tag check, reward, then playtime_redeem: one statement), our client only.
  for n in 1 4; do
    "$bench" fleet --url "$PLAYTIME_POSTGRES_URL" --mode redeem --threads "$n" --seconds "$seconds" --prefix "full$setting$n"
  done
done

echo
echo "the file stores of one machine (flock, write + fsync per store call), for scale:"
mkdir -p "$dir-files"
for n in 1 4; do
  "$bench" fleet --mode file --threads "$n" --seconds "$seconds" --dir "$dir-files" --prefix "file$n"
done
rm -rf "$dir-files"
