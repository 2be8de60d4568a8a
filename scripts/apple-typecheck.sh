#!/usr/bin/env bash
# Type-checks the Darwin branches of the platform layer (Sources/PlaytimeSystem, the only shipped target with
# `#if canImport(Darwin)` code) against the Darwin stand-in in scripts/apple-typecheck/ (docs/apple.md §6).
#
# There is no Apple SDK here, and `swiftc -target arm64-apple-macosx12` stops at once ("unable to load standard
# library for target"): the Linux toolchain ships the standard library for Linux only (its embedded-Swift
# library for arm64-apple-ios needs iOS 18 and Embedded Swift's restrictions). So the check keeps the Linux
# target and makes Darwin the C library it sees: a copy of the toolchain's resource directory without the Glibc
# module, plus the stand-in's `Darwin` module (C headers, and the Swift overlay the SDK adds on top). Then
# `canImport(Glibc)` is false and `canImport(Darwin)` true, exactly as in an Apple build, and every Darwin branch
# is the one compiled; a probe file fails the run if that ever stops being so. `os(macOS)`-style conditions stay
# false (PlaytimeSystem has none).
#
# Also checked: each availability attribute recorded in the stand-in is within the package's deployment targets
# (Package.swift); each call, constant and overlay name the stand-in declares is used by PlaytimeSystem (the
# stand-in declares exactly what is used; anything used but not declared is a type-check error); and each
# declaration cites the man page or Apple documentation page it was written from.
# Warnings count as failures: nobody else ever sees the Darwin branches' warnings.
#
# Usage: scripts/apple-typecheck.sh              (type-check; exit 1 on any error or warning)
#        scripts/apple-typecheck.sh --self-test  (each deliberately wrong Darwin-branch change must fail)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
standin=$repo/scripts/apple-typecheck
headers=$standin/Darwin
sources=$repo/Sources/PlaytimeSystem

work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-apple-typecheck.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The compiler's own temporary files go there too, so a run leaves nothing behind.
mkdir -p "$work/tmp"
export TMPDIR=$work/tmp

swiftc_path=$(command -v swiftc) || { echo "apple-typecheck: swiftc is not on PATH" >&2; exit 1; }
toolchain_lib=$(cd "$(dirname "$(readlink -f "$swiftc_path")")/../lib/swift" && pwd)

