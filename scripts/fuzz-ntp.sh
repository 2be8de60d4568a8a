#!/usr/bin/env bash
# Fuzzes the NTP packet decoder and reply validator with libFuzzer.
# Usage: scripts/fuzz-ntp.sh [SECONDS]   (default 30). Crashes are written to fuzz-out/ntp/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
out=fuzz-out/ntp
mkdir -p "$out/corpus" .build/fuzz
# Seed corpus: a client request and a plausible server reply.
printf '\x23%.0s' 1 > "$out/corpus/request" && head -c 47 /dev/zero >> "$out/corpus/request"
printf '\x24\x02\x03\xe8' > "$out/corpus/reply" && head -c 44 /dev/urandom >> "$out/corpus/reply"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name PlaytimeGuard \
  -module-name NTPFuzz -o .build/fuzz/ntp-packet \
  Fuzz/NTPPacket/main.swift Sources/PlaytimeNTP/Wire/*.swift Sources/PlaytimeNTP/Validation/*.swift \
  2> >(grep -v 'Cannot export local symbol' >&2)
# The Swift backtracer would stall on a crash; libFuzzer prints its own trace.
export SWIFT_BACKTRACE=enable=no
status=0
.build/fuzz/ntp-packet -max_total_time="$seconds" -max_len=256 -artifact_prefix="$out/" "$out/corpus" >"$out/log" 2>&1 || status=$?
tail -n 5 "$out/log"
if [ "$status" -ne 0 ]; then echo "fuzz-ntp: crash (exit $status), input saved in $out/; full log in $out/log" >&2; exit 1; fi
echo "fuzz-ntp: no crash in ${seconds}s"
