#!/usr/bin/env bash
# Runs the whole test suite. Starts a real chronyd on loopback for the interop tests when chronyd is
# installed (Debian package chrony); without it those tests are skipped, unless PLAYTIME_REQUIRE_CHRONY=1.
# Likewise a real Roughtime server (PyPI `roughly`), one honest and one greasing every answer, when
# `roughly` is installed; otherwise those tests skip unless PLAYTIME_REQUIRE_ROUGHLY=1.
# And a throwaway PostgreSQL (Debian package postgresql) when installed; otherwise those tests skip unless
# PLAYTIME_REQUIRE_POSTGRES=1.
# Extra arguments go to `swift test` (e.g. --filter PlaytimeNTPTests).
set -euo pipefail
cd "$(dirname "$0")/.."
cleanups=()
peer_pids=()
# At exit, also when a test fails or the run is interrupted: the cleanups run last-added first (the peers are stopped
# while their pid files still exist, then the run's folder goes), and no peer this run started may outlive it.
finish() {
  local status=$? i pid left=()
  trap - EXIT INT TERM
  for ((i = ${#cleanups[@]} - 1; i >= 0; i--)); do ${cleanups[i]} || true; done
  for pid in "${peer_pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && left+=("$pid")
  done
  if [ ${#left[@]} -gt 0 ]; then
    echo "test.sh: peers of this run still running after it: ${left[*]} (killed now)" >&2
    kill -9 "${left[@]}" 2>/dev/null || true
    [ "$status" = 0 ] && status=1
  fi
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Every temporary file of this run (the tests' fixtures, the peers' state, the compiler's scratch folders) goes to
# one folder, removed at exit: a passing run leaves nothing in /tmp. A test must remove what it makes: anything the
# tests left in their folder is listed and fails the run (the compiler's own scratch, TemporaryDirectory.* and
# swift-generated-sources, and *.lock files excepted).
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/playtime-test.XXXXXX")
cleanups+=("rm -rf $run_tmp")
chmod 755 "$run_tmp"   # the postgres user's servers of the fleet tests keep their data below it
export PLAYTIME_CHRONY_DIR=${PLAYTIME_CHRONY_DIR:-$run_tmp/chrony}
port=${PLAYTIME_CHRONY_PORT:-11123}
if command -v chronyd >/dev/null 2>&1 || [ -x /usr/sbin/chronyd ]; then
  PLAYTIME_CHRONY_SERVER=$(scripts/chronyd-loopback.sh start "$port")
  export PLAYTIME_CHRONY_SERVER PLAYTIME_CHRONY_STRATUM=8
  cleanups+=('scripts/chronyd-loopback.sh stop')
  peer_pids+=("$(cat "$PLAYTIME_CHRONY_DIR/chronyd.pid")")
  echo "test.sh: chronyd serving on $PLAYTIME_CHRONY_SERVER"
elif [ "${PLAYTIME_REQUIRE_CHRONY:-0}" = 1 ]; then
  echo "test.sh: PLAYTIME_REQUIRE_CHRONY=1 but chronyd is not installed" >&2
  exit 1
else
  echo "test.sh: chronyd not installed; chrony interop tests will be skipped (apt-get install chrony)"
fi
export PLAYTIME_ROUGHLY_DIR=${PLAYTIME_ROUGHLY_DIR:-$run_tmp/roughly}
rport=${PLAYTIME_ROUGHLY_PORT:-12002}
if command -v roughly >/dev/null 2>&1; then
  cleanups+=("scripts/roughly-loopback.sh stop $rport" "scripts/roughly-loopback.sh stop $((rport + 1))")
  PLAYTIME_ROUGHLY_SERVER=$(scripts/roughly-loopback.sh start "$rport")
  PLAYTIME_ROUGHLY_GREASE_SERVER=$(scripts/roughly-loopback.sh start "$((rport + 1))" grease)
  export PLAYTIME_ROUGHLY_SERVER PLAYTIME_ROUGHLY_GREASE_SERVER
  peer_pids+=("$(cat "$PLAYTIME_ROUGHLY_DIR/roughly-$rport.pid")" "$(cat "$PLAYTIME_ROUGHLY_DIR/roughly-$((rport + 1)).pid")")
  echo "test.sh: roughly serving on $PLAYTIME_ROUGHLY_SERVER (greasing: $PLAYTIME_ROUGHLY_GREASE_SERVER)"
elif [ "${PLAYTIME_REQUIRE_ROUGHLY:-0}" = 1 ]; then
  echo "test.sh: PLAYTIME_REQUIRE_ROUGHLY=1 but roughly is not installed" >&2
  exit 1
else
  echo "test.sh: roughly not installed; Roughtime interop tests will be skipped (pip install --ignore-requires-python 'roughly[cli]')"
fi
# PostgreSQL (Debian package postgresql) for the client's and the stores' tests: a throwaway server on 127.0.0.1
# and a private socket directory (scripts/postgres-loopback.sh). One directory per checkout, so a server left by
# a killed run is replaced, and parallel checkouts do not meet.
checkout_id=$(pwd | cksum | cut -d' ' -f1)
postgres_dir=${PLAYTIME_POSTGRES_TEST_DIR:-/tmp/playtime-postgres-$checkout_id}
if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; then
  postgres_facts=$(scripts/postgres-loopback.sh start "$postgres_dir" "${PLAYTIME_POSTGRES_TEST_PORT:-$((20000 + checkout_id % 20000))}")
  eval "$postgres_facts"
  cleanups+=("scripts/postgres-loopback.sh stop $postgres_dir")
  peer_pids+=("$(head -n 1 "$postgres_dir/data/postmaster.pid")")
  echo "test.sh: PostgreSQL serving on 127.0.0.1:$PLAYTIME_POSTGRES_PORT and $PLAYTIME_POSTGRES_SOCKET_DIR"
elif [ "${PLAYTIME_REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "test.sh: PLAYTIME_REQUIRE_POSTGRES=1 but PostgreSQL is not installed" >&2
  exit 1
else
  echo "test.sh: PostgreSQL not installed; PostgreSQL tests will be skipped (apt-get install postgresql)"
fi
mkdir -p "$run_tmp/tests"
chmod 1777 "$run_tmp/tests"
export TMPDIR=$run_tmp/tests
swift build --build-tests
# Every test is a Swift Testing test: XCTest's runner, with nothing to run, would only print "Executed 0 tests".
swift test --skip-build --disable-xctest "$@"
left=$(cd "$TMPDIR" && find . -mindepth 1 -maxdepth 1 ! -name 'TemporaryDirectory.*' ! -name 'swift-generated-sources' ! -name '*.lock' | sort)
if [ -n "$left" ]; then
  echo "test.sh: the tests left $(wc -l <<<"$left") entries in their temporary folder (removed now); each test must remove what it makes:" >&2
  sed 's|^\./|  |' <<<"$left" >&2
  exit 1
fi