# The toolchain's resource directory with every Glibc piece left out: top-level entries and linux/ entries are
# linked, except linux/Glibc.swiftmodule and, in each linux/<arch>/ folder, glibc.modulemap and SwiftGlibc.h.
make_resource_dir() {
  local resources=$work/resources entry name
  mkdir -p "$resources/linux"
  for entry in "$toolchain_lib"/*; do
    name=$(basename "$entry")
    [[ $name == linux ]] || ln -s "$entry" "$resources/$name"
  done
  for entry in "$toolchain_lib"/linux/*; do
    name=$(basename "$entry")
    if [[ $name == Glibc.swiftmodule ]]; then continue; fi
    if [[ -d $entry && ! -L $entry && $name != *.swiftmodule ]]; then
      mkdir -p "$resources/linux/$name"
      local inner
      for inner in "$entry"/*; do
        case $(basename "$inner") in glibc.modulemap | SwiftGlibc.h) ;; *) ln -s "$inner" "$resources/linux/$name/" ;; esac
      done
    else
      ln -s "$entry" "$resources/linux/$name"
    fi
  done
  echo "$resources"
}

resources=$(make_resource_dir)
overlay=$work/overlay
mkdir -p "$overlay" "$work/probe"
cat >"$work/probe/CompiledAsDarwin.swift" <<'SWIFT'
// apple-typecheck probe: this run must compile the Darwin branches and nothing else.
#if canImport(Glibc) || canImport(Musl) || !canImport(Darwin)
#error("apple-typecheck: the Darwin branches are not the ones being compiled")
#endif
SWIFT

# The stand-in's Swift overlay, built over its C module (as the SDK's Darwin.swiftmodule is over its headers).
swiftc -emit-module -module-cache-path "$work/module-cache" -parse-as-library -module-name Darwin -import-underlying-module -swift-version 5 \
  -resource-dir "$resources" -I "$headers" -o "$overlay/Darwin.swiftmodule" "$standin/DarwinOverlay.swift"

# typecheck DIRECTORY: the target's Swift files (and the probe) as module PlaytimeSystem, Swift 6 mode.
typecheck() {
  local directory=$1 log=$work/typecheck.log files=() file
  while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$directory" -name '*.swift' -print0 | sort -z)
  local status=0
  swiftc -typecheck -module-cache-path "$work/module-cache" -swift-version 6 -module-name PlaytimeSystem -package-name PlaytimeGuard \
    -resource-dir "$resources" -I "$overlay" -I "$headers" "${files[@]}" "$work/probe/CompiledAsDarwin.swift" \
    >"$log" 2>&1 || status=$?
  if [[ $status -ne 0 ]] || grep -q "warning:" "$log"; then
    cat "$log"
    return 1
  fi
}

# Availability recorded in the stand-in must be within the deployment targets in Package.swift.
check_availability() {
  local directory=$1 findings=0 platform floor introduced
  declare -A floors=()
  floors[macos]=$(grep -oE '\.macOS\(\.v[0-9_]+\)' "$repo/Package.swift" | grep -oE '[0-9_]+' | tr _ .)
  floors[ios]=$(grep -oE '\.iOS\(\.v[0-9_]+\)' "$repo/Package.swift" | grep -oE '[0-9_]+' | tr _ .)
  floors[tvos]=$(grep -oE '\.tvOS\(\.v[0-9_]+\)' "$repo/Package.swift" | grep -oE '[0-9_]+' | tr _ .)
  floors[watchos]=$(grep -oE '\.watchOS\(\.v[0-9_]+\)' "$repo/Package.swift" | grep -oE '[0-9_]+' | tr _ .)
  floors[xros]=$(grep -oE '\.visionOS\(\.v[0-9_]+\)' "$repo/Package.swift" | grep -oE '[0-9_]+' | tr _ .)
  while read -r platform introduced; do
    floor=${floors[$platform]:-}
    if [[ -z $floor ]]; then
      echo "apple-typecheck: availability for $platform, which Package.swift does not list" >&2; findings=1; continue
    fi
    if [[ $(printf '%s\n%s\n' "$introduced" "$floor" | sort -V | tail -n 1) != "$floor" ]]; then
      echo "apple-typecheck: the stand-in declares an API introduced in $platform $introduced, above the floor $floor" >&2
      findings=1
    fi
  done < <(grep -ohE 'availability\([a-z]+, *introduced=[0-9.]+\)' "$directory"/*.h | sed -E 's/availability\(([a-z]+), *introduced=([0-9.]+)\)/\1 \2/')
  return $findings
}

# Every call, constant and overlay name the stand-in declares is used by the platform layer's code, and every
# declaration cites where it was written from.
check_standin() {
  local directory=$1 code names unused=()
  code=$(find "$sources" -name '*.swift' -print0 | xargs -0 cat | sed -E -e 's@^[[:space:]]*//.*$@@' -e 's@[[:space:]]//[[:space:]].*$@@')
  names=$( {
    grep -hE '^[A-Za-z_][A-Za-z0-9_ *]*[ *(]\**[A-Za-z_][A-Za-z0-9_]*\(' "$directory"/*.h \
      | grep -vE '^(typedef|struct|extern|static|#)' | awk 'match($0, /[A-Za-z_][A-Za-z0-9_]*\(/) { print substr($0, RSTART, RLENGTH - 1) }'
    grep -hE '^#define [A-Za-z_][A-Za-z0-9_]* ' "$directory"/*.h | awk '{print $2}'
    grep -hE '^static const [A-Za-z_]+ [A-Za-z_][A-Za-z0-9_]* ' "$directory"/*.h | awk '{print $4}'
    grep -hE '^public (var|func) [A-Za-z_][A-Za-z0-9_]*' "$standin/DarwinOverlay.swift" | sed -E 's/^public (var|func) ([A-Za-z_][A-Za-z0-9_]*).*/\2/'
  } | grep -v -e '^_' -e '^PLAYTIME_' | sort -u)
  local words
  words=$(grep -oE '[A-Za-z_][A-Za-z0-9_]*' <<<"$code" | sort -u)
  mapfile -t unused < <(comm -23 <(echo "$names") <(echo "$words"))
  if [[ ${#unused[@]} -gt 0 ]]; then
    echo "apple-typecheck: the stand-in declares names PlaytimeSystem does not use: ${unused[*]}" >&2
    return 1
  fi
  # Each top-level declaration (a function, a constant, a struct or typedef) names its source in a comment.
  local uncited
  uncited=$(grep -nE '^[^ /#}].*;|^#define [A-Z]|^(typedef|struct) [^;]*\{' "$directory"/*.h | grep -v '//' | grep -v 'PLAYTIME_' || true)
  if [[ -n $uncited ]]; then
    echo "apple-typecheck: stand-in declarations without their source (man page or Apple documentation page):" >&2
    echo "$uncited" >&2
    return 1
  fi
  echo "$(wc -w <<<"$names")"
}

# The package's C target (Sources/CPlaytimeSHA, the CPU's SHA instructions) compiled for each Apple platform at its
# deployment target, with the toolchain's clang, against the C stand-in in scripts/apple-typecheck/C (the two
# declarations it needs from Darwin's headers; clang's own headers give the rest: stdint, cpuid, immintrin,
# arm_neon). Each object must hold the instructions its platform has code for: SHA256/SHA512 on arm64 and
# arm64_32 (every Apple arm64 CPU has SHA2; SHA512 is asked of sysctl at run time), SHA256RNDS2 on x86_64 (Intel
# Macs and the simulator: CPUID decides), nothing on armv7k (the portable Swift runs there). Warnings fail.
c_platforms=$(cat <<'PLATFORMS'
arm64-apple-macos12	sha256h sha512h
x86_64-apple-macos12	sha256rnds2
arm64-apple-ios15	sha256h sha512h
arm64-apple-ios15-simulator	sha256h sha512h
x86_64-apple-ios15-simulator	sha256rnds2
arm64-apple-tvos15	sha256h sha512h
arm64-apple-xros1	sha256h sha512h
arm64_32-apple-watchos8	sha256h sha512h
armv7k-apple-watchos8	-
PLATFORMS
)
check_c_target() {
  local directory=$1 triple wanted out objects found instruction file status=0
  while IFS=$'\t' read -r triple wanted; do
    out=$work/c/$triple
    rm -rf "$out" && mkdir -p "$out"
    for file in "$directory"/*.c; do
      if ! clang --target="$triple" -O2 -Wall -Wextra -Werror -nostdlibinc -isystem "$standin/C" -I "$directory/include" \
          -c "$file" -o "$out/$(basename "$file" .c).o" 2>"$out/log"; then
        echo "apple-typecheck: $(basename "$file") does not compile for $triple:" >&2; cat "$out/log" >&2; status=1
      fi
    done
    found=$(for objects in "$out"/*.o; do llvm-objdump -d --mattr=+sha2,+sha3 "$objects" 2>/dev/null; done \
      | grep -owE 'sha256h|sha512h|sha256rnds2' | sort -u | tr '\n' ' ' || true)
    for instruction in $wanted; do
      [[ $instruction == - ]] && continue
      grep -qw "$instruction" <<<"$found" || { echo "apple-typecheck: no $instruction in the $triple objects (found: ${found:-none})" >&2; status=1; }
    done
    if [[ $wanted == - && -n $found ]]; then echo "apple-typecheck: $triple objects hold $found, expected none" >&2; status=1; fi
  done <<<"$c_platforms"
  return $status
}

if [[ "${1:-}" == "--self-test" ]]; then
  failed=0
  # The C target: a guard that drops Apple arm64, and a Linux-only header on Darwin, must each fail.
  c_sources=$repo/Sources/CPlaytimeSHA
  while IFS=$'\t' read -r file original mistake what; do
    rm -rf "$work/c-mutated" && cp -R "$c_sources" "$work/c-mutated"
    if ! grep -qF -- "$original" "$work/c-mutated/$file"; then
      echo "self-test: $file no longer says '$original': update the self-test" >&2; failed=1; continue
    fi
    ORIGINAL=$original MISTAKE=$mistake perl -0pi -e 's/\Q$ENV{ORIGINAL}\E/$ENV{MISTAKE}/' "$work/c-mutated/$file"
    if check_c_target "$work/c-mutated" >/dev/null 2>&1; then
      echo "self-test: not caught: $what ($file)" >&2; failed=1
    else
      echo "self-test: caught: $what ($file)"
    fi
  done <<'MUTATIONS'
sha_targets.h	&& (defined(__linux__) || defined(__APPLE__))	&& defined(__linux__)	the ARM code guarded to Linux only (Apple arm64 would lose its SHA instructions)
cpu_features.c	#include <sys/sysctl.h>	#include <sys/auxv.h>	a Linux-only header in the Apple branch
MUTATIONS
  # file<TAB>what the Darwin branch says<TAB>the mistake put in its place<TAB>what the mistake is
  mutations=$(cat <<'MUTATIONS'
Errors/SystemCalls.swift	socket(family, SOCK_DGRAM, CInt(IPPROTO_UDP))	socket(family, CInt(SOCK_DGRAM.rawValue), CInt(IPPROTO_UDP))	Glibc's enum spelling of SOCK_DGRAM (an Int32 on Darwin)
Network/ArrivalStampControl.swift	guard type == SCM_TIMESTAMP,	guard type == SCM_TIMESTAMPNS,	a Linux-only control message (Darwin has SCM_TIMESTAMP)
Network/SocketAddress.swift	v4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)	v4.sin_len = MemoryLayout<sockaddr_in>.size	an Int stored into the one-byte sin_len
Clocks/SystemClock.swift	return Int64(clamping: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))	return clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW)	a UInt64 returned as Int64
File/OpenFile.swift	open(path, flags, mode_t(permissions))	open(path, flags, permissions)	a UInt32 mode (Linux's mode_t; Darwin's is 16 bits)
Network/SocketAddress.swift	v4.sin_family = sa_family_t(AF_INET)	v4.sin_family = UInt16(AF_INET)	a 16-bit family (Linux's sa_family_t; Darwin's is one byte)
Threads/ThreadLock.swift	os_unfair_lock_lock(address)	os_unfair_lock_lock(&address)	a pointer passed where the lock's address is wanted
MUTATIONS
)
  while IFS=$'\t' read -r file original mistake what; do
    rm -rf "$work/mutated"
    cp -R "$sources" "$work/mutated"
    if ! grep -qF -- "$original" "$work/mutated/$file"; then
      echo "self-test: $file no longer says '$original': update the self-test" >&2; failed=1; continue
    fi
    ORIGINAL=$original MISTAKE=$mistake perl -0pi -e 's/\Q$ENV{ORIGINAL}\E/$ENV{MISTAKE}/' "$work/mutated/$file"
    # Caught means: the run fails, with an error in the changed file (not somewhere else).
    if typecheck "$work/mutated" >"$work/mutated.log" 2>&1; then
      echo "self-test: not caught: $what ($file)" >&2; failed=1
    elif ! grep -qE "/${file}:[0-9]+:[0-9]+: error:" "$work/mutated.log"; then
      echo "self-test: failed, but not in $file: $what" >&2; cat "$work/mutated.log" >&2; failed=1
    else
      echo "self-test: caught: $what ($file: $(grep -m1 -oE 'error: .*' "$work/mutated.log" | cut -c8-90))"
    fi
  done <<<"$mutations"
  # The probe: a run that compiled the Glibc branches instead must fail.
  if swiftc -typecheck -module-cache-path "$work/module-cache" "$work/probe/CompiledAsDarwin.swift" >/dev/null 2>&1; then
    echo "self-test: the probe does not fail when the Glibc branches are compiled" >&2; failed=1
  else
    echo "self-test: caught: a run that compiles the Glibc branches (probe)"
  fi
  # The availability check: an API newer than the floors must be reported.
  mkdir -p "$work/newer"
  echo 'int newer_call(void) __attribute__((availability(ios, introduced=16.0)));' >"$work/newer/newer.h"
  if check_availability "$work/newer" 2>/dev/null; then
    echo "self-test: an iOS 16 API in the stand-in was not reported" >&2; failed=1
  else
    echo "self-test: caught: an API introduced above the deployment target"
  fi
  # The exactness check: a declared but unused call must be reported.
  cp "$headers"/*.h "$work/newer/" && rm "$work/newer/newer.h"
  echo 'int unused_call(int x);                           // nowhere' >>"$work/newer/darwin_string.h"
  if check_standin "$work/newer" >/dev/null 2>&1; then
    echo "self-test: a declared but unused call was not reported" >&2; failed=1
  else
    echo "self-test: caught: a stand-in declaration nothing uses"
  fi
  # The citation check: a declaration without its source must be reported.
  cp "$headers"/*.h "$work/newer/"
  echo 'int close(int fildes);' >>"$work/newer/darwin_string.h"
  if check_standin "$work/newer" >/dev/null 2>&1; then
    echo "self-test: a declaration without its source was not reported" >&2; failed=1
  else
    echo "self-test: caught: a stand-in declaration that cites no source"
  fi
  # And the unchanged sources pass.
  if ! typecheck "$sources" >/dev/null; then echo "self-test: the unchanged sources do not pass" >&2; failed=1; fi
  [[ $failed == 0 ]] && echo "apple-typecheck: self-test passed"
  exit $failed
fi

check_availability "$headers"
declared=$(check_standin "$headers")
if ! check_c_target "$repo/Sources/CPlaytimeSHA"; then
  echo "apple-typecheck: Sources/CPlaytimeSHA does not build as expected for every Apple platform" >&2
  exit 1
fi
if ! typecheck "$sources"; then
  echo "apple-typecheck: the Darwin branches of Sources/PlaytimeSystem do not type-check against the stand-in" >&2
  exit 1
fi
echo "apple-typecheck: Sources/PlaytimeSystem type-checks as Darwin ($declared declared calls, constants and overlay names, all used);" \
  "Sources/CPlaytimeSHA builds for $(wc -l <<<"$c_platforms") Apple targets with the SHA instructions each should hold"
