#!/usr/bin/env bash
# Prints the sorted public API of the library products (the client's PlaytimeGuard, PlaytimeServer, and the C
# interface's PlaytimeGuardC, whose public declarations are its exported C functions) from the built modules, one
# declaration a line: `Module.name  [kind]  declaration`, reachable-only ones marked "(reachable)". With --write,
# rewrites docs/public-api.md instead (PublicAPITests compares that file with the build); --markdown prints that file.
# Needs only the toolchain (swift-symbolgraph-extract).
set -euo pipefail
cd "$(dirname "$0")/.."
products=(PlaytimeGuard)
grep -q '"PlaytimeServer"' Package.swift && products+=(PlaytimeServer)
grep -q '"PlaytimeGuardC"' Package.swift && products+=(PlaytimeGuardC)
for product in "${products[@]}"; do swift build --target "$product" >&2; done
swift build --product playtime-public-api >&2
modules=$(swift build --show-bin-path)/Modules
case "${1:-}" in
  --write) exec "$(swift build --show-bin-path)/playtime-public-api" --modules "$modules" --write docs/public-api.md ;;
  --markdown) exec "$(swift build --show-bin-path)/playtime-public-api" --modules "$modules" --markdown ;;
  "") exec "$(swift build --show-bin-path)/playtime-public-api" --modules "$modules" ;;
  *) echo "usage: scripts/public-api.sh [--write | --markdown]" >&2; exit 2 ;;
esac
