#!/usr/bin/env bash
# Instructions the audit's two threads execute, counted by callgrind (docs/crypto.md, "The audit's two threads"):
# `PlaytimeBenchmarks audit` over a generated journal of SESSIONS sessions, each thread's total (callgrind
# --separate-threads), the decode-and-judge thread named by the `JudgingWorker` functions it ran. Counts do not depend
# on the machine's load, so two builds compare on a shared machine. Callgrind hides the CPU's SHA extensions: the
# verifying thread runs the Swift SHA-256 here.
# Usage: scripts/bench-callgrind.sh [SESSIONS]   (default 20000: a 21.6 MB journal, about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-20000}
command -v valgrind >/dev/null || { echo "bench-callgrind: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
bench=${PLAYTIME_BENCH_BIN:-}
if [ -z "$bench" ]; then
  swift build -c release --product PlaytimeBenchmarks >/dev/null
  bench=.build/release/PlaytimeBenchmarks
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-callgrind.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$bench" gen-journal --sessions "$sessions" --out "$work/journal.jsonl" --key-file "$work/key" >/dev/null
# Valgrind cannot read the toolchain's DWARF: it runs a copy without debug information (the symbols stay, which name
# the functions).
objcopy --strip-debug "$bench" "$work/PlaytimeBenchmarks"
bench=$work/PlaytimeBenchmarks
valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/callgrind.out" \
  "$bench" audit --journal "$work/journal.jsonl" --key-file "$work/key" >/dev/null 2>"$work/valgrind.log" \
  || { cat "$work/valgrind.log" >&2; exit 1; }
echo "callgrind, PlaytimeBenchmarks audit, $sessions sessions ($(stat -c %s "$work/journal.jsonl") bytes):"
for file in "$work"/callgrind.out*; do
  total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
  [ -n "$total" ] && [ "$total" -gt 0 ] || continue
  # The worker thread runs JudgingWorker.run; the first thread is the calling one, which verifies the MAC chain.
  role="other thread"
  if grep -q '^fn=.*JudgingWorkerC3run' "$file"; then role="decode-and-judge thread"
  elif [ "${file##*-}" = 01 ]; then role="verifying (calling) thread"; fi
  awk -v t="$total" -v r="$role" -v f="${file##*/}" 'BEGIN { printf "  %-28s %9.1f M instructions (%s)\n", r, t / 1e6, f }'
done
