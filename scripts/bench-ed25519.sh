#!/usr/bin/env bash
# Compares PlaytimeCrypto's Ed25519 verification and SHA-512 with OpenSSL, measured in the same run.
#
# Usage: scripts/bench-ed25519.sh [seconds-per-measurement]   (default 2)
# Env:   PLAYTIME_BENCH_BIN=path  use an already built benchmark binary instead of building one.
#
# Our benchmark times with a wall clock (the median of 5 runs). `openssl speed` divides by CPU user time
# unless given -elapsed, so OpenSSL is shown both ways; on an idle machine they agree, on a busy one
# the -elapsed figure is the like-for-like comparison.
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
ours_verify_us="$(awk '$1 == "verify" { print $2 }' <<<"$ours_ed")"
ours_sha_mbps="$(awk '$1 == "16384" { print $2 }' <<<"$ours_sha")"

echo
printf '%-22s %12s %16s %20s %14s %14s\n' measure ours "openssl (cpu)" "openssl (-elapsed)" "ours/cpu" "ours/elapsed"
awk -v o="$ours_verify_us" -v c="$ed_cpu" -v w="$ed_wall" 'BEGIN {
  # For time per operation, ours/openssl < 1 means faster; printed as openssl time / our time (>= 1: not slower).
  printf "%-22s %9.2f µs %13.2f µs %17.2f µs %14.2f %14.2f\n", "ed25519 verify", o, 1e6 / c, 1e6 / w, (1e6 / c) / o, (1e6 / w) / o
}'
awk -v o="$ours_sha_mbps" -v c="$sha_cpu" -v w="$sha_wall" 'BEGIN {
  printf "%-22s %7.1f MB/s %11.1f MB/s %15.1f MB/s %14.2f %14.2f\n", "sha512 16 KiB", o, c, w, o / c, o / w
}'
echo "(ratios: openssl-time/our-time for verify and our-rate/openssl-rate for sha512; bars: verify >= 1.00, sha512 >= 0.50)"
