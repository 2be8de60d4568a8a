#!/usr/bin/env bash
# Judges the inputs that used to cost more than linear time (a 4 000-session upload, 1 100 held returns under
# 180 000 heartbeats, claims naming tens of thousands of multipliers) beside a plain journal of the same size
# measured in the same run (docs/fleet.md, "Limits and cost"). Goal: each within 2x of the plain journal.
#
# Usage: scripts/bench-cost.sh [runs]   (default 5; the best run of each is shown)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
set -euo pipefail
runs="${1:-5}"
root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -n "${PLAYTIME_BENCH_BIN:-}" ]]; then
  bin="$PLAYTIME_BENCH_BIN"
else
  (cd "$root" && swift build -c release -j 1 --product PlaytimeBenchmarks >&2)
  bin="$root/.build/release/PlaytimeBenchmarks"
fi
"$bin" cost --breakdown --runs "$runs"
