#!/usr/bin/env bash
# Compares PlaytimeCrypto's Ed25519 verification and SHA-512 with OpenSSL, measured in the same run.
#
# Usage: scripts/bench-ed25519.sh [seconds-per-measurement]   (default 2)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
#
# `openssl speed` divides by the CPU user time it used (or by wall-clock time with -elapsed). Ours is
# measured both ways too: wall clock (median of 5 runs, PlaytimeBenchmarks' own timing) and CPU user
# time (a fixed number of operations, `--count N`, timed by bash's `time` minus a `--count 0` baseline).
# On a busy machine the CPU-time columns are the stable comparison.
# Bars (docs/crypto.md): ed25519 verify no slower than OpenSSL; sha512 at 16 KiB >= 0.5x OpenSSL.
set -euo pipefail
seconds="${1:-2}"
root="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -n "${PLAYTIME_BENCH_BIN:-}" ]]; then
  bin="$PLAYTIME_BENCH_BIN"
else
  (cd "$root" && swift build -c release -j 1 --product PlaytimeBenchmarks >&2)
  bin="$root/.build/release/PlaytimeBenchmarks"
fi

ours_ed="$("$bin" ed25519 --seconds "$((seconds * 2))" --runs 5)"
echo "$ours_ed"
ours_sha="$("$bin" sha512 --seconds "$((seconds * 2))" --runs 5)"
echo "$ours_sha"
wall_verify_us="$(awk '$1 == "verify" { print $2 }' <<<"$ours_ed")"
wall_sha_mbps="$(awk '$1 == "16384" { print $2 }' <<<"$ours_sha")"

# User CPU seconds of one benchmark invocation.
user_seconds() {
  local TIMEFORMAT=%U
  { time "$bin" "$@" >/dev/null; } 2>&1
}
# Enough operations for about `seconds` of CPU, judged from the wall-clock figures (at least 1).
verify_count="$(awk -v s="$seconds" -v us="$wall_verify_us" 'BEGIN { n = int(s * 1e6 / us); print (n < 1 ? 1 : n) }')"
sha_count="$(awk -v s="$seconds" -v r="$wall_sha_mbps" 'BEGIN { n = int(s * r * 1e6 / 16384); print (n < 1 ? 1 : n) }')"
verify_base="$(user_seconds ed25519 --count 0)"
verify_cpu="$(user_seconds ed25519 --count "$verify_count")"
sha_base="$(user_seconds sha512 --count 0)"
sha_cpu_s="$(user_seconds sha512 --count "$sha_count")"
cpu_verify_us="$(awk -v t="$verify_cpu" -v b="$verify_base" -v n="$verify_count" 'BEGIN { printf "%.2f", (t - b) * 1e6 / n }')"
cpu_sha_mbps="$(awk -v t="$sha_cpu_s" -v b="$sha_base" -v n="$sha_count" 'BEGIN { printf "%.1f", n * 16384 / (t - b) / 1e6 }')"

# "253 bits EdDSA (Ed25519)   0.0000s   0.0001s  27557.1   9687.0": the last field is verifies per second.
openssl_verify_per_second() {
  openssl speed "$@" -seconds "$seconds" ed25519 2>/dev/null | awk '/Ed25519/ { v = $NF } END { print v }'
}
# "sha512          869058.76k": k = 1000 bytes per second.
openssl_sha512_mbps() {
  openssl speed "$@" -seconds "$seconds" -bytes 16384 -evp sha512 2>/dev/null \
    | awk '/^sha512/ { v = $NF; sub(/k$/, "", v); printf "%.1f", v / 1000 }'
}
ed_cpu="$(openssl_verify_per_second)"
ed_wall="$(openssl_verify_per_second -elapsed)"
sha_cpu="$(openssl_sha512_mbps)"
sha_wall="$(openssl_sha512_mbps -elapsed)"

echo
printf '%-16s %-8s %14s %14s %10s\n' measure clock ours openssl ratio
awk -v o="$cpu_verify_us" -v r="$ed_cpu" 'BEGIN {
  printf "%-16s %-8s %11.2f µs %11.2f µs %10.2f\n", "ed25519 verify", "cpu", o, 1e6 / r, (1e6 / r) / o }'
awk -v o="$wall_verify_us" -v r="$ed_wall" 'BEGIN {
  printf "%-16s %-8s %11.2f µs %11.2f µs %10.2f\n", "ed25519 verify", "wall", o, 1e6 / r, (1e6 / r) / o }'
awk -v o="$cpu_sha_mbps" -v r="$sha_cpu" 'BEGIN {
  printf "%-16s %-8s %9.1f MB/s %9.1f MB/s %10.2f\n", "sha512 16 KiB", "cpu", o, r, o / r }'
awk -v o="$wall_sha_mbps" -v r="$sha_wall" 'BEGIN {
  printf "%-16s %-8s %9.1f MB/s %9.1f MB/s %10.2f\n", "sha512 16 KiB", "wall", o, r, o / r }'
echo "(ratio: openssl time / our time for verify, our rate / openssl rate for sha512;"
echo " bars: verify >= 1.00, sha512 >= 0.50; 'wall' uses openssl speed -elapsed)"
