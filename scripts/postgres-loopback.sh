#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 and a private Unix socket directory, for the client's and the
# stores' tests (docs/postgres-client.md). Debian's `postgresql` package; the newest major under /usr/lib/postgresql.
#
# Usage:
#   scripts/postgres-loopback.sh start DIR [PORT]   initdb DIR, start, print `export …` lines (eval them)
#   scripts/postgres-loopback.sh stop DIR           stop the server and delete DIR
#   scripts/postgres-loopback.sh halt DIR           stop the server (-m fast), keep the data (restart tests)
#   scripts/postgres-loopback.sh resume DIR         start a halted server again on the same port
#   scripts/postgres-loopback.sh restart DIR        halt + resume
#   scripts/postgres-loopback.sh sql DIR SQL...     run each SQL as the superuser (outside a transaction, so
#                                                   ALTER SYSTEM works) on database postgres; prints the rows
#
# PORT (default 25432) is the first one tried: when something already listens there, the next free one of the
# following 20 is used; the printed PLAYTIME_POSTGRES_PORT says which. A server left running by a killed run
# in the same DIR is stopped before DIR is recreated.
#
# The server refuses to run as root: as root, every server command runs as the `postgres` user (runuser), and
# DIR is chowned to it; as any other user, they run as that user.
#
# Users (all of them may log in to database `playtime`, owned by pt_trust), one per authentication method, on
# both the TCP and the Unix-socket lines of pg_hba.conf:
#   pt_trust     trust
#   pt_password  password (cleartext)   password pt-password-secret
#   pt_scram     scram-sha-256          password pt-scram-secret
#   pt_md5       md5 (stored as MD5)    password pt-md5-secret
set -euo pipefail

# Close every inherited descriptor but 0-2: the server daemonizes and would keep them open for its lifetime (a
# caller's pipe or socket would then never see end-of-file).
for fd in $(ls /proc/$$/fd 2>/dev/null); do
  [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null || true
done

action=${1:-}
dir=${2:-}
[ -n "$action" ] && [ -n "$dir" ] || {
  echo "usage: $0 start DIR [PORT] | stop DIR | halt DIR | resume DIR | restart DIR | sql DIR SQL..." >&2
  exit 2
}
case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
first_port=${3:-25432}
script_path="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

# shellcheck source=scripts/postgres-common.sh
. "$(cd "$(dirname "$0")" && pwd)/postgres-common.sh"

data="$dir/data"
socket="$dir/socket"
log="$dir/server.log"

server_running() { [ -f "$data/postmaster.pid" ] && as_server_user "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

halt() {
  if [ -n "$bin" ] && [ -d "$data" ] && server_running; then
    as_server_user "$bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  fi
  # A postmaster that ignored the fast stop (or a pid file left by a killed one): end it by its pid file.
  end_by_pid_file "$data"
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

launch() {
  local port=$1
  as_server_user "$bin/pg_ctl" -D "$data" -l "$log" -w -t 60 \
    -o "-p $port -k $socket -c listen_addresses=127.0.0.1" start </dev/null >/dev/null
}

print_facts() {
  local port=$1
  local base="127.0.0.1:$port/playtime"
  cat <<FACTS
export PLAYTIME_POSTGRES_URL='postgres://pt_trust@$base'
export PLAYTIME_POSTGRES_TRUST_URL='postgres://pt_trust@$base'
export PLAYTIME_POSTGRES_PASSWORD_URL='postgres://pt_password:pt-password-secret@$base'
export PLAYTIME_POSTGRES_SCRAM_URL='postgres://pt_scram:pt-scram-secret@$base'
export PLAYTIME_POSTGRES_MD5_URL='postgres://pt_md5:pt-md5-secret@$base'
export PLAYTIME_POSTGRES_SOCKET_DIR='$socket'
export PLAYTIME_POSTGRES_PORT='$port'
export PLAYTIME_POSTGRES_DIR='$dir'
export PLAYTIME_POSTGRES_BIN='$bin'
export PLAYTIME_POSTGRES_HARNESS='$script_path'
FACTS
}

case "$action" in
  stop)
    halt
    rm -rf "$dir"
    exit 0
    ;;
  halt)
    halt
    exit 0
    ;;
  resume|restart)
    [ -f "$dir/port" ] || { echo "$0: no server set up in $dir" >&2; exit 1; }
    [ "$action" = restart ] && halt
    server_running || launch "$(cat "$dir/port")" || { cat "$log" >&2; exit 1; }
    exit 0
    ;;
  sql)
    [ -f "$dir/port" ] || { echo "$0: no server set up in $dir" >&2; exit 1; }
    shift 2
    statements=()
    for statement in "$@"; do statements+=(-c "$statement"); done
    as_server_user "$bin/psql" -h "$socket" -p "$(cat "$dir/port")" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt \
      "${statements[@]}" </dev/null
    exit 0
    ;;
  start) ;;
  *) echo "$0: unknown action $action" >&2; exit 2 ;;
