#!/usr/bin/env bash
# Every benchmark, each printing its figures beside a reference measured in the same run (docs/benchmarks.md: which
# script makes which figure of the README).
# Usage: scripts/bench-all.sh [--quick]   (--quick: smaller sizes, for a smoke run)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${1:-}
queries=3000; sessions=1000000
if [ "$quick" = "--quick" ]; then queries=300; sessions=20000; fi
swift build -c release >/dev/null
echo "== NTP: PlaytimeNTP vs Python ntplib against a loopback chronyd"; scripts/bench-ntp.sh "$queries"
echo; echo "== SHA-256: PlaytimeCrypto vs openssl speed"; PLAYTIME_BENCH_BIN=.build/release/PlaytimeBenchmarks scripts/bench-sha256.sh 2
echo; echo "== Ed25519 verify and SHA-512: PlaytimeCrypto vs openssl speed"; PLAYTIME_BENCH_BIN=.build/release/PlaytimeBenchmarks scripts/bench-ed25519.sh 2
echo; echo "== Journal: fsync'd appends, verify throughput"; .build/release/PlaytimeBenchmarks journal
echo; echo "== Audit: Swift vs the Python reference auditor"; scripts/bench-audit.sh "$sessions"
echo; echo "== Audit: instructions of its two threads (callgrind)"; PLAYTIME_BENCH_BIN=.build/release/PlaytimeBenchmarks scripts/bench-callgrind.sh 20000
echo; echo "== Hostile inputs: judged beside a plain journal of the same size"; PLAYTIME_BENCH_BIN=.build/release/PlaytimeBenchmarks scripts/bench-cost.sh 5
echo; echo "== Tickets"; .build/release/PlaytimeBenchmarks tickets
echo; echo "== Fairness: honest players on lossy paths and imperfect time servers"; PLAYTIME_BENCH_BIN=.build/release/PlaytimeBenchmarks scripts/bench-fairness.sh
echo; echo "== Verdicts + rewards"; .build/release/PlaytimeBenchmarks verdict
echo; echo "== Fleet: redemptions on PostgreSQL, our client vs pgbench (libpq)"; PLAYTIME_BENCH_SETTINGS=off scripts/bench-fleet.sh 4 3
echo; echo "== Rewards"; .build/release/PlaytimeBenchmarks reward
echo; echo "== The service: playtime-server beside nginx (wrk)"; scripts/bench-service.sh
