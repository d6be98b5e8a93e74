#!/usr/bin/env python3
"""How often clean's capture date agrees with exiftool's, file by file, on real folders.

usage: Scripts/date-agreement.py CLEAN DIR... [--show-misses]
Scans the folders into a throw-away SWIPECLEAN_HOME, lists the items, runs exiftool on the same
files, and compares. exiftool's answer is the first of EXIF DateTimeOriginal (+ OffsetTimeOriginal),
EXIF CreateDate, EXIF ModifyDate, XMP DateTimeOriginal, DateCreated, CreateDate, DateTimeDigitized,
QuickTime Keys CreationDate, QuickTime CreateDate, that is a real date from 1970 to now. A file
agrees when clean gives that date to the second from an embedded source (exif, xmp, quicktime),
or, when exiftool finds no embedded date, when clean falls back (sidecar, file name, mtime).
Files exiftool refuses ("JPEG format error" and the like: it then reads none of their tags) are
counted apart, not as agreements or misses. Prints the agreement by file type.
"""
import collections
import datetime
import json
import os
import subprocess
import sys
import tempfile

ORDER = ["EXIF:DateTimeOriginal", "EXIF:CreateDate", "EXIF:ModifyDate", "XMP:DateTimeOriginal", "XMP:DateCreated",
         "XMP:CreateDate", "XMP:DateTimeDigitized", "QuickTime:CreationDate", "QuickTime:CreateDate"]
NOW = datetime.datetime.now().strftime("%Y-%m-%d")


def reference(tags):
    for key in ORDER:
        value = tags.get(key)
        if not isinstance(value, str) or len(value) < 10:
            continue
        date = value[:10].replace(":", "-")
        time = value[11:19] if len(value) >= 19 else "00:00:00"
        try:
            year, month, day = int(date[:4]), int(date[5:7]), int(date[8:10])
            datetime.date(year, month, day)
        except ValueError:
            continue
        if year >= 1970 and date <= NOW:
            return f"{date}T{time}", key
    return None, None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    clean, folders = args[0], args[1:]
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=home)
        subprocess.run([clean, "scan", *folders, "--quiet", "--no-similar", "--json"], env=env, check=True, stdout=subprocess.DEVNULL)
        items = subprocess.run([clean, "items", "--json"], env=env, check=True, capture_output=True).stdout
    ours = {}
    for line in items.decode("utf-8", "surrogateescape").splitlines():
        item = json.loads(line)
        ours[os.fsencode(item["path"])] = item
    exif = subprocess.run(["exiftool", "-j", "-a", "-G0", "-r", "-q", "-q", "-m", "-time:all", "-FileType", "-Warning", "-Error", *folders],
                          capture_output=True).stdout
    by_type = collections.defaultdict(lambda: [0, 0])
    misses, refused = [], []
    for tags in json.loads(exif or b"[]"):
        path = os.fsencode(os.path.abspath(tags["SourceFile"]))
        item = ours.get(path)
        if item is None:
            continue
        problem = tags.get("ExifTool:Error") or tags.get("ExifTool:Warning") or ""
        if "format error" in problem or tags.get("ExifTool:Error"):
            refused.append(f"  {tags['SourceFile']}: exiftool: {problem}; clean {item.get('capturedAt')} ({item['dateSource']})")
            continue
        expected, tag = reference(tags)
        got = item.get("capturedAt") or ""
        if expected:
            agree = item["dateSource"] in ("exif", "xmp", "quicktime") and got[:19] == expected
        else:
            agree = item["dateSource"] in ("sidecar", "filename", "mtime")
        kind = tags.get("File:FileType", "?")
        by_type[kind][0] += agree
        by_type[kind][1] += 1
        if not agree:
            misses.append(f"  {tags['SourceFile']}: exiftool {expected} ({tag}), clean {got} ({item['dateSource']})")
    total = [sum(v[0] for v in by_type.values()), sum(v[1] for v in by_type.values())]
    for kind, (agree, count) in sorted(by_type.items()):
        print(f"{kind:10} {agree:5} of {count:5} agree")
    print(f"{'all':10} {total[0]:5} of {total[1]:5} agree ({100 * total[0] / max(total[1], 1):.1f} %)")
    print(f"not compared: {len(refused)} files exiftool refuses")
    if "--show-misses" in sys.argv:
        print("\n".join(misses + refused))


if __name__ == "__main__":
    main()
