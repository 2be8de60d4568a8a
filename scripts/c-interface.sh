#!/usr/bin/env bash
# The C interface tested from outside Swift (include/playtime_guard.h; docs/c.md, docs/unity.md):
#   1. builds the library products (libplaytime_guard.so, libPlaytimeGuardC.a) and the playtime CLI;
#   2. checks the header against the Swift declarations (the header SwiftPM generates from the @_cdecl functions:
#      both are compiled into one translation unit, so any differing signature is a "conflicting types" error) and
#      against the symbols the .so exports;
#   3. builds Tests/CInterface/c_interface_test.c with gcc -Wall -Wextra -Werror, runs its lifecycle (real clocks,
#      a real chronyd when one is given or installed), hostile and threads modes on the .so and the hostile mode
#      linked with the static library; then builds it with the toolchain's clang under AddressSanitizer and
#      LeakSanitizer and runs every mode again, plus a deliberate leak the sanitizer must report;
#   4. compiles the C# binding with Mono's mcs (also as Unity would, against a UnityEngine stand-in, for iOS) and
#      runs its program: the same scripted case, whose "payouts:" line must equal the C program's;
#   5. audits both journals with `playtime audit`: clean, and the claims are what the auditor recomputes.
# Usage: scripts/c-interface.sh                (everything above)
#        scripts/c-interface.sh --self-test    (the header check must catch a changed declaration)
# Environment: PLAYTIME_CHRONY_SERVER=127.0.0.1:PORT (an NTP server for the lifecycle runs; without it a chronyd is
# started on PLAYTIME_CHRONY_PORT, default 11124, when installed; PLAYTIME_REQUIRE_CHRONY=1 fails without one);
# PLAYTIME_REQUIRE_MONO=1 fails instead of skipping the C# part when mcs or mono is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
clang=${PLAYTIME_CLANG:-$(dirname "$(readlink -f "$(command -v swiftc)")")/clang}
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-c-interface.XXXXXX")
chrony_started=
cleanup() {
  [ -n "$chrony_started" ] && PLAYTIME_CHRONY_DIR=$work/chrony scripts/chronyd-loopback.sh stop || true
  rm -rf "$work"
}
trap cleanup EXIT
# The compiler's and Mono's own temporary files go there too, so a run leaves nothing behind.
mkdir -p "$work/tmp"
export TMPDIR=$work/tmp
step() { echo "c-interface: $*"; }
fail() { echo "c-interface: FAILED: $*" >&2; exit 1; }

# The header check: the ptg_ functions the header declares, the generated header declares and the library exports
# are the same set, and the two headers agree on every signature. $1: the header to check.
check_header() {
  local header=$1 generated=$bin/PlaytimeGuardC.build/include/PlaytimeGuardC-Swift.h
  [ -f "$generated" ] || fail "no generated header at $generated"
  local declared exported symbols
  declared=$(grep -oE '^int32_t ptg_[a-z_]+\(' "$header" | sed -E 's/^int32_t //; s/\($//' | sort)
  exported=$(grep -oE 'SWIFT_EXTERN int32_t ptg_[a-z_]+\(' "$generated" | sed -E 's/^SWIFT_EXTERN int32_t //; s/\($//' | sort)
  symbols=$(nm -D --defined-only "$bin/libplaytime_guard.so" | awk '$2 == "T" && $3 ~ /^ptg_/ { print $3 }' | sort)
  [ -n "$declared" ] || fail "$header declares no ptg_ function"
  [ "$declared" = "$exported" ] || fail "the header and the Swift declarations name different functions: $(diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"
  [ "$declared" = "$symbols" ] || fail "the header and libplaytime_guard.so name different functions: $(diff <(echo "$declared") <(echo "$symbols") | grep '^[<>]' | tr '\n' ' ')"
  # The generated header declares the functions for Objective-C only (it includes Foundation/Foundation.h then):
  # compiled as Objective-C syntax, with an empty Foundation stand-in, no SDK or runtime is needed.
  mkdir -p "$work/header/Foundation" "$work/header/check"
  : >"$work/header/Foundation/Foundation.h"
  cp "$header" "$work/header/check/playtime_guard.h"
  printf '#include "playtime_guard.h"\n#include "PlaytimeGuardC-Swift.h"\n' >"$work/header/check/both.c"
  "$clang" -x objective-c -fsyntax-only -Wall -Werror -I"$work/header" -I"$(dirname "$generated")" "$work/header/check/both.c" \
    2>"$work/header/errors" || { cat "$work/header/errors" >&2; fail "$header disagrees with the Swift declarations"; }
}

