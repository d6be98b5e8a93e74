#!/usr/bin/env python3
"""Scores similar videos on a set make_video_set.py made, and times the cold scan against playing the set.

Runs `clean scan FOLDER` into an empty home (the cold scan: every video's frames sampled), then `clean items
--json`; two videos are found together when they share a `similarGroup`. Over all pairs of videos: recall of
the true pairs (an original and its copies, and the copies among themselves), precision (no pair across
groups: an intro-sharing clip grouped with the clip it shares its intro with is a false pair). Per kind of
copy: how many landed in their original's group. The speed: the set's playing time (the sum of ffprobe's
durations: what playing every video end to end takes, the floor any tool that watches them pays) over the
cold scan's wall time, the target being 20 or more; the scan's CPU time is shown beside it.

`--floor` also measures ffmpeg's decode floor on the same files, one ffmpeg at a time with one thread, frames
decoded to nothing: only the keyframes (`-skip_frame nokey`: the least any tool that looks at frames decodes),
and every frame (what playing the set decodes); the scan's CPU time is given as a ratio to each.

usage: video_eval.py CLEAN FOLDER [--repeat N] [--floor]    (the scan is run N times, default 1; the median is kept)
"""
import collections
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def playing_seconds(folder, files):
    total = 0.0
    for name in files:
        out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                              os.path.join(folder, name)], capture_output=True, text=True).stdout.strip()
        total += float(out) if out not in ("", "N/A") else 0.0
    return total


def decode_seconds(folder, files, *skip):
    """CPU seconds of ffmpeg decoding each file to nothing (one thread; `skip`: which frames it leaves undecoded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for name in files:
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-threads", "1", *skip, "-i", os.path.join(folder, name),
                        "-map", "0:v:0", "-f", "null", "-"], capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def scan(clean, folder):
    """(groups by file, wall seconds, CPU seconds of clean and its ffmpegs, the scan's JSON)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        out = subprocess.run([clean, "scan", folder, "--json", "--quiet"], env=env, check=True, capture_output=True, text=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        report = json.loads(out.stdout)
        items = subprocess.run([clean, "items", "--json"], env=env, check=True, capture_output=True, text=True).stdout
    groups = {}
    for line in items.splitlines():
        item = json.loads(line)
        if item["kind"] == "video" and item.get("similarGroup") is not None:
            groups[os.path.relpath(item["path"], os.path.realpath(folder))] = item["similarGroup"]
    return groups, wall, cpu, report


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    clean, folder = os.path.abspath(sys.argv[1]), sys.argv[2]
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
    labels = json.load(open(os.path.join(folder, "labels.json")))
    files = sorted(labels)
    runs = [scan(clean, folder) for _ in range(repeat)]
    groups, _, _, report = runs[-1]
    wall = statistics.median(r[1] for r in runs)
    cpu = statistics.median(r[2] for r in runs)

    def together(a, b):
        return a in groups and groups.get(a) == groups.get(b)

    tp = fn = fp = 0
    false_pairs, missed = [], []
    found, total = collections.Counter(), collections.Counter()
    for a, b in itertools.combinations(files, 2):
        same = labels[a]["group"] == labels[b]["group"]
        hit = together(a, b)
        if same:
            tp += hit
            fn += not hit
            if not hit:
                missed.append((a, b))
        elif hit:
            fp += 1
            false_pairs.append((a, b, labels[a]["kind"], labels[b]["kind"]))
    for name, label in labels.items():
        if label["kind"] not in ("original", "intro"):
            total[label["kind"]] += 1
            found[label["kind"]] += together(name, label["of"])
    intros = [n for n, label in labels.items() if label["kind"] == "intro"]
    intro_grouped = sum(together(n, labels[n]["of"]) for n in intros)
    play = playing_seconds(folder, files)
    print(f"set: {folder}: {len(files)} videos, {len(set(l['group'] for l in labels.values()))} groups, "
          f"{len(intros)} intro-sharing clips, {play:.0f} s of playing time")
    print(f"pairs: {tp + fn} true, {tp} found, {fp} false: recall {tp / max(1, tp + fn):.3f}, precision {tp / max(1, tp + fp):.3f}")
    print("copies found with their original: " + ", ".join(f"{k} {found[k]}/{total[k]}" for k in sorted(total)))
    print(f"intro-sharing clips grouped with the clip they share it with: {intro_grouped} of {len(intros)}")
    videos = report.get("videosCompared", {})
    print(f"videos fingerprinted: {videos.get('fingerprinted')}, without a fingerprint: {videos.get('withoutFingerprint')}, "
          f"not compared: {videos.get('notCompared')}")
    print(f"cold scan: {wall:.2f} s wall ({cpu:.2f} s CPU, clean and its ffmpegs); playing the set: {play:.0f} s; "
          f"playing / cold scan = {play / wall:.1f}x (target >= 20x), per CPU second {play / max(cpu, 1e-9):.1f}x; {os.cpu_count()} cores")
    if "--floor" in sys.argv:
        keyframes, every = decode_seconds(folder, files, "-skip_frame", "nokey"), decode_seconds(folder, files)
        print(f"ffmpeg's decode floor (CPU, one thread): keyframes only {keyframes:.2f} s, every frame {every:.2f} s; "
              f"the cold scan's CPU is {cpu / max(keyframes, 1e-9):.1f}x the keyframes' and {cpu / max(every, 1e-9):.2f}x every frame's")
    for a, b, ka, kb in false_pairs:
        print(f"  false pair: {a} ({ka}) ~ {b} ({kb})")
    for a, b in missed:
        print(f"  missed: {a} ({labels[a]['kind']}) ~ {b} ({labels[b]['kind']})")


if __name__ == "__main__":
    main()
