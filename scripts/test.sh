#!/usr/bin/env bash
# Runs the whole test suite. Starts a real chronyd on loopback for the interop tests when chronyd is
# installed (Debian package chrony); without it those tests are skipped, unless PLAYTIME_REQUIRE_CHRONY=1.
# Extra arguments go to `swift test` (e.g. --filter PlaytimeNTPTests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYTIME_CHRONY_DIR=${PLAYTIME_CHRONY_DIR:-/tmp/playtime-chrony-test-$$}
port=${PLAYTIME_CHRONY_PORT:-11123}
if command -v chronyd >/dev/null 2>&1 || [ -x /usr/sbin/chronyd ]; then
  PLAYTIME_CHRONY_SERVER=$(scripts/chronyd-loopback.sh start "$port")
  export PLAYTIME_CHRONY_SERVER PLAYTIME_CHRONY_STRATUM=8
  trap 'scripts/chronyd-loopback.sh stop' EXIT
  echo "test.sh: chronyd serving on $PLAYTIME_CHRONY_SERVER"
elif [ "${PLAYTIME_REQUIRE_CHRONY:-0}" = 1 ]; then
  echo "test.sh: PLAYTIME_REQUIRE_CHRONY=1 but chronyd is not installed" >&2
  exit 1
else
  echo "test.sh: chronyd not installed; chrony interop tests will be skipped (apt-get install chrony)"
fi
# PostgreSQL (Debian package postgresql) for the client's and the stores' tests: a throwaway server on 127.0.0.1
# and a private socket directory (scripts/postgres-loopback.sh). One directory per checkout, so a server left by
# a killed run is replaced, and parallel checkouts do not meet.
checkout_id=$(pwd | cksum | cut -d' ' -f1)
postgres_dir=${PLAYTIME_POSTGRES_TEST_DIR:-/tmp/playtime-postgres-$checkout_id}
if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; then
  postgres_facts=$(scripts/postgres-loopback.sh start "$postgres_dir" "${PLAYTIME_POSTGRES_TEST_PORT:-$((20000 + checkout_id % 20000))}")
  eval "$postgres_facts"
  trap 'scripts/postgres-loopback.sh stop "$postgres_dir"; [ -z "${PLAYTIME_CHRONY_SERVER:-}" ] || scripts/chronyd-loopback.sh stop' EXIT
  echo "test.sh: PostgreSQL serving on 127.0.0.1:$PLAYTIME_POSTGRES_PORT and $PLAYTIME_POSTGRES_SOCKET_DIR"
elif [ "${PLAYTIME_REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "test.sh: PLAYTIME_REQUIRE_POSTGRES=1 but PostgreSQL is not installed" >&2
  exit 1
else
  echo "test.sh: PostgreSQL not installed; PostgreSQL tests will be skipped (apt-get install postgresql)"
fi
swift build --build-tests
swift test --skip-build "$@"
