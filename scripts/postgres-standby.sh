#!/usr/bin/env bash
# A throwaway PostgreSQL primary and a streaming standby of it on 127.0.0.1, for failover tests: the primary is
# scripts/postgres-loopback.sh's server (same users, database `playtime`); the standby is a pg_basebackup of it.
# Debian's `postgresql` package; the newest major under /usr/lib/postgresql.
#
# Usage:
#   scripts/postgres-standby.sh start DIR PORT MODE       MODE = sync | async. Primary in DIR/primary (first port
#                                                         tried: PORT), standby in DIR/standby (first free port
#                                                         after the primary's), streaming as application_name s1;
#                                                         waits until it is a `sync` (or a `streaming` async)
#                                                         standby; prints `export …` lines (eval them)
#   scripts/postgres-standby.sh kill-primary DIR          stop the primary -m immediate (a crash); prints nothing
#   scripts/postgres-standby.sh promote DIR               promote the standby, wait until it leaves recovery
#   scripts/postgres-standby.sh sql DIR WHICH SQL...      WHICH = primary | standby: run each SQL as the superuser
#                                                         (outside a transaction) on database playtime; prints rows
#   scripts/postgres-standby.sh stop DIR                  stop both (-m immediate) and delete DIR
#
# Printed by start:
#   PLAYTIME_FAILOVER_URL='postgres://pt_trust@127.0.0.1:PRIMARY,127.0.0.1:STANDBY/playtime?target_session_attrs=read-write'
#   PLAYTIME_FAILOVER_PRIMARY_PORT, PLAYTIME_FAILOVER_STANDBY_PORT, PLAYTIME_FAILOVER_PRIMARY_SOCKET_DIR,
#   PLAYTIME_FAILOVER_STANDBY_SOCKET_DIR, PLAYTIME_FAILOVER_MODE, PLAYTIME_FAILOVER_DIR, PLAYTIME_FAILOVER_BIN,
#   PLAYTIME_FAILOVER_HARNESS (this script's absolute path).
#
# Replication: the standby connects as the postgres superuser over the primary's Unix socket (peer; pg_hba.conf
# gets `local replication postgres peer`, and `host replication postgres 127.0.0.1/32 scram-sha-256` for the
# superuser password in DIR/primary/superuser-password) and uses the physical replication slot s1, so the
# primary keeps every WAL segment the standby has not received. Both run with the loopback script's fsync = off.
# A leftover of a killed run in the same DIR (either server) is stopped before DIR is recreated.
#
# As root, every server command runs as the `postgres` user (runuser) and DIR is chowned to it (mode 755, so
# DIR/primary and DIR/standby, 700 each, are reachable); as any other user, they run as that user.
set -euo pipefail

