#!/usr/bin/env bash
# Fuzzes the journal reader with libFuzzer for N seconds (default 30).
#
# Usage: scripts/fuzz-journal.sh [seconds] [extra libFuzzer flags...]
# Builds PlaytimeSystem (Errors + File), PlaytimeCrypto and PlaytimeJournal as separate modules with
# -sanitize=fuzzer,address, links Fuzz/JournalReader/main.swift against them, seeds a corpus with a
# valid journal, and runs. Output goes to fuzz-out/ (ignored by git): the whole libFuzzer log in fuzz-out/log,
# crashes in fuzz-out/crashes/; the terminal gets its last lines and one closing line.
set -euo pipefail
# The Swift backtracer would stall on a crash; libFuzzer prints its own trace.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-30}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out"
build="$out/build"
mkdir -p "$build" "$out/corpus" "$out/crashes"

# shellcheck source=scripts/fuzz-c-sha.sh
source "$root/scripts/fuzz-c-sha.sh"
flags=(-parse-as-library -sanitize=fuzzer,address -O -g -swift-version 6 -package-name PlaytimeGuard -I "$build" -I "$build/CPlaytimeSHA")
module() {
  local name="$1"; shift
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
    -wmo -c -o "$build/$name.o" "$@"
}

echo "building fuzz target..." >&2
build_c_sha
module PlaytimeSystem $(find "$root/Sources/PlaytimeSystem" -name "*.swift" | sort)
module PlaytimeCrypto "$root"/Sources/PlaytimeCrypto/*.swift
module PlaytimeJournal "$root"/Sources/PlaytimeJournal/*.swift
swiftc "${flags[@]}" -module-name JournalReaderFuzz "$root/Fuzz/JournalReader/main.swift" \
  "$build/PlaytimeSystem.o" "$build/PlaytimeCrypto.o" "${c_sha_objects[@]}" "$build/PlaytimeJournal.o" -o "$build/fuzz-journal-reader" \
  2> >(grep -v 'Cannot export local symbol' >&2)   # gold's notes on ASan's local symbols, one per symbol

# Seed corpus: a valid journal under the fuzz key (bytes 0..31), written by the worked example in
# docs/journal-format.md, plus a torn and an empty one.
python3 - "$out/corpus" <<'PY'
import hmac, hashlib, sys, os
d = sys.argv[1]
key = bytes(range(32))
mac = lambda m: hmac.new(key, m, hashlib.sha256).digest()
kid = mac(b"playtime-key-id")[:8].hex()
body = b'{"journal":"playtime","version":1,"key_id":"' + kid.encode() + b'","journal_id":"' + bytes(16).hex().encode() + b'"'
prev = mac(body)
lines = [body + b',"mac":"' + prev.hex().encode() + b'"}\n']
for seq, (t, p) in enumerate([(b"background", b'{"at":1}'), (b"foreground", b'{"at":2,"x":[1,"a"]}'), (b"claim", b'{}')], 1):
    body = b'{"seq":' + str(seq).encode() + b',"type":"' + t + b'","payload":' + p
    prev = mac(prev + body)
    lines.append(body + b',"mac":"' + prev.hex().encode() + b'"}\n')
j = b"".join(lines)
open(os.path.join(d, "valid"), "wb").write(j)
open(os.path.join(d, "torn"), "wb").write(j[:-20])
open(os.path.join(d, "header-only"), "wb").write(lines[0])
PY

echo "fuzzing for ${seconds}s..." >&2
cd "$out"
status=0
"$build/fuzz-journal-reader" -max_total_time="$seconds" -max_len=4096 -artifact_prefix="$out/crashes/" \
  -print_final_stats=1 "$@" "$out/corpus" >"$out/log" 2>&1 || status=$?
tail -n 5 "$out/log"
if [ "$status" -ne 0 ]; then echo "fuzz-journal: crash (exit $status), input saved in $out/crashes/; full log in $out/log" >&2; exit 1; fi
echo "fuzz-journal: no crash in ${seconds}s"
