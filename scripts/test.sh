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
swift build --build-tests
swift test --skip-build "$@"
