#!/usr/bin/env bash
# Fleet audit benchmark (docs/fleet.md, "Fleet audits"): N generated enrolled journals (default 100 000, two
# sessions each, two journals per account) in a temporary directory, audited by the real CLI
# (`playtime audit --server-secret FILE DIR --quiet`) with --jobs 1 and with one job per core, in the same run.
# Prints journals/s of both, the ratio of the all-cores figure to cores x single-thread (the bar: >= 0.8), and
# the peak RSS of each run, and the peak RSS of a directory of a tenth of them (hard links), to show what grows
# with the directory. Each figure is the best of ROUNDS runs (default 2), alternating --jobs 1 and all cores.
# The directory is removed afterwards.
# Usage: scripts/bench-fleet-audit.sh [JOURNALS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
journals=${1:-100000}
rounds=${2:-2}
cores=$(nproc)
dir=$(mktemp -d "${TMPDIR:-/tmp}/playtime-bench-fleet-audit.XXXXXX")
trap 'rm -rf "$dir"' EXIT
swift build -c release --product PlaytimeBenchmarks >/dev/null
swift build -c release --product playtime >/dev/null
bench=.build/release/PlaytimeBenchmarks
playtime=.build/release/playtime

# measure COMMAND...: "<seconds> <peak RSS MiB>" of it.
. scripts/bench-measure.sh

"$bench" gen-journals --journals "$journals" --out "$dir/journals" --secret-file "$dir/secret"
bytes=$(du -sb "$dir/journals" | cut -f1)
# Check the generated fleet audits clean before timing it.
"$playtime" audit --quiet --now 2200-01-01T00:00:00Z --server-secret "$dir/secret" "$dir/journals" | tail -n 1
audit() { measure "$playtime" audit --quiet --now 2200-01-01T00:00:00Z --jobs "$1" --server-secret "$dir/secret" "$2"; }
one_s=; all_s=
for _ in $(seq "$rounds"); do
  read -r s rss <<<"$(audit 1 "$dir/journals")"
  if [[ -z "$one_s" ]] || awk -v a="$s" -v b="$one_s" 'BEGIN { exit !(a < b) }'; then one_s=$s; one_rss=$rss; fi
  read -r s rss <<<"$(audit "$cores" "$dir/journals")"
  if [[ -z "$all_s" ]] || awk -v a="$s" -v b="$all_s" 'BEGIN { exit !(a < b) }'; then all_s=$s; all_rss=$rss; fi
done
mkdir "$dir/tenth"
find "$dir/journals" -maxdepth 1 -type f | sort | awk -v k=$((journals / 10)) 'NR <= k' | xargs -r ln -t "$dir/tenth"
read -r _ tenth_rss <<<"$(audit "$cores" "$dir/tenth")"

awk -v n="$journals" -v b="$bytes" -v c="$cores" -v os="$one_s" -v orss="$one_rss" -v as="$all_s" -v arss="$all_rss" -v trss="$tenth_rss" 'BEGIN {
  printf "\n%-38s %10s %12s %10s %12s\n", "playtime audit DIR (" n " journals, " int(b / 1e6) " MB)", "seconds", "journals/s", "MB/s", "peak RSS MiB"
  printf "%-38s %10.2f %12.0f %10.1f %12.1f\n", "--jobs 1", os, n / os, b / 1e6 / os, orss
  printf "%-38s %10.2f %12.0f %10.1f %12.1f\n", "--jobs " c " (one per core)", as, n / as, b / 1e6 / as, arss
  printf "%-38s %10s %12s %10s %12.1f\n", "--jobs " c ", a tenth of the files", "", "", "", trss
  printf "\nall cores vs %d x single-thread: %.2fx (bar >= 0.8)\n", c, (n / as) / (c * n / os)
}'