# Close every inherited descriptor but 0-2: the servers daemonize and would keep them open for their lifetime (a
# caller's pipe or socket would then never see end-of-file).
for fd in $(ls /proc/$$/fd 2>/dev/null); do
  [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null || true
done

usage="usage: $0 start DIR PORT sync|async | kill-primary DIR | promote DIR | sql DIR primary|standby SQL... | stop DIR"
action=${1:-}
dir=${2:-}
[ -n "$action" ] && [ -n "$dir" ] || { echo "$usage" >&2; exit 2; }
case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
dir=${dir%/}
script_dir="$(cd "$(dirname "$0")" && pwd)"
script_path="$script_dir/$(basename "$0")"
loopback="$script_dir/postgres-loopback.sh"

# shellcheck source=scripts/postgres-common.sh
. "$script_dir/postgres-common.sh"

primary="$dir/primary"
standby="$dir/standby"

# Stops the server whose data directory is $1 (-m immediate), then ends a postmaster that survived (or was left
# by a killed run) by its pid file.
crash() {
  local data=$1
  if [ -n "$bin" ] && [ -f "$data/postmaster.pid" ]; then
    as_server_user "$bin/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  end_by_pid_file "$data"
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# psql as the superuser over the Unix socket of server directory $1 (primary or standby), database $2.
psql_at() {
  local server=$1 database=$2
  shift 2
  as_server_user "$bin/psql" -h "$server/socket" -p "$(cat "$server/port")" -U postgres -d "$database" \
    -v ON_ERROR_STOP=1 -qAt "$@" </dev/null
}

# Polls SQL on server $1 (database postgres) until it prints $3, for at most $4 seconds.
await() {
  local server=$1 query=$2 expected=$3 seconds=$4 got=""
  for _ in $(seq 1 $((seconds * 10))); do
    got=$(psql_at "$server" postgres -c "$query" 2>/dev/null || true)
    [ "$got" = "$expected" ] && return 0
    sleep 0.1
  done
  echo "$0: after ${seconds} s, \`$query\` on $server still says '$got', not '$expected'" >&2
  return 1
}

case "$action" in
  stop)
    crash "$standby/data"
    crash "$primary/data"
    rm -rf "$dir"
    exit 0
    ;;
  kill-primary)
    crash "$primary/data"
    exit 0
    ;;
  promote)
    [ -f "$standby/port" ] || { echo "$0: no standby set up in $dir" >&2; exit 1; }
    as_server_user "$bin/pg_ctl" -D "$standby/data" -w -t 30 promote >/dev/null || {
      tail -n 30 "$standby/server.log" >&2; exit 1; }
    await "$standby" "SELECT pg_is_in_recovery()" f 30 || { tail -n 30 "$standby/server.log" >&2; exit 1; }
    exit 0
    ;;
  sql)
    which=${3:-}
    case "$which" in
      primary) server=$primary ;;
      standby) server=$standby ;;
      *) echo "$usage" >&2; exit 2 ;;
    esac
    [ -f "$server/port" ] || { echo "$0: no $which set up in $dir" >&2; exit 1; }
    shift 3
    statements=()
    for statement in "$@"; do statements+=(-c "$statement"); done
    psql_at "$server" playtime "${statements[@]}"
    exit 0
    ;;
  start) ;;
  *) echo "$0: unknown action $action" >&2; exit 2 ;;
esac

first_port=${3:-}
mode=${4:-}
case "$first_port" in ''|*[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
case "$mode" in sync|async) ;; *) echo "$usage" >&2; exit 2 ;; esac
[ -n "$bin" ] || { echo "$0: PostgreSQL not found (apt-get install -y postgresql)" >&2; exit 1; }
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  echo "$0: running as root but there is no postgres user to run the server as" >&2
  exit 1
fi

# A leftover from a killed run in the same DIR: stop both, then start from nothing.
crash "$standby/data"
crash "$primary/data"
rm -rf "$dir"
mkdir -p "$dir"
chmod 755 "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
as_server_user test -w "$dir" -a -x "$dir" || {
  echo "$0: the server user cannot reach $dir (a parent directory not searchable by it, e.g. mktemp -d's 700?)" >&2
  exit 1
}

# A failed start leaves no server running (DIR stays, with the logs, for `stop`).
started=""
failed() {
  [ -n "$started" ] && return 0
  echo "$0: start failed; logs in $dir" >&2
  [ -f "$standby/server.log" ] && tail -n 30 "$standby/server.log" >&2
  crash "$standby/data"
  crash "$primary/data"
}
trap failed EXIT

# The primary; its own export lines are not ours.
"$loopback" start "$primary" "$first_port" >/dev/null
primary_port=$(cat "$primary/port")

