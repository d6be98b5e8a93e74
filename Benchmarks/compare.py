#!/usr/bin/env python3
"""Checks clean's answers against the reference tools' on the benchmark tree.

usage: compare.py ITEMS_JSONL JDUPES_TXT EXIFTOOL_JSON
Prints whether the duplicate groups equal jdupes' and how many capture dates equal exiftool's.
Exits 1 when either disagrees.
"""
import json
import os
import sys


def clean_groups(items):
    groups = {}
    for item in items:
        if item["duplicateGroup"] is not None:
            groups.setdefault(item["duplicateGroup"], set()).add(os.fsencode(item["path"]))
    return {frozenset(g) for g in groups.values()}


def jdupes_groups(path):
    groups, current = set(), set()
    with open(path, "rb") as f:
        for line in f.read().split(b"\n"):
            if line:
                current.add(line)
            elif current:
                groups.add(frozenset(current))
                current = set()
    if current:
        groups.add(frozenset(current))
    return groups


def exif_dates(path):
    dates = {}
    for entry in json.load(open(path)):
        value = entry.get("DateTimeOriginal") or entry.get("CreateDate")
        if value and not value.startswith("0000"):
            date, time = value.split(" ")[:2]
            dates[os.fsencode(entry["SourceFile"])] = date.replace(":", "-") + "T" + time[:8]
    return dates


def main():
    items = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8", errors="surrogateescape")]
    ours, theirs = clean_groups(items), jdupes_groups(sys.argv[2])
    same_groups = ours == theirs
    print(f"duplicate groups: clean {len(ours)}, jdupes {len(theirs)}: {'identical' if same_groups else 'DIFFERENT'}")
    if not same_groups:
        for g in list(ours - theirs)[:3]:
            print("  only clean:", sorted(g))
        for g in list(theirs - ours)[:3]:
            print("  only jdupes:", sorted(g))
    reference = exif_dates(sys.argv[3])
    by_path = {os.fsencode(item["path"]): item for item in items}
    agree = sum(1 for p, d in reference.items() if p in by_path and (by_path[p]["capturedAt"] or "").startswith(d))
    print(f"capture dates: {agree} of {len(reference)} files with an EXIF/QuickTime date agree with exiftool")
    sys.exit(0 if same_groups and agree == len(reference) else 1)


if __name__ == "__main__":
    main()
