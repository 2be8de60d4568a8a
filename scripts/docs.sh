#!/usr/bin/env bash
# Builds the documentation catalogs (Sources/PlaytimeGuard/PlaytimeGuard.docc, Sources/PlaytimeServer/PlaytimeServer.docc)
# with the toolchain's own docc, no plugin and no package: the public symbol graphs of the built modules from
# swift-symbolgraph-extract (each product's re-exported modules folded in, as a game sees them), then
# `docc convert --warnings-as-errors`, so an unresolved ``symbol`` link or a broken <doc:article> fails.
# Usage: scripts/docs.sh [OUTPUT_DIR]   (default: a temporary folder, removed; the archives are kept only when named)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target PlaytimeGuard >&2
swift build --target PlaytimeServer >&2
bin=$(swift build --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
output=${1:-$work/archives}
mkdir -p "$output"
# The C targets' module maps, as SwiftPM gives them to every Swift target that imports one (CPlaytimeSHA).
maps=()
for map in "$bin"/*.build/module.modulemap; do [ -e "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map"); done
# A product's module and the modules it re-exports (Sources/<Module>/Exports.swift), as docs/public-api.md lists them.
catalog() {
  local module=$1 reexported=$2
  mkdir -p "$work/graphs/$module"
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -minimum-access-level public -skip-synthesized-members \
    "-experimental-allowed-reexported-modules=$reexported" -output-dir "$work/graphs/$module" "${maps[@]}"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.playtimeguard.$module" \
    --output-path "$output/$module.doccarchive" --warnings-as-errors
  echo "docs.sh: $module: $(find "$output/$module.doccarchive/data/documentation" -name '*.json' | wc -l) pages, no warning"
}
catalog PlaytimeGuard PlaytimeRewards,PlaytimeJudging,PlaytimeJournal,PlaytimeNTP,PlaytimeRoughtime
catalog PlaytimeServer PlaytimeAudit,PlaytimeJournal,PlaytimeRewards,PlaytimeTickets
