#!/usr/bin/env bash
# Compares PlaytimeCrypto's SHA-256 with OpenSSL on 16 KiB and 256 B messages, both paths in the same run:
#  - ours on the CPU's SHA instructions (CPlaytimeSHA) against `openssl speed sha256` as shipped (it uses them too),
#  - ours with PLAYTIME_SHA_FALLBACK=1 (the portable Swift) against OpenSSL with the SHA extensions masked
#    (OPENSSL_ia32cap=":~0x20000000", i.e. CPUID.7.EBX bit 29 cleared: its best code path without them).
#
# Usage: scripts/bench-sha256.sh [seconds-per-measurement]   (default 2)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
#
# `openssl speed` divides by the CPU time it used (or by wall-clock time with -elapsed). Ours is measured both
# ways too: wall clock (median of 5 runs, PlaytimeBenchmarks' own timing) and CPU user time (a fixed number of
# messages, `--count N`, timed by bash's `time` minus a `--count 0` baseline). On a busy machine (2 cores shared
# with other builds) the CPU-time rows are the stable comparison.
# Bars (docs/crypto.md): instructions >= 0.8x openssl at 16 KiB; the portable path no slower than before
# (it is the same code: compare with the previous run's ours/noSHA, 0.66x in the README before the instructions).
set -euo pipefail
seconds="${1:-2}"
root="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -n "${PLAYTIME_BENCH_BIN:-}" ]]; then
  bin="$PLAYTIME_BENCH_BIN"
else
  (cd "$root" && swift build -c release -j 1 --product PlaytimeBenchmarks >&2)
  bin="$root/.build/release/PlaytimeBenchmarks"
fi

fast="$("$bin" sha256 --seconds "$((seconds * 2))" --runs 5)"
echo "$fast"
portable="$(PLAYTIME_SHA_FALLBACK=1 "$bin" sha256 --seconds "$((seconds * 2))" --runs 5)"
echo "$portable"
wall_mbps() { awk -v size="$2" '$1 == size { print $2 }' <<<"$1"; }

# User CPU seconds of one benchmark invocation (env assignments first, as in `env`).
user_seconds() {
  local TIMEFORMAT=%U
  { time env "$@" >/dev/null; } 2>&1
}
# CPU-time MB/s of `size`-byte messages on one path ("" or PLAYTIME_SHA_FALLBACK=1), with about `seconds` of
# work judged from that path's wall-clock rate.
cpu_mbps() {
  local size=$1 rate=$2 fallback=$3 count base spent
  count="$(awk -v s="$seconds" -v r="$rate" -v b="$size" 'BEGIN { n = int(s * r * 1e6 / b); print (n < 1 ? 1 : n) }')"
  base="$(user_seconds $fallback "$bin" sha256 --count 0 --size "$size")"
  spent="$(user_seconds $fallback "$bin" sha256 --count "$count" --size "$size")"
  awk -v t="$spent" -v b="$base" -v n="$count" -v size="$size" 'BEGIN { d = t - b; if (d <= 0) d = 0.001; printf "%.1f", n * size / d / 1e6 }'
}

# openssl speed prints e.g. "sha256   518607.12k" where k = 1000 bytes per second.
openssl_mbps() {
  local size="$1" mask="$2" clock="$3" line extra=()
  [[ "$clock" == wall ]] && extra=(-elapsed)
  if [[ "$mask" == masked ]]; then
    line="$(OPENSSL_ia32cap=":~0x20000000" openssl speed "${extra[@]}" -bytes "$size" -seconds "$seconds" sha256 2>/dev/null | tail -1)"
  else
    line="$(openssl speed "${extra[@]}" -bytes "$size" -seconds "$seconds" sha256 2>/dev/null | tail -1)"
  fi
  awk '{ v = $NF; sub(/k$/, "", v); printf "%.1f", v / 1000 }' <<<"$line"
}

printf '\n%-6s %-5s %16s %13s %9s %16s %13s %9s\n' size clock "ours (instr.)" "openssl" "ratio" "ours (portable)" "openssl noSHA" "ratio"
for size in 16384 256; do
  fast_wall="$(wall_mbps "$fast" "$size")"
  portable_wall="$(wall_mbps "$portable" "$size")"
  fast_cpu="$(cpu_mbps "$size" "$fast_wall" "")"
  portable_cpu="$(cpu_mbps "$size" "$portable_wall" PLAYTIME_SHA_FALLBACK=1)"
  for clock in cpu wall; do
    if [[ $clock == cpu ]]; then ours_fast=$fast_cpu ours_portable=$portable_cpu; else ours_fast=$fast_wall ours_portable=$portable_wall; fi
    shipped="$(openssl_mbps "$size" shipped "$clock")"
    masked="$(openssl_mbps "$size" masked "$clock")"
    awk -v s="$size" -v c="$clock" -v f="$ours_fast" -v a="$shipped" -v p="$ours_portable" -v m="$masked" \
      'BEGIN { printf "%-6s %-5s %11.1f MB/s %8.1f MB/s %8.2fx %11.1f MB/s %8.1f MB/s %8.2fx\n", s, c, f, a, f / a, p, m, p / m }'
  done
done
echo "(ours: $(sed -n 1p <<<"$fast" | sed 's/^sha256 //') / $(sed -n 1p <<<"$portable" | sed 's/^sha256 //');"
echo " bar: instructions >= 0.80x openssl at 16384 bytes; 'wall' uses openssl speed -elapsed)"
