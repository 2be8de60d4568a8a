#!/usr/bin/env bash
# Regenerates docs/console.png: the support console (docs/service.md, "Support console") in headless Chromium against
# the built playtime-server serving the seeded history of the browser test (Tests/PlaytimeServiceTests/
# ConsoleBrowserTests.swift), which writes its screenshot to PLAYTIME_CONSOLE_SCREENSHOT.
# Usage: scripts/console-screenshot.sh   (needs chromium: apt-get install chromium; builds the tests first)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "console-screenshot: chromium is not installed (apt-get install chromium)" >&2; exit 2; }
swift build --build-tests
PLAYTIME_REQUIRE_CHROMIUM=1 PLAYTIME_CONSOLE_SCREENSHOT="$PWD/docs/console.png" \
    swift test --skip-build --filter 'ConsoleBrowserTests/seededHistory'
test -s docs/console.png
echo "console-screenshot: wrote docs/console.png ($(wc -c < docs/console.png) bytes)"
