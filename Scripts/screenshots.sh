#!/usr/bin/env bash
# Regenerates the README's screenshots of the web app (Docs/web-*.png): the real `clean web` on
# Fixtures/phone in a throw-away home, in headless Chromium at 1280×800 and 390×844; the round
# end's celebrations and a video's poster frame come from the browser test that sets them up
# (Tests/Browser/web_round_end.py), the group card, the comparison and the trash from web_groups.py,
# web_compare.py and web_pages.py.
# Usage: Scripts/screenshots.sh [CLEAN_BINARY]   (default: builds and uses .build/release/clean)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
  clean=$1
else
  swift build -c release --package-path "$here" >&2
  clean=$here/.build/release/clean
fi
/usr/bin/python3 "$here/Scripts/screenshots.py" "$clean" "$here/Docs"
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
/usr/bin/python3 "$here/Tests/Browser/web_round_end.py" "$clean" "$shots" >&2
cp "$shots/celebrations.png" "$here/Docs/web-celebrations.png"
cp "$shots/poster.png" "$here/Docs/web-poster.png"
# The group card (1280 and 390 px), the comparison of a photo and its half-size copy, the trash with its
# thumbnails and the question that empties it: from the browser tests that set them up.
/usr/bin/python3 "$here/Tests/Browser/web_groups.py" "$clean" "$shots" >&2
cp "$shots/group-card.png" "$here/Docs/web-group-card.png"
cp "$shots/phone-group-card.png" "$here/Docs/web-phone-group-card.png"
/usr/bin/python3 "$here/Tests/Browser/web_compare.py" "$clean" "$shots" >&2
cp "$shots/compare-fitted.png" "$here/Docs/web-group-compare.png"
/usr/bin/python3 "$here/Tests/Browser/web_pages.py" "$clean" "$shots" >&2
cp "$shots/empty-trash.png" "$here/Docs/web-trash.png"
# One card of each kind of bad shot, and a burst's soft frame (Docs/quality.md).
/usr/bin/python3 "$here/Tests/Browser/web_bad_shots.py" "$clean" "$shots" >&2
for kind in blurry dark overexposed accidental burst; do cp "$shots/web-bad-shot-$kind.png" "$here/Docs/"; done
# Issue 49's screens: the first step, a group card (both sizes), the batch with a file taken out, a video card, the
# report and the light theme (web_everyone.py).
/usr/bin/python3 "$here/Tests/Browser/web_everyone.py" "$clean" "$shots" >&2
for shot in first-run phone-first-run group-card phone-card confirm-out video-card report light-theme; do
  cp "$shots/$shot.png" "$here/Docs/web-everyone-$shot.png"
done
