#!/usr/bin/env bash
# NTP benchmark: PlaytimeNTP and Python's ntplib against the same loopback chronyd, in one run.
# Usage: scripts/bench-ntp.sh [QUERIES]   (default 2000). Installs chrony and ntplib if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
queries=${1:-2000}
command -v chronyd >/dev/null || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chrony >/dev/null; }
python3 -c 'import ntplib' 2>/dev/null || python3 -m pip install --quiet ntplib
export PLAYTIME_CHRONY_DIR=/tmp/playtime-chrony-bench
server=$(scripts/chronyd-loopback.sh start 11124)
trap 'scripts/chronyd-loopback.sh stop' EXIT
swift build -c release --product PlaytimeBenchmarks >/dev/null
reference=$(python3 scripts/bench_ntplib.py 127.0.0.1 11124 "$queries")
.build/release/PlaytimeBenchmarks ntp --server "$server" --queries "$queries" --reference "$reference"
