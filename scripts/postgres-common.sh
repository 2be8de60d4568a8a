# Sourced by scripts/postgres-loopback.sh and scripts/postgres-standby.sh: where Debian's PostgreSQL is, how its
# commands run (as the `postgres` user when we are root), and how a postmaster is ended by its pid file.

# The newest major's bin directory under /usr/lib/postgresql, else the one of `pg_ctl` on PATH, else empty.
bin=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n); do
  [ -x "$candidate/pg_ctl" ] && bin=$candidate
done
if [ -z "$bin" ] && command -v pg_ctl >/dev/null 2>&1; then bin=$(dirname "$(command -v pg_ctl)"); fi

# From / : the server user may not be allowed into the caller's working directory (a checkout under /root).
as_server_user() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# Ends the postmaster of data directory $1 that a pg_ctl stop left running (or a killed run left behind) by its pid
# file: SIGQUIT, then SIGKILL after 5 s; removes the pid file.
end_by_pid_file() {
  local data=$1 pid
  [ -f "$data/postmaster.pid" ] || return 0
  pid=$(head -1 "$data/postmaster.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q postgres "/proc/$pid/comm" 2>/dev/null; then
    kill -QUIT "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$data/postmaster.pid"
}