esac

[ -n "$bin" ] || { echo "$0: PostgreSQL not found (apt-get install -y postgresql)" >&2; exit 1; }
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  echo "$0: running as root but there is no postgres user to run the server as" >&2
  exit 1
fi

# A leftover from a killed run in the same DIR: stop it, then start from nothing.
halt
rm -rf "$dir"
mkdir -p "$data" "$socket"
chmod 700 "$dir" "$data" "$socket"
secret=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
( umask 077; printf '%s\n' "$secret" > "$dir/superuser-password" )
if [ "$(id -u)" = 0 ]; then chown -R postgres: "$dir"; fi

# --no-sync: a throwaway server (it runs with fsync off too); initdb's final sync of ~40 MB stalled every other
# fsync of the machine for seconds while the tests start private servers in parallel.
as_server_user "$bin/initdb" -D "$data" -U postgres --pwfile="$dir/superuser-password" -A scram-sha-256 \
  -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }

cat > "$data/pg_hba.conf" <<HBA
# TYPE  DATABASE  USER         ADDRESS        METHOD
local   all       postgres                    peer
local   all       pt_trust                    trust
host    all       pt_trust     127.0.0.1/32   trust
local   all       pt_password                 password
host    all       pt_password  127.0.0.1/32   password
local   all       pt_scram                    scram-sha-256
host    all       pt_scram     127.0.0.1/32   scram-sha-256
local   all       pt_md5                      md5
host    all       pt_md5       127.0.0.1/32   md5
HBA
cat >> "$data/postgresql.conf" <<CONF
fsync = off
full_page_writes = off
max_connections = 100
unix_socket_permissions = 0777
CONF
if [ "$(id -u)" = 0 ]; then chown postgres: "$data/pg_hba.conf"; fi

port=""
for candidate in $(seq "$first_port" $((first_port + 20))); do
  listening "$candidate" && continue
  if launch "$candidate"; then port=$candidate; break; fi
done
[ -n "$port" ] || { echo "$0: could not start on any port from $first_port:" >&2; cat "$log" >&2; exit 1; }
printf '%s\n' "$port" > "$dir/port"

# As the postgres user over the private socket (peer authentication).
as_server_user "$bin/psql" -h "$socket" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q >/dev/null <<'SQL'
CREATE ROLE pt_trust LOGIN CREATEDB;
CREATE ROLE pt_password LOGIN PASSWORD 'pt-password-secret';
CREATE ROLE pt_scram LOGIN PASSWORD 'pt-scram-secret';
SET password_encryption = 'md5';
CREATE ROLE pt_md5 LOGIN PASSWORD 'pt-md5-secret';
RESET password_encryption;
CREATE DATABASE playtime OWNER pt_trust;
\c playtime
GRANT ALL ON SCHEMA public TO pt_password, pt_scram, pt_md5;
SQL
print_facts "$port"