swift build --product playtime_guard >&2
swift build --product PlaytimeGuardC >&2
swift build --product playtime >&2
bin=$(swift build --show-bin-path)

if [ "${1:-}" = --self-test ]; then
  check_header include/playtime_guard.h
  mutate() { sed -E "$1" include/playtime_guard.h >"$work/mutated.h"; ! (check_header "$work/mutated.h") 2>/dev/null || fail "the header check missed: $2"; }
  mutate 's/ptg_background\(uint64_t handle, int64_t/ptg_background(uint64_t handle, int32_t/' "a parameter's type"
  mutate 's/int32_t ptg_settle\(uint64_t handle, char \*\*out_json\);/int32_t ptg_settle(uint64_t handle, char **out_json, int extra);/' "an extra parameter"
  mutate 's/typedef void \(\*ptg_callback\)\(void \*user_data, int32_t status/typedef void (*ptg_callback)(void *user_data, int64_t status/' "the callback's type"
  mutate '/^int32_t ptg_heartbeat/d' "a function left out"
  step "self-test: the header check catches a changed type, an extra parameter, the callback's type and a missing function"
  exit 0
fi

began=$SECONDS
check_header include/playtime_guard.h
step "header: $(grep -cE '^int32_t ptg_' include/playtime_guard.h) functions, the same as the Swift declarations and the library's symbols"

policy=$repo/Tests/CInterface/scripted-policy.json
ntp='[]'
if [ -n "${PLAYTIME_CHRONY_SERVER:-}" ]; then
  ntp="[\"$PLAYTIME_CHRONY_SERVER\"]"
elif command -v chronyd >/dev/null 2>&1 || [ -x /usr/sbin/chronyd ]; then
  server=$(PLAYTIME_CHRONY_DIR=$work/chrony scripts/chronyd-loopback.sh start "${PLAYTIME_CHRONY_PORT:-11124}")
  chrony_started=1
  ntp="[\"$server\"]"
elif [ "${PLAYTIME_REQUIRE_CHRONY:-0}" = 1 ]; then
  fail "PLAYTIME_REQUIRE_CHRONY=1 but chronyd is not installed"
fi
step "NTP servers of the lifecycle runs: $ntp"

# The C program: gcc against the dynamic library, swiftc as the linker of the static one (it adds the Swift runtime).
cflags=(-std=c11 -Wall -Wextra -Werror -I"$repo/include")
gcc "${cflags[@]}" Tests/CInterface/c_interface_test.c -L"$bin" -lplaytime_guard -Wl,-rpath,"$bin" -lpthread -o "$work/c-test"
gcc "${cflags[@]}" -c Tests/CInterface/c_interface_test.c -o "$work/c-test.o"
swiftc "$work/c-test.o" "$bin/libPlaytimeGuardC.a" -o "$work/c-test-static"
"$clang" "${cflags[@]}" -g -fsanitize=address -fno-omit-frame-pointer Tests/CInterface/c_interface_test.c -L"$bin" -lplaytime_guard \
  -Wl,-rpath,"$bin" -lpthread -o "$work/c-test-asan" 2> >(grep -v 'Cannot export local symbol' >&2)

# $1: label, then the program and its arguments; its output is kept in $work/$1.out.
run() {
  local label=$1
  shift
  "$@" >"$work/$label.out" 2>"$work/$label.err" || { cat "$work/$label.out" "$work/$label.err" >&2; fail "$label"; }
  grep -h '^threads:' "$work/$label.err" | sed "s/^/c-interface: $label: /" || true
}
run c-lifecycle "$work/c-test" lifecycle "$work/c-lifecycle" "$policy" "$ntp"
run c-hostile "$work/c-test" hostile "$work/c-hostile" "$policy"
run c-threads "$work/c-test" threads "$work/c-threads" "$policy"
run c-static-hostile "$work/c-test-static" hostile "$work/c-static" "$policy"
step "C program (gcc -Wall -Wextra -Werror): lifecycle, hostile inputs, 8 threads on the dynamic library; hostile inputs on the static one"

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
run asan-lifecycle "$work/c-test-asan" lifecycle "$work/asan-lifecycle" "$policy" "$ntp"
run asan-hostile "$work/c-test-asan" hostile "$work/asan-hostile" "$policy"
run asan-threads "$work/c-test-asan" threads "$work/asan-threads" "$policy"
if "$work/c-test-asan" leak "$work/asan-leak" "$policy" >"$work/leak.out" 2>&1; then fail "the sanitizer did not report a result string left unfreed"; fi
grep -q 'ResultStrings' "$work/leak.out" || { cat "$work/leak.out" >&2; fail "the sanitizer's report does not name the library's string"; }
step "C program under AddressSanitizer/LeakSanitizer ($(basename "$clang") $("$clang" --version | head -n 1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1)): every mode clean; a string left unfreed on purpose is reported"
unset ASAN_OPTIONS

