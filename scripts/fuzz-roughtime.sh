#!/usr/bin/env bash
# Fuzzes the Roughtime parser and verifier with libFuzzer for N seconds (default 30).
#
# Usage: scripts/fuzz-roughtime.sh [seconds] [extra libFuzzer flags...]
# Builds PlaytimeSystem, PlaytimeCrypto, PlaytimeNTP and PlaytimeRoughtime as separate modules with
# -sanitize=fuzzer,address, links Fuzz/RoughtimeVerifier/main.swift against them, seeds the corpus with the
# genuine Appendix B answer the target verifies against (plus a bare request), and runs.
# Output goes to fuzz-out/roughtime/ (ignored by git); crashes land in fuzz-out/roughtime/crashes/.
set -euo pipefail
# The Swift backtracer would stall on a crash; libFuzzer prints its own trace.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-30}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out/roughtime"
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
for name in PlaytimeSystem PlaytimeCrypto PlaytimeNTP PlaytimeRoughtime; do
  module "$name" $(find "$root/Sources/$name" -name "*.swift" | sort)
done
swiftc "${flags[@]}" -module-name RoughtimeFuzz "$root/Fuzz/RoughtimeVerifier/main.swift" \
  "$build/PlaytimeSystem.o" "$build/PlaytimeCrypto.o" "${c_sha_objects[@]}" "$build/PlaytimeNTP.o" "$build/PlaytimeRoughtime.o" \
  -o "$build/fuzz-roughtime" 2> >(grep -v 'Cannot export local symbol' >&2)

# Seed corpus: the genuine answer to the target's request (draft-19 Appendix B, second pair), and that request.
python3 - "$out/corpus" "$root/Fuzz/RoughtimeVerifier/main.swift" <<'PY'
import base64, os, re, sys
corpus, source = sys.argv[1], open(sys.argv[2]).read()
request = "".join(re.findall(r'^    "([A-Za-z0-9+/=]+)",$', source, re.M))
open(os.path.join(corpus, "request"), "wb").write(base64.b64decode(request))
PY
base64 -d > "$out/corpus/response" <<'B64'
Uk9VR0hUSU2UAQAABwAAAEAAAABgAAAAZAAAAGQAAADAAAAAWAEAAFNJRwBOT05DVFlQRVBBVEhT
UkVQQ0VSVElORFj+2I02cCBAfDYzP+8znW6bICqVrAF23xNLfM+Qycmkpfp1+BQSb4l/6mRll66l
2VIfPSQzigl2V5OJgQzGEBcG/ffmRs1Nlyxgsz3qjvvItu+9GTV+bZNAHjIrFs/WPN4BAAAABQAA
AAQAAAAIAAAAEAAAABQAAABWRVIAUkFESU1JRFBWRVJTUk9PVAEAAAADAAAAw/m2aQAAAAABAAAA
S8ROJoXIPSlO9yN+uREb+/UiOJJqCjx3VWZ/vD2FqBMCAAAAQAAAAFNJRwBERUxFw0MFQMiDoHyS
ot8rlnV83Vqaa3qTrAY15W1TzqNuAurOvreNw08BfUwxF7BQ/b/JCwCQcqtD5uRYsvikvuyLCwMA
AAAgAAAAKAAAAFBVQktNSU5UTUFYVCQs/eCxtWjVrXyse0SeojyZdNFkOwe3B3nLHtHJZK/9gRCv
aQAAAADxyd9pAAAAAAAAAAA=
B64

echo "fuzzing for ${seconds}s..." >&2
cd "$out"
status=0
"$build/fuzz-roughtime" -max_total_time="$seconds" -max_len=2048 -artifact_prefix="$out/crashes/" \
  -print_final_stats=1 "$@" "$out/corpus" >"$out/log" 2>&1 || status=$?
tail -n 5 "$out/log"
if [ "$status" -ne 0 ]; then echo "fuzz-roughtime: crash (exit $status), input saved in $out/crashes/; full log in $out/log" >&2; exit 1; fi
echo "fuzz-roughtime: no crash in ${seconds}s"
