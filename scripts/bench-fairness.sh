#!/usr/bin/env bash
# Fairness on real networks (docs/fairness.md): honest players on lossy, jittery paths and imperfect time servers
# (real sockets through a lossy UDP proxy on 127.0.0.1 to in-process fake NTP servers, the real NTP client, recorder,
# verdict and rewards), and the simulator's honest clock situations. Per situation: returns with a fix within the
# 1.5 s budget, sessions flagged, true time credited, gold paid against honest gold, each beside its goal.
# About 2-3 minutes.
#
# Usage: scripts/bench-fairness.sh [returns] [seed]   (defaults 40 and 20; the seed replays the impairments)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
set -euo pipefail
returns="${1:-40}"
seed="${2:-20}"
root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -n "${PLAYTIME_BENCH_BIN:-}" ]]; then
  bin="$PLAYTIME_BENCH_BIN"
else
  (cd "$root" && swift build -c release -j 1 --product PlaytimeBenchmarks >&2)
  bin="$root/.build/release/PlaytimeBenchmarks"
fi
"$bin" fairness --returns "$returns" --seed "$seed"
