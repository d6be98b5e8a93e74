#!/usr/bin/env bash
# The demo (`make demo`): plays SwipeClean on a copy of Fixtures/phone with a fixed clock, in a
# throw-away SWIPECLEAN_HOME and XDG_CONFIG_HOME, and leaves nothing behind. Runs in seconds.
# Usage: Scripts/demo.sh [PATH_TO_CLEAN]   (default .build/debug/clean)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLEAN=$(cd "$(dirname "${1:-$ROOT/.build/debug/clean}")" && pwd)/$(basename "${1:-clean}")
[ -x "$CLEAN" ] || { echo "demo: no clean binary at $CLEAN; run \`swift build\` first" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/swipeclean-demo.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
export SWIPECLEAN_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
export SWIPECLEAN_NOW=2026-03-02T19:30:00+01:00 TZ=Europe/Paris NO_COLOR=1

# The phone: the committed fixtures plus a big video made here, sparse (150 MiB that take no disk space).
PHONE="$WORK/phone"
cp -R "$ROOT/Fixtures/phone" "$PHONE"
chmod -R u+w "$PHONE"
cp "$PHONE/DCIM/100APPLE/IMG_2927.MOV" "$PHONE/Movies/VID_20260214_153000.mp4"
truncate -s 150M "$PHONE/Movies/VID_20260214_153000.mp4"
# An iPhone backup made by Finder on the same disk (Manifest.db, hashed file names): read, never changed.
python3 "$ROOT/Fixtures/make-stores.py" --ios-backup "$PHONE/Backup/iPhone/00008030-001A2B3C4D5E6F70" \
  "$ROOT/Fixtures/phone/DCIM/100APPLE/IMG_2927.HEIC=Media/DCIM/100APPLE/IMG_2927.HEIC" \
  "$ROOT/Fixtures/phone/DCIM/100APPLE/IMG_2927.MOV=Media/DCIM/100APPLE/IMG_2927.MOV" \
  "$ROOT/Fixtures/phone/DCIM/Camera/IMG_20190714_183512.jpg=Media/DCIM/100APPLE/IMG_0001.JPG"

# step TITLE COMMAND…: prints the command as typed, then runs it.
step() {
  echo
  echo "━━━ $1"
  shift
  echo "\$ clean${*:+ $*}" | sed "s|$WORK|\$DEMO|g"
  "$CLEAN" "$@" 2>&1 | sed "s|$WORK|\$DEMO|g"
}

echo "SwipeClean demo: a phone library, Monday 2 March 2026, 19:30 (Paris)."
step "Index the phone" scan "$PHONE"
step "What counts as a screenshot" items --filter screenshots
echo
echo "━━━ The iPhone backup's photos: indexed under their names on the phone, never dealt as cards"
echo '$ clean items | grep protected'
"$CLEAN" items | grep protected | sed "s|$WORK|\$DEMO|g" || true

step "The home screen of a new player" 
step "The bosses, and this week's (a new one every Monday)" boss list
step "The profile" profile
step "Achievements" achievements

# A boss battle, scripted: delete, delete, keep, delete, delete; then "y" confirms the batch.
printf 'd\nd\nk\nd\nd\ny\n' | step "Fight the screenshots boss (keys: d delete, k keep)" boss screenshots
# One round: delete the first two cards, keep the third, quit; --yes confirms without asking.
printf 'd\nd\nk\nq\n' | step "One 60-second round" round --yes
step "What is in the trash" trash list
step "Change of heart: put the first one back" restore 1
step "Storage recovered" report
step "The same report as a page with charts, to open in a browser" report --html "$WORK/report.html"
echo "  ($(wc -c < "$WORK/report.html" | tr -d ' ') bytes of HTML: inline SVG and CSS, no script, nothing fetched)"
step "The home screen after playing"
step "The profile after playing" profile

echo
echo "Demo done; its temporary files are gone."
