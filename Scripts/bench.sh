#!/usr/bin/env bash
# `make bench`: clean side by side with the tools people use today, on one hot synthetic tree.
# Env: BENCH_FILES (default 20000), BENCH_DIR (default a temp dir, removed at the end),
# BENCH_SMALL=1 (files of 1–4 KB), BENCH_DECODABLE=1 (JPEGs hold real pictures), BENCH_EXIFTOOL=0
# (no exiftool run, no date comparison: it takes half an hour at a million files), BENCH_EXTRAS=0
# (stop after the index's figures: no round end, web app or similar photos blocks), BENCH_REPEATS=N
# (at most N runs of each command: at a million files a cold scan takes minutes).
set -euo pipefail
CLEAN=$(realpath "${1:-.build/release/clean}")
FILES=${BENCH_FILES:-20000}
here=$(cd "$(dirname "$0")/.." && pwd)
WORK=${BENCH_DIR:-$(mktemp -d /tmp/swipeclean-bench.XXXXXX)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$WORK"' EXIT
TREE="$WORK/library-$FILES"
OUT="$WORK/out"
mkdir -p "$OUT"

# --- dates (issue 12, 3): BENCH_SMALL=1 makes every file 1–4 KB, so a million fit on the disk.
SIZE_FLAG=()
if [ -n "${BENCH_SMALL:-}" ]; then TREE="$TREE-small"; SIZE_FLAG=(--small); fi
# --- end dates
# Similar photos (issue 10): BENCH_DECODABLE=1 puts a real 320×240 picture in every JPEG, so a cold
# scan with similar photos on decodes and hashes them (the default tree's JPEG payloads are random).
if [ -n "${BENCH_DECODABLE:-}" ]; then TREE="$TREE-decodable"; SIZE_FLAG+=(--decodable); fi
if [ ! -d "$TREE" ]; then
  echo "generating a synthetic phone library of $FILES files in $TREE …" >&2
  python3 "$here/Benchmarks/make_library.py" "$TREE" --files "$FILES" "${SIZE_FLAG[@]}"
fi
echo "tree: $(find "$TREE" -type f | wc -l) files, $(du -sh "$TREE" | cut -f1); $(nproc) cores" >&2
find "$TREE" -type f -print0 | xargs -0 cat > /dev/null   # hot page cache for every tool alike

declare -A SECONDS_OF RSS_OF
measure() {  # measure REPEAT NAME COMMAND…: median wall seconds of REPEAT runs and peak RSS (KiB)
  local repeat=$1 name=$2; shift 2
  if [ -n "${BENCH_REPEATS:-}" ] && [ "$repeat" -gt "$BENCH_REPEATS" ]; then repeat=$BENCH_REPEATS; fi
  python3 "$here/Benchmarks/timeit.py" "$repeat" "$OUT/$name" -- "$@" || { echo "$name failed" >&2; exit 1; }
  read -r SECONDS_OF[$name] RSS_OF[$name] < "$OUT/$name"
}

export SWIPECLEAN_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config"
# Quick runs are repeated (median of 5); a cold scan starts from a fresh state each time (median of 3).
measure 5 find     find "$TREE" -type f -printf '%s %T@\n'
measure 3 jdupes   jdupes -r -q "$TREE"
measure 3 file     sh -c "find '$TREE' -type f -print0 | xargs -0 -P2 -n 1000 file --mime-type"
if [ "${BENCH_EXIFTOOL:-1}" != 0 ]; then
  measure 1 exiftool exiftool -fast2 -r -json -q -q -DateTimeOriginal -CreateDate "$TREE"
else
  SECONDS_OF[exiftool]=nan RSS_OF[exiftool]=0
fi
measure 3 cold     sh -c "rm -rf '$SWIPECLEAN_HOME' && exec '$CLEAN' scan '$TREE' --json --quiet"
# BENCH_BASELINE=/path/to/an/older/clean: that build's cold scan of the same tree side by side, turn about
# (issue 39: a cold scan no more than 5 % slower than before bad shots; build the baseline from the commit
# before them, d0723b5^, with `swift build -c release` in a worktree).
if [ -n "${BENCH_BASELINE:-}" ]; then
  echo "cold scan, the baseline ($BENCH_BASELINE) and this build, turn about:"
  python3 "$here/Benchmarks/side_by_side.py" "${BENCH_REPEATS:-5}" baseline "this build" \
    -- sh -c "rm -rf '$WORK/base-state' && SWIPECLEAN_HOME='$WORK/base-state' exec '$(realpath "$BENCH_BASELINE")' scan '$TREE' --json --quiet" \
    -- sh -c "rm -rf '$SWIPECLEAN_HOME' && exec '$CLEAN' scan '$TREE' --json --quiet"
  echo "  (target for issue 39: this build / baseline <= 1.05)"
fi
measure 5 warm     "$CLEAN" scan "$TREE" --json --quiet
"$CLEAN" items --json > "$OUT/items.jsonl"

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.2f}' if b else 'inf')" "$1" "$2"; }
both=$(python3 -c "print(${SECONDS_OF[jdupes]} + ${SECONDS_OF[file]})")
printf '\n%-34s %9s\n' "run" "seconds"
for n in find jdupes file exiftool cold warm; do printf '%-34s %9s\n' "$n" "${SECONDS_OF[$n]}"; done
echo
echo "cold scan / (jdupes + file):        $(ratio "${SECONDS_OF[cold]}" "$both")   (target ≤ 1)"
echo "exiftool / cold scan (dates):       $(ratio "${SECONDS_OF[exiftool]}" "${SECONDS_OF[cold]}")   (target ≥ 30)"
echo "warm scan / find floor:             $(ratio "${SECONDS_OF[warm]}" "${SECONDS_OF[find]}")   (target ≤ 3)"
echo "clean peak RSS, cold scan:          $(( ${RSS_OF[cold]} / 1024 )) MiB   (target ≤ 150 MiB at 100,000 files)"
echo "clean peak RSS, warm scan:          $(( ${RSS_OF[warm]} / 1024 )) MiB"
python3 "$here/Benchmarks/compare.py" "$OUT/items.jsonl" "$OUT/jdupes.out" \
  $( [ "${BENCH_EXIFTOOL:-1}" != 0 ] && echo "$OUT/exiftool.out" )