# Replication: the superuser over the Unix socket (peer) and 127.0.0.1 (its password). `all` in pg_hba.conf does
# not cover replication connections. wal_level = replica and max_wal_senders = 10 are the defaults; say so anyway.
cat >> "$primary/data/pg_hba.conf" <<HBA
local   replication  postgres                    peer
host    replication  postgres     127.0.0.1/32   scram-sha-256
HBA
psql_at "$primary" postgres \
  -c "ALTER SYSTEM SET wal_level = 'replica'" \
  -c "ALTER SYSTEM SET max_wal_senders = 10" \
  -c "ALTER SYSTEM SET max_replication_slots = 10" \
  -c "ALTER SYSTEM SET wal_keep_size = '64MB'" \
  -c "ALTER SYSTEM SET synchronous_standby_names = ''" \
  -c "SELECT pg_reload_conf()" >/dev/null
# wal_level, max_wal_senders and max_replication_slots only change at a restart: check that they are in force.
if [ "$(psql_at "$primary" postgres -c "SELECT current_setting('wal_level') || ' ' || (current_setting('max_wal_senders')::int > 0)::text || ' ' || (current_setting('max_replication_slots')::int > 0)::text")" != "replica true true" ]; then
  "$loopback" restart "$primary"
fi

# The standby: a base backup streaming its WAL, creating the slot s1; -R writes standby.signal and
# primary_conninfo (with the application_name of the connection string) and primary_slot_name to
# postgresql.auto.conf. That file is the primary's, copied: no synchronous standby of its own when promoted.
mkdir -p "$standby/socket"
chmod 700 "$standby" "$standby/socket"
if [ "$(id -u)" = 0 ]; then chown -R postgres: "$standby"; fi
conninfo="host=$primary/socket port=$primary_port user=postgres application_name=s1"
as_server_user "$bin/pg_basebackup" -D "$standby/data" -d "$conninfo" -R -X stream -C -S s1 \
  -c fast --no-sync >"$standby/basebackup.log" 2>&1 || { cat "$standby/basebackup.log" >&2; false; }
cat >> "$standby/data/postgresql.auto.conf" <<CONF
hot_standby = on
synchronous_standby_names = ''
CONF

standby_port=""
for candidate in $(seq $((primary_port + 1)) $((primary_port + 40))); do
  listening "$candidate" && continue
  if as_server_user "$bin/pg_ctl" -D "$standby/data" -l "$standby/server.log" -w -t 60 \
      -o "-p $candidate -k $standby/socket -c listen_addresses=127.0.0.1" start </dev/null >/dev/null 2>&1; then
    standby_port=$candidate
    break
  fi
done
[ -n "$standby_port" ] || { echo "$0: could not start the standby on any port after $primary_port:" >&2; false; }
printf '%s\n' "$standby_port" > "$standby/port"

if [ "$mode" = sync ]; then
  psql_at "$primary" postgres \
    -c "ALTER SYSTEM SET synchronous_standby_names = 'FIRST 1 (s1)'" \
    -c "ALTER SYSTEM SET synchronous_commit = on" \
    -c "SELECT pg_reload_conf()" >/dev/null
  await "$primary" "SELECT state || ' ' || sync_state FROM pg_stat_replication WHERE application_name = 's1'" \
    "streaming sync" 30
else
  await "$primary" "SELECT state FROM pg_stat_replication WHERE application_name = 's1'" streaming 30
fi
await "$standby" "SELECT pg_is_in_recovery()" t 30
started=yes

cat <<FACTS
export PLAYTIME_FAILOVER_URL='postgres://pt_trust@127.0.0.1:$primary_port,127.0.0.1:$standby_port/playtime?target_session_attrs=read-write'
export PLAYTIME_FAILOVER_PRIMARY_PORT='$primary_port'
export PLAYTIME_FAILOVER_STANDBY_PORT='$standby_port'
export PLAYTIME_FAILOVER_PRIMARY_SOCKET_DIR='$primary/socket'
export PLAYTIME_FAILOVER_STANDBY_SOCKET_DIR='$standby/socket'
export PLAYTIME_FAILOVER_MODE='$mode'
export PLAYTIME_FAILOVER_DIR='$dir'
export PLAYTIME_FAILOVER_BIN='$bin'
export PLAYTIME_FAILOVER_HARNESS='$script_path'
FACTS
