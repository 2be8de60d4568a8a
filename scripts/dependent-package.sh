#!/usr/bin/env bash
# A real throw-away package that depends on this repository by path, built with `swift build` as a game and a game
# server would: a target importing only PlaytimeGuard (Tests/DependentPackage/ClientUse.swift: the quick starts, the
# clock, key, NTP and Roughtime names a game writes) and one importing only PlaytimeServer (ServerUse.swift) must
# build; naming UDPSocket, SystemError or OpenFile (Names*.swift) in either must fail with "cannot find type '…' in
# scope". Newcomer.swift, an executable importing both, runs the newcomer's case (65 s away with an ad) and must
# exit 0: the device shows what the server pays. The first build compiles both products' modules (~1–2 min); the six failing ones only one file each. Tests/PlaytimeSurfaceTests/DependentPackageTests.swift checks the
# same files faster with `swiftc -typecheck` against the repository's own build.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$repo/Tests/DependentPackage
work=$(mktemp -d "${TMPDIR:-/tmp}/playtime-dependent.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Game" "$work/Sources/Server" "$work/Sources/Newcomer"
# The README's "Add it to your package" snippet, from a clone in a folder named `anything`: a path dependency's
# identity is its folder's name, and the snippet's `name:` is what lets `package: "PlaytimeGuard"` find it.
ln -s "$repo" "$work/anything"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DependentGame",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    dependencies: [.package(name: "PlaytimeGuard", path: "anything")],
    targets: [
        .target(name: "Game", dependencies: [.product(name: "PlaytimeGuard", package: "PlaytimeGuard")]),
        .target(name: "Server", dependencies: [.product(name: "PlaytimeServer", package: "PlaytimeGuard")]),
        .executableTarget(name: "Newcomer", dependencies: [.product(name: "PlaytimeGuard", package: "PlaytimeGuard"),
                                                           .product(name: "PlaytimeServer", package: "PlaytimeGuard")]),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST

build() { (cd "$work" && swift build 2>&1); }

cp "$fixtures/ClientUse.swift" "$work/Sources/Game/Game.swift"
cp "$fixtures/ServerUse.swift" "$work/Sources/Server/Server.swift"
cp "$fixtures/Newcomer.swift" "$work/Sources/Newcomer/Newcomer.swift"
if ! output=$(build); then
  echo "$output" | tail -40 >&2
  echo "dependent-package.sh: FAIL: the quick starts do not build in a package that imports only PlaytimeGuard / PlaytimeServer" >&2
  exit 1
fi
echo "dependent-package.sh: ok: ClientUse.swift (import PlaytimeGuard) and ServerUse.swift (import PlaytimeServer) build"
# The newcomer's case (65 s away with an ad): what the device shows is what the server pays, the ad once granted.
if ! output=$(cd "$work" && TMPDIR="$work" "$(swift build --show-bin-path)/Newcomer" 2>&1); then
  echo "$output" >&2
  echo "dependent-package.sh: FAIL: the device and the server disagree on the newcomer's case" >&2
  exit 1
fi
echo "$output" | sed 's/^/dependent-package.sh: newcomer: /'

for target in Game Server; do
  module=PlaytimeGuard
  [ "$target" = Server ] && module=PlaytimeServer
  for type in UDPSocket SystemError OpenFile; do
    sed "s/^import PlaytimeGuard\$/import $module/" "$fixtures/Names$type.swift" > "$work/Sources/$target/$target.swift"
    if output=$(build); then
      echo "dependent-package.sh: FAIL: a package that imports only $module can name $type" >&2
      exit 1
    fi
    if ! grep -q "error: cannot find type '$type' in scope" <<<"$output"; then
      echo "$output" | tail -40 >&2
      echo "dependent-package.sh: FAIL: naming $type after import $module failed, but not with \"cannot find type '$type' in scope\"" >&2
      exit 1
    fi
    echo "dependent-package.sh: ok: import $module, naming $type: cannot find type '$type' in scope"
  done
  if [ "$target" = Game ]; then cp "$fixtures/ClientUse.swift" "$work/Sources/Game/Game.swift"; fi
done
exit 0
