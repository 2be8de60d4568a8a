#!/usr/bin/env bash
# A real throw-away package that depends on this repository by path and imports only PlaytimeGuard, built with
# `swift build` as a game would: Tests/DependentPackage/ClientUse.swift (the README's quick start, the clock, key
# and NTP names a game writes) must build; each of NamesUDPSocket / NamesSystemError / NamesOpenFile.swift must
# fail with "cannot find type '…' in scope". The first build compiles the client product's modules (~1–2 min);
# the three failing ones only the game's file. Tests/PlaytimeSurfaceTests/DependentPackageTests.swift checks the
# same files faster with `swiftc -typecheck` against the repository's own build.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$repo/Tests/DependentPackage
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-dependent.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Game"
# A path dependency's identity is its folder's name.
identity=$(basename "$repo")
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependentGame",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: "$repo")],
    targets: [.target(name: "Game", dependencies: [.product(name: "PlaytimeGuard", package: "$identity")])],
    swiftLanguageModes: [.v6]
)
MANIFEST

build() { (cd "$work" && swift build 2>&1); }

cp "$fixtures/ClientUse.swift" "$work/Sources/Game/Game.swift"
if ! output=$(build); then
  echo "$output" | tail -40 >&2
  echo "dependent-package.sh: FAIL: the quick start does not build in a package that imports only PlaytimeGuard" >&2
  exit 1
fi
echo "dependent-package.sh: ok: ClientUse.swift builds, importing only PlaytimeGuard"

for type in UDPSocket SystemError OpenFile; do
  cp "$fixtures/Names$type.swift" "$work/Sources/Game/Game.swift"
  if output=$(build); then
    echo "dependent-package.sh: FAIL: a package that imports only PlaytimeGuard can name $type" >&2
    exit 1
  fi
  if ! grep -q "error: cannot find type '$type' in scope" <<<"$output"; then
    echo "$output" | tail -40 >&2
    echo "dependent-package.sh: FAIL: naming $type failed, but not with \"cannot find type '$type' in scope\"" >&2
    exit 1
  fi
  echo "dependent-package.sh: ok: naming $type fails: cannot find type '$type' in scope"
done