# The journals the lifecycle runs wrote, audited as a server would: clean, each session's claim what is recomputed.
# $1: label, $2: the directory, $3: the gold the program says it paid in all.
audit() {
  "$bin/playtime" audit --key-file "$2/player.key" --policy "$policy" --json "$2/journal.jsonl" >"$work/$1.audit" \
    || { cat "$work/$1.audit" >&2; fail "$1: playtime audit found something"; }
  python3 - "$work/$1.audit" "$3" "$1" <<'PY' || fail "$1: the audit disagrees with the payouts"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
summary, sessions = lines[-1]["summary"], lines[:-1]
paid, label = int(sys.argv[2]), sys.argv[3]
assert summary["status"] == "clean", summary
assert summary["claimedGold"] == summary["recomputedGold"] == paid, (summary, paid)
assert all(s["claimedGold"] == s["gold"] for s in sessions), sessions
print(f"c-interface: {label}: playtime audit: clean, {len(sessions)} sessions, claimed {summary['claimedGold']} = recomputed {summary['recomputedGold']} = paid {paid}")
PY
}
paid() { sed -n 's/^paid in all: //p' "$work/$1.out"; }
audit c-lifecycle "$work/c-lifecycle" "$(paid c-lifecycle)"
audit asan-lifecycle "$work/asan-lifecycle" "$(paid asan-lifecycle)"
c_payouts=$(grep '^payouts:' "$work/c-lifecycle.out")
[ "$c_payouts" = "$(grep '^payouts:' "$work/asan-lifecycle.out")" ] || fail "the sanitizer's run paid otherwise"
step "C $c_payouts"

if command -v mcs >/dev/null 2>&1 && command -v mono >/dev/null 2>&1; then
  mcs -warnaserror -out:"$work/binding-test.exe" Bindings/Unity/PlaytimeGuard.cs Tests/Unity/BindingTest.cs
  # As Unity compiles it for an iOS player: the MonoBehaviour glue against the stand-in, the library as __Internal.
  mcs -warnaserror -target:library -define:UNITY_5_3_OR_NEWER -define:UNITY_IOS -out:"$work/unity-ios.dll" \
    Bindings/Unity/PlaytimeGuard.cs Tests/Unity/UnityEngineStandIn.cs
  strings "$work/unity-ios.dll" | grep -qx '__Internal' || fail "the iOS build of the binding does not import from __Internal"
  ! strings "$work/unity-ios.dll" | grep -qx 'playtime_guard' || fail "the iOS build of the binding imports playtime_guard"
  strings "$work/binding-test.exe" | grep -qx 'playtime_guard' || fail "the binding does not import playtime_guard"
  run mono-lifecycle env LD_LIBRARY_PATH="$bin" mono "$work/binding-test.exe" "$work/mono-lifecycle" "$policy" "$ntp"
  audit mono-lifecycle "$work/mono-lifecycle" "$(paid mono-lifecycle)"
  mono_payouts=$(grep '^payouts:' "$work/mono-lifecycle.out")
  [ "$mono_payouts" = "$c_payouts" ] || fail "Mono and C paid the scripted case differently: C $c_payouts; Mono $mono_payouts"
  step "Mono $(mono --version | head -n 1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+' | head -n 1): the binding (also compiled for Unity/iOS against the stand-in) pays what C pays"
elif [ "${PLAYTIME_REQUIRE_MONO:-0}" = 1 ]; then
  fail "PLAYTIME_REQUIRE_MONO=1 but mcs or mono is not installed (apt-get install mono-mcs mono-runtime)"
else
  step "mcs or mono not installed: the C# binding was not tested (apt-get install mono-mcs mono-runtime)"
fi
step "passed in $((SECONDS - began)) s (after the build)"
