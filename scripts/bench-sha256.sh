#!/usr/bin/env bash
# Compares PlaytimeCrypto's SHA-256 with OpenSSL on 16 KiB and 256 B messages.
#
# Usage: scripts/bench-sha256.sh [seconds-per-measurement]   (default 2)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
#
# OpenSSL is measured as shipped and with the SHA extensions masked
# (OPENSSL_ia32cap=":~0x20000000", i.e. CPUID.7.EBX bit 29 cleared), which forces its
# best non-SHA-NI code path. The acceptance bar is ours / openssl-masked >= 0.5 at 16 KiB.
set -euo pipefail
seconds="${1:-2}"
root="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -n "${PLAYTIME_BENCH_BIN:-}" ]]; then
  bin="$PLAYTIME_BENCH_BIN"
else
  (cd "$root" && swift build -c release -j 1 --product PlaytimeBenchmarks >&2)
  bin="$root/.build/release/PlaytimeBenchmarks"
fi

ours="$("$bin" sha256 --seconds "$((seconds * 2))" --runs 5)"
echo "$ours"
ours_mbps() { awk -v size="$1" '$1 == size { print $2 }' <<<"$ours"; }

# openssl speed prints e.g. "sha256   518607.12k" where k = 1000 bytes per second.
openssl_mbps() {
  local size="$1" mask="$2" line
  if [[ "$mask" == masked ]]; then
    line="$(OPENSSL_ia32cap=":~0x20000000" openssl speed -bytes "$size" -seconds "$seconds" sha256 2>/dev/null | tail -1)"
  else
    line="$(openssl speed -bytes "$size" -seconds "$seconds" sha256 2>/dev/null | tail -1)"
  fi
  awk '{ v = $NF; sub(/k$/, "", v); printf "%.1f", v / 1000 }' <<<"$line"
}

printf '\n%-8s %14s %18s %18s %14s %14s\n' size "ours MB/s" "openssl MB/s" "openssl-noSHA MB/s" "ours/openssl" "ours/noSHA"
for size in 16384 256; do
  o="$(ours_mbps "$size")"
  shipped="$(openssl_mbps "$size" shipped)"
  masked="$(openssl_mbps "$size" masked)"
  awk -v s="$size" -v o="$o" -v a="$shipped" -v m="$masked" \
    'BEGIN { printf "%-8s %14.1f %18.1f %18.1f %14.2f %14.2f\n", s, o, a, m, o / a, o / m }'
done
echo "(bar: ours/noSHA >= 0.50 at 16384 bytes)"