# --- dates (issue 12, 3): what a player waits for on this index, each ≤ 200 ms (medians of 5,
# process start and database open included), and the memory of a full listing (it streams).
echo "card queues, home screen and report (target ≤ 200 ms each):"
# The first home screen after the scan chooses the week's boss (asks each boss of the pool whether it can deal).
measure 1 home_first sh -c "exec '$CLEAN' > /dev/null"
printf '%-37s %7.3f s wall %7.3f s CPU\n' "home, the first after the scan" "${SECONDS_OF[home_first]}" "$(cat "$OUT/home_first.cpu")"
"$here/Benchmarks/queue_times.sh" "$CLEAN"
measure 1 items   sh -c "exec '$CLEAN' items --json > /dev/null"
ms() { python3 -c "import sys; print(f'{float(sys.argv[1]) * 1000:.0f} ms')" "$1"; }
echo "items --json: $(ms "${SECONDS_OF[items]}"), peak RSS $(( ${RSS_OF[items]} / 1024 )) MiB"
echo "index: $(du -h "$SWIPECLEAN_HOME/library.sqlite" | cut -f1)"
# --- end dates
[ "${BENCH_EXTRAS:-1}" != 0 ] || exit 0

# The round end: one boss battle deleting 25 duplicate copies; its JSON says how long the round
# end (game rules + the one transaction) took.
{ for _ in $(seq 25); do echo d; done; printf 'q\ny\n'; } > "$OUT/answers"
"$CLEAN" boss duplicates --json < "$OUT/answers" > "$OUT/boss.json" 2> /dev/null
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(f\"round end for {r['deleted']} cards: {r['roundEndMilliseconds']} ms (target: a few ms)\")" "$OUT/boss.json"
"$CLEAN" restore --all --json > /dev/null   # the tree as it was, for the next run

# --- The web app (Benchmarks/web_bench.py): on the same index, adds 12 MP JPEGs and times the
# first card visible in headless Chromium, an uncached 12 MP preview and a decision's round trip.
/usr/bin/python3 "$here/Benchmarks/web_bench.py" "$CLEAN" "$WORK"

# --- The web app under load (issue 52, Tests/Load/web_load.py, as WebLoadTests runs it on the debug
# build): 120 connections each pipelining 3,000 GETs and reading nothing for 20 s, the owner asking
# twice a second; the server's resident memory before, at most and after (target: under 300 MB,
# back near its start). A bound, not a race: no other server to set beside it.
/usr/bin/python3 -B "$here/Tests/Load/web_load.py" "$CLEAN" memory | grep -v '^web_load.py:'

# ---- Similar photos (issue 10) -------------------------------------------------------------
# Hashing per photo against Python imagehash (Pillow decode + pHash) on the same real photos, both
# on one core, on three sets side by side: small files (the 136 JPEGs of about 320 px and 17 PNGs of
# Fixtures/similar), phone-size ones (the 8 camera JPEGs of 4–10 megapixels in
# Fixtures/corpus/media), and 6 phone-size screenshot-like PNGs (1080 × 2400, laid out like an app's
# feed around those photos, made by Benchmarks/make_screenshots.py; named so that no screenshot rule
# matches: a recognised screenshot is never hashed, these stand for the large PNGs that are).
# Each file is copied 5 times with a different byte appended after its
# end, so the copies are not byte-identical (exact duplicates are not hashed) and each run hashes
# enough photos for its CPU time to be read to 0.01 ms. clean's cost per photo is a cold
# `scan --jobs 1` with similar photos on minus one with --no-similar, over the photos it hashed.
# imagehash and Pillow are for the bench only: installed with pip into .build/bench-venv.
VENV="$here/.build/bench-venv"
if ! "$VENV/bin/python" -c 'import imagehash, PIL' 2> /dev/null; then
  echo "installing imagehash and Pillow for the bench into $VENV …" >&2
  python3 -m venv "$VENV" && "$VENV/bin/pip" install -q imagehash Pillow
fi
copies() {  # copies FOLDER FILE…: each file 5 times into FOLDER, told apart by one trailing byte
  local folder=$1; shift
  mkdir -p "$folder"
  for f in "$@"; do
    local name; name=$(basename "$(dirname "$f")")-$(basename "$f" | tr -c 'A-Za-z0-9.\n' '_')
    for k in 1 2 3 4 5; do { cat "$f"; printf '%s' "$k"; } > "$folder/$k-$name"; done
  done
}
hash_set() {  # hash_set NAME FOLDER LABEL: imagehash and clean over FOLDER, one line each for CPU and wall
  local name=$1 folder=$2 label=$3 py
  py=$("$VENV/bin/python" "$here/Benchmarks/imagehash_bench.py" "$folder" 3)
  measure 5 "${name}_on"  sh -c "rm -rf '$WORK/hash-state' && SWIPECLEAN_HOME='$WORK/hash-state' exec '$CLEAN' scan '$folder' --jobs 1 --json --quiet"
  measure 5 "${name}_off" sh -c "rm -rf '$WORK/hash-state' && SWIPECLEAN_HOME='$WORK/hash-state' exec '$CLEAN' scan '$folder' --jobs 1 --no-similar --json --quiet"
  python3 - "$label" $py "$OUT/${name}_on" "$OUT/${name}_off" <<'PY'
import json, sys
label, py_n, py_s, py_cpu, on, off = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
n = json.load(open(on + ".out"))["photosFingerprinted"]
wall = (float(open(on).read().split()[0]) - float(open(off).read().split()[0])) / n * 1000
cpu = (float(open(on + ".cpu").read()) - float(open(off + ".cpu").read())) / n * 1000
py_wall, py_cpu = py_s / py_n * 1000, py_cpu / py_n * 1000
print(f"\nsimilar photos, {label}: {n} photos hashed by clean, {py_n} by imagehash (one core)")
# CPU time (clean: user + system of the scan with similar photos on minus off; imagehash:
# process_time of its loop) is what a loaded shared machine disturbs least: read that line.
print(f"hashing per photo, CPU time: clean {cpu:.2f} ms, imagehash (Pillow + pHash) {py_cpu:.2f} ms: "
      f"{py_cpu / cpu:.1f}x faster   (target >= 5x)")
print(f"hashing per photo, wall time: clean {wall:.2f} ms, imagehash {py_wall:.2f} ms: {py_wall / wall:.1f}x faster")
PY
}
copies "$WORK/similar-small" "$here"/Fixtures/similar/*/*.jpg "$here"/Fixtures/similar/*/*.png
copies "$WORK/similar-phone" "$here"/Fixtures/corpus/media/{"Apple iPhone 5","Apple iPhone 6","HTC One","Motorola XT1068 (Moto G)","Nexus 4","Samsung GT-I9505 (Galaxy S4)","Samsung SM-J327T1","Sony Ericsson U10i"}.jpg
hash_set small "$WORK/similar-small" "Fixtures/similar (136 JPEGs of ~320 px, 17 PNGs; 5 copies each)"
hash_set phone "$WORK/similar-phone" "phone JPEGs (8 cameras, 4-10 MP, Fixtures/corpus/media; 5 copies each)"
"$VENV/bin/python" "$here/Benchmarks/make_screenshots.py" "$WORK/feed-pngs" "$here"/Fixtures/corpus/media/*.jpg
copies "$WORK/similar-feed" "$WORK"/feed-pngs/*.png
hash_set feed "$WORK/similar-feed" "screenshot-like PNGs (6 of 1080x2400, Benchmarks/make_screenshots.py; 5 copies each)"
measure 3 coldoff  sh -c "rm -rf '$SWIPECLEAN_HOME' && exec '$CLEAN' scan '$TREE' --json --quiet --no-similar"
python3 - "${SECONDS_OF[cold]}" "${SECONDS_OF[coldoff]}" "${SECONDS_OF[warm]}" "${SECONDS_OF[find]}" "${RSS_OF[cold]}" <<'PY'
import sys
cold, coldoff, warm, find, rss = map(float, sys.argv[1:])
print(f"cold scan, similar on / --no-similar: {cold:.3f} s / {coldoff:.3f} s = {cold / coldoff:.2f}   (target <= 1.5)")
print(f"warm rescan / find floor (similar on): {warm / find:.2f}   (target <= 3)")
print(f"clean peak RSS, cold scan with similar photos: {int(rss) // 1024} MiB   (target <= 150 MiB at 100,000 files)")
PY
# Similar photos found (issue 30): on the tree's distinct generated photos (every group a false one),
# and on the labelled sets Benchmarks/make_similar_set.py makes from the real photos of
# Fixtures/corpus (seven kinds of copy, 56 distinct low-texture photos; the held-out set has other
# cuts and edit amounts, the thresholds were not chosen on it), imagehash's pHash side by side.
python3 - "$OUT/cold.out" "$(find "$TREE" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.heic' \) | wc -l)" <<'PY'
import json, sys
similar = json.load(open(sys.argv[1]))["similar"]
print(f"similar groups among the tree's {sys.argv[2]} distinct generated photos: {similar['groups']} groups, "
      f"{similar['files']} files, {similar['reclaimableBytes']} bytes 'reclaimable'   (target: 0, all would be false)")
PY
"$VENV/bin/python" "$here/Benchmarks/make_similar_set.py" "$WORK/similar-set" > /dev/null
"$VENV/bin/python" "$here/Benchmarks/make_similar_set.py" "$WORK/similar-held-out" --held-out > /dev/null
echo; echo "similar photos, the set (Benchmarks/make_similar_set.py; target: recall >= 0.95 at precision >= 0.98, no low-texture photo grouped):"
"$VENV/bin/python" "$here/Benchmarks/similar_eval.py" "$CLEAN" "$WORK/similar-set"
echo; echo "similar photos, the held-out set (make_similar_set.py --held-out):"
"$VENV/bin/python" "$here/Benchmarks/similar_eval.py" "$CLEAN" "$WORK/similar-held-out"
echo; echo "the copy suggested in each similar group (Benchmarks/keeper_eval.py; target: the original >= 95 % on the held-out set):"
echo "the set:"; "$VENV/bin/python" "$here/Benchmarks/keeper_eval.py" "$CLEAN" "$WORK/similar-set"
echo "the held-out set:"; "$VENV/bin/python" "$here/Benchmarks/keeper_eval.py" "$CLEAN" "$WORK/similar-held-out"
# Big groups (issue 53): bursts of 50 against bursts of 10 of the same scenes, and 20,000 photos in bursts of 250
# against as many in bursts of 10; seconds per file of each cold scan, and their ratio.
echo; echo "big similar groups (Benchmarks/big_groups.py; targets: groups of 50 <= 1.3x, groups of 250 <= 2x per file):"
"$VENV/bin/python" "$here/Benchmarks/big_groups.py" "$CLEAN" --photos 2000 --big 50
"$VENV/bin/python" "$here/Benchmarks/big_groups.py" "$CLEAN" --photos 20000 --big 250 --same-count
# ---- end of similar photos -----------------------------------------------------------------
# ---- bad shots (issue 39) -------------------------------------------------------------------
# Benchmarks/make_quality_set.py makes two sets from real photos (Fixtures/corpus, skimage.data, plasma and
# mate-backgrounds' photographs when present): the limits were chosen on the tune set; the held-out set
# is made from the other photos with other degradation amounts, sizes and JPEG qualities.
# Targets (held-out): >= 90 % of bad shots flagged, each kind >= 80 %, <= 2 % of good photos flagged.
if "$VENV/bin/python" -c 'import numpy' 2> /dev/null; then
  "$VENV/bin/python" "$here/Benchmarks/make_quality_set.py" "$WORK/quality-tune" --split tune > /dev/null
  "$VENV/bin/python" "$here/Benchmarks/make_quality_set.py" "$WORK/quality-held-out" --split heldout > /dev/null
  echo; echo "bad shots, the tune set (Benchmarks/make_quality_set.py --split tune):"
  python3 "$here/Benchmarks/quality_bench.py" "$CLEAN" "$WORK/quality-tune"
  echo; echo "bad shots, the held-out set (--split heldout; target >= 90 % flagged, each kind >= 80 %, <= 2 % good flagged):"
  python3 "$here/Benchmarks/quality_bench.py" "$CLEAN" "$WORK/quality-held-out"
  # Dark frames (issue 48): frames darkened by four rules with a few brighter pixels, pocket shots with and without a
  # glow, night scenes with real lights, low-key, concert and candle-lit photos; the limits were chosen on the tune
  # split; the held-out split adds rules they never saw (a tone curve, a Gaussian lamp, heavy-tailed noise). Same
  # targets, each rule reported.
  "$VENV/bin/python" "$here/Benchmarks/make_dark_set.py" "$WORK/dark-tune" --split tune > /dev/null
  "$VENV/bin/python" "$here/Benchmarks/make_dark_set.py" "$WORK/dark-held-out" --split heldout > /dev/null
  echo; echo "dark frames and night scenes, the tune photos (Benchmarks/make_dark_set.py --split tune):"
  python3 "$here/Benchmarks/quality_bench.py" "$CLEAN" "$WORK/dark-tune" --by-rule
  echo; echo "dark frames and night scenes, the held-out photos (--split heldout; each rule >= 80 %, <= 2 % good flagged):"
  python3 "$here/Benchmarks/quality_bench.py" "$CLEAN" "$WORK/dark-held-out" --by-rule
fi
# ---- similar videos (issue 51) --------------------------------------------------------------
# Benchmarks/make_video_set.py makes the set from real photos and the corpus's camera clips (originals with
# messenger, HEVC, trimmed, 30 fps and cloud copies, clips sharing only their first 4 s); the held-out draw,
# from the Plasma wallpapers and opencv-doc's real videos with another seed, when opencv-doc is installed.
# video_eval.py prints recall and precision of the true pairs and the cold scan against the set's playing
# time (ffprobe's durations: the floor any tool that plays the videos pays), and on the tune set ffmpeg's own
# decode floor on the same files (keyframes only, every frame) beside the scan's CPU. Targets: recall >= 0.90,
# precision >= 0.98, playing / cold scan >= 20. BENCH_VIDEO_SETS=DIR keeps the sets between runs (they take
# minutes to encode).
if command -v ffmpeg > /dev/null; then
  VIDEO_SETS=${BENCH_VIDEO_SETS:-$WORK/video-sets}
  [ -f "$VIDEO_SETS/tune/labels.json" ] || python3 "$here/Benchmarks/make_video_set.py" "$VIDEO_SETS/tune" 2> /dev/null
  echo; echo "similar videos, the tune set (Benchmarks/make_video_set.py; cold scans: median of 3):"
  python3 "$here/Benchmarks/video_eval.py" "$CLEAN" "$VIDEO_SETS/tune" --repeat 3 --floor
  if [ -d /usr/share/doc/opencv-doc/examples/data ]; then
    [ -f "$VIDEO_SETS/held-out/labels.json" ] || python3 "$here/Benchmarks/make_video_set.py" "$VIDEO_SETS/held-out" --held-out 2> /dev/null
    echo; echo "similar videos, the held-out set (make_video_set.py --held-out):"
    python3 "$here/Benchmarks/video_eval.py" "$CLEAN" "$VIDEO_SETS/held-out"
  else
    echo "similar videos, the held-out set: skipped (its real videos come from Debian's opencv-doc: apt-get install opencv-doc)"
  fi
fi
