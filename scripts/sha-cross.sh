#!/usr/bin/env bash
# The CPU-instruction SHA code (Sources/CPlaytimeSHA) outside Swift, on the architectures this machine does not
# have: scripts/sha-cross/sha_vectors.c (the FIPS 180-4 examples, and the instructions against a plain C reference
# over 348 message lengths in runs of 1..4 blocks) is built for aarch64 with the toolchain's clang
# (--target=aarch64-linux-gnu) and with Debian's aarch64-linux-gnu-gcc, statically, and run under user-mode
# emulation (qemu-aarch64): with `-cpu max` (SHA2 and SHA512: both paths run) and `-cpu cortex-a53` (SHA2 only: the
# kernel's HWCAP says so and the SHA-512 instructions are not used). Also built and run natively (x86-64: the SHA
# extensions where /proc/cpuinfo has sha_ni). docs/crypto.md, "Hashing on the CPU's instructions".
#
# Usage: scripts/sha-cross.sh      (needs clang, aarch64-linux-gnu-gcc and qemu-aarch64: Debian gcc-aarch64-linux-gnu
#                                   and qemu-user; exits 1 when one is missing or a check fails)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
sources=("$repo"/Sources/CPlaytimeSHA/*.c)
include=$repo/Sources/CPlaytimeSHA/include
driver=$repo/scripts/sha-cross/sha_vectors.c
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-sha-cross.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"   # a faulting emulated program may leave a core file in its working directory: this one goes

for tool in clang aarch64-linux-gnu-gcc qemu-aarch64; do
  command -v "$tool" >/dev/null 2>&1 || { echo "sha-cross: $tool is not installed (gcc-aarch64-linux-gnu, qemu-user)" >&2; exit 1; }
done
flags=(-O2 -Wall -Wextra -Werror -I "$include" -I "$repo/Sources/CPlaytimeSHA")
failed=0

# run LABEL EXPECTED COMMAND...: the driver must pass and its summary must say which paths ran.
run() {
  local label=$1 expected=$2 output status=0
  shift 2
  output=$("$@" 2>&1) || status=$?
  echo "$output" | sed "s/^/sha-cross: $label: /"
  if [[ $status -ne 0 ]]; then echo "sha-cross: $label: exit status $status" >&2; failed=1; return; fi
  if ! grep -q -- "$expected" <<<"$output"; then echo "sha-cross: $label: expected '$expected'" >&2; failed=1; fi
}

both='SHA-256 instructions: vectors and reference agree (348 lengths), SHA-512 instructions: vectors and reference agree'
only256='SHA-256 instructions: vectors and reference agree (348 lengths), SHA-512 instructions: not run'
clang --target=aarch64-linux-gnu -static "${flags[@]}" "$driver" "${sources[@]}" -o vectors-clang
aarch64-linux-gnu-gcc -static "${flags[@]}" "$driver" "${sources[@]}" -o vectors-gcc
run "aarch64 clang, qemu -cpu max" "$both" qemu-aarch64 -cpu max ./vectors-clang
run "aarch64 clang, qemu -cpu cortex-a53" "$only256" qemu-aarch64 -cpu cortex-a53 ./vectors-clang
run "aarch64 gcc, qemu -cpu max" "$both" qemu-aarch64 -cpu max ./vectors-gcc

clang "${flags[@]}" "$driver" "${sources[@]}" -o vectors-native
if grep -qw sha_ni /proc/cpuinfo 2>/dev/null; then
  run "$(uname -m) native" "$only256" ./vectors-native
else
  status=0
  ./vectors-native || status=$?
  [[ $status -eq 77 || $status -eq 0 ]] || failed=1
  echo "sha-cross: $(uname -m) native: this CPU has no SHA instructions the code uses (exit $status)"
fi
[[ $failed -eq 0 ]] && echo "sha-cross: passed"
exit $failed
