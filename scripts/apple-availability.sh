#!/usr/bin/env bash
# Lint: no API newer than the package's deployment targets (macOS 12, iOS 15, tvOS 15, watchOS 8, visionOS 1;
# docs/apple.md) in the shipped code. There is no Apple SDK on the Linux machines, so the compiler cannot check
# availability here; this scan stands in for it. Scans Sources/, Examples/ and Benchmarks/ (all built by a plain
# `swift build`; not Tests/, whose 128-bit oracles are marked @available), skipping comment lines and trailing
# ` // ` comments.
#
# Usage: scripts/apple-availability.sh [directory ...]   (default: Sources Examples Benchmarks)
#        scripts/apple-availability.sh --self-test        (every rule must catch its own example)
# Exit status 1 and one line per finding (file:line: rule) when anything is found.
set -euo pipefail
cd "$(dirname "$0")/.."

# rule<TAB>extended regex<TAB>an example line the rule must catch (for --self-test)
rules=$(cat <<'RULES'
Synchronization (Mutex, Atomic) needs macOS 15 / iOS 18: use PlaytimeSystem's ThreadLock	(^|[^A-Za-z0-9_])(import Synchronization|Mutex|Atomic)([^A-Za-z0-9_]|$)	let state = Mutex(0)
UInt128 / Int128 need macOS 15 / iOS 18: use multipliedFullWidth / dividingFullWidth, WideCount, WideArithmetic	(^|[^A-Za-z0-9_])U?Int128([^A-Za-z0-9_]|$)	let x = UInt128(1)
String(validating:) needs macOS 15 / iOS 18: use String(strictUTF8:)	String\(validating:	String(validating: bytes, as: UTF8.self)
Duration and the Clock protocols need macOS 13 / iOS 16: use SystemClock's nanoseconds	(^|[^A-Za-z0-9_])(Duration|ContinuousClock|SuspendingClock|InstantProtocol)([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_])Clock<|Task\.sleep\((for|until):	try await Task.sleep(for: .seconds(1))
URL(filePath:) and its relatives need macOS 13 / iOS 16	URL\(filePath:|\.appending\(path:|URL\.(homeDirectory|temporaryDirectory|documentsDirectory)	let u = URL(filePath: "/tmp")
.formatted( (FormatStyle; most styles need macOS 12 or later): format by hand	\.formatted\(	let s = date.formatted()
Regex and regex literals need macOS 13 / iOS 16	(^|[^A-Za-z0-9_])Regex([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_"])#/	let r = try Regex("a+")
parameterized existentials (any P<T>) need the macOS 13 / iOS 16 runtime	(^|[^A-Za-z0-9_])any [A-Z][A-Za-z0-9_]*<	let s: any Sequence<Int> = [1]
discarding task groups need macOS 14 / iOS 17	with(Throwing)?DiscardingTaskGroup	await withDiscardingTaskGroup { _ in }
Observation needs macOS 14 / iOS 17	@Observable|import Observation	@Observable final class Model {}
Span and InlineArray need macOS 26 / iOS 26	(^|[^A-Za-z0-9_])((Raw|Mutable|Output)?Span<|RawSpan|InlineArray)	func f(_ s: Span<UInt8>) {}
typed-throws function types as generic arguments (arrays, optionals, generic parameters) need the macOS 15 / iOS 18 runtime	[[<][^]>]*throws\([^)]*\)[^]>]*->	var handlers: [() throws(MyError) -> Void] = []
typed-throws function types as generic arguments (arrays, optionals, generic parameters) need the macOS 15 / iOS 18 runtime	\(\([^()]*\)[[:space:]]*(async[[:space:]]+)?throws\([^)]*\)[[:space:]]*->[^)]*\)\?	var onDone: (() throws(MyError) -> Void)?
RULES
)

# Lines of code only: drop whole-line comments and trailing " // " comments.
strip_comments() {
  sed -E -e 's@^[[:space:]]*//.*$@@' -e 's@[[:space:]]//[[:space:]].*$@@'
}

if [[ "${1:-}" == "--self-test" ]]; then
  failed=0
  while IFS=$'\t' read -r rule regex example; do
    if ! printf '%s\n' "$example" | strip_comments | grep -Eq -- "$regex"; then
      echo "self-test: rule does not catch its example: $rule" >&2; failed=1
    fi
    if printf '/// %s\n' "$example" | strip_comments | grep -Eq -- "$regex"; then
      echo "self-test: rule fires inside a comment: $rule" >&2; failed=1
    fi
  done <<<"$rules"
  # Names that merely contain a rule's word are not findings.
  for clean in "func parseDuration(_ t: String)" "struct DirectoryLock {}" "let nonAtomicCount = 1" "let x = UInt64(1)" \
               "func receive(into buffer: inout [UInt8]) throws(SystemError) -> (count: Int, sender: SocketAddress)?" \
               "func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R"; do
    if printf '%s\n' "$clean" | grep -Eq -- "$(cut -f2 <<<"$rules" | paste -sd'|')"; then
      echo "self-test: false positive on: $clean" >&2; failed=1
    fi
  done
  [[ $failed == 0 ]] && echo "apple-availability: self-test passed ($(wc -l <<<"$rules") rules)"
  exit $failed
fi

dirs=("$@")
[[ ${#dirs[@]} -gt 0 ]] || dirs=(Sources Examples Benchmarks)
findings=0
# Each file's code (comments dropped) once into a scratch tree, then one grep per rule over the whole tree.
stripped=$(mktemp -d "${TMPDIR:-/tmp}/playtime-availability.XXXXXX")
trap 'rm -rf "$stripped"' EXIT
while IFS= read -r -d '' file; do
  mkdir -p "$stripped/$(dirname "$file")"
  strip_comments <"$file" >"$stripped/$file"
done < <(find "${dirs[@]}" -name '*.swift' -print0)
while IFS=$'\t' read -r rule regex _; do
  while IFS= read -r hit; do
    [[ -n "$hit" ]] || continue
    hit=${hit#./}
    file=${hit%%:*}
    rest=${hit#*:}
    echo "${file}:${rest%%:*}: $rule"
    findings=$((findings + 1))
  done < <(cd "$stripped" && grep -rnE --include='*.swift' -- "$regex" . | sort || true)
done <<<"$rules"
if [[ $findings -gt 0 ]]; then
  echo "apple-availability: $findings finding(s) newer than macOS 12 / iOS 15 (docs/apple.md)" >&2
  exit 1
fi
echo "apple-availability: no API newer than macOS 12 / iOS 15 in ${dirs[*]}"
