#!/usr/bin/env python3
"""Checks clean's answers against the reference tools' on the benchmark tree.

usage: compare.py ITEMS_JSONL JDUPES_TXT [EXIFTOOL_JSON]
Prints whether the duplicate groups equal jdupes' and how many capture dates equal exiftool's
(without EXIFTOOL_JSON, the dates are not compared). Exits 1 when either disagrees. The items are
read line by line, keeping only what is compared: a million of them fit in memory.
"""
import json
import os
import sys


def clean_groups(groups):
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
    reference = exif_dates(sys.argv[3]) if len(sys.argv) > 3 else None
    groups, dates = {}, {}
    with open(sys.argv[1], encoding="utf-8", errors="surrogateescape") as lines:
        for line in lines:
            item = json.loads(line)
            path = os.fsencode(item["path"])
            if item["duplicateGroup"] is not None:
                groups.setdefault(item["duplicateGroup"], set()).add(path)
            if reference is not None and path in reference:
                dates[path] = item["capturedAt"] or ""
    ours, theirs = clean_groups(groups), jdupes_groups(sys.argv[2])
    same_groups = ours == theirs
    print(f"duplicate groups: clean {len(ours)}, jdupes {len(theirs)}: {'identical' if same_groups else 'DIFFERENT'}")
    if not same_groups:
        for g in list(ours - theirs)[:3]:
            print("  only clean:", sorted(g))
        for g in list(theirs - ours)[:3]:
            print("  only jdupes:", sorted(g))
    if reference is None:
        sys.exit(0 if same_groups else 1)
    agree = sum(1 for p, d in reference.items() if dates.get(p, "").startswith(d))
    print(f"capture dates: {agree} of {len(reference)} files with an EXIF/QuickTime date agree with exiftool")
    sys.exit(0 if same_groups and agree == len(reference) else 1)


if __name__ == "__main__":
    main()
