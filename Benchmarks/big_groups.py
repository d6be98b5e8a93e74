#!/usr/bin/env python3
"""Big similar groups (issue 53): the same scenes scanned as bursts of many frames and as bursts of 10, so the cost of
a group's size shows per file. Each scene is a 320×240 window of a real phone photo (Fixtures/corpus); each frame of
its burst is that window shifted a pixel or two and saved again (one camera, one second apart). A cold `clean scan`
of each tree, into an empty home; the ratio is seconds per file of the big groups over seconds per file of groups of
10 (target: 2,000 photos in groups of 50 within 1.3×; 20,000 in groups of 250 within 2× of 20,000 in groups of 10).

    big_groups.py CLEAN [--photos 2000 --big 50] [--same-count]

--same-count: the groups of 10 hold as many photos as the big ones (20,000 in groups of 10: 2,000 scenes); without it
they hold the same scenes (the issue's first case: 40 scenes, 400 photos).
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arg(name, default):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def sources():
    return [Image.open(p).convert("RGB") for p in sorted(glob.glob(os.path.join(ROOT, "Fixtures/corpus/media/*.jpg")))
            if "Depth" not in p]


def scene(photos, k):
    """A distinct 320×240 window: photo k % n, at a place and scale of its own."""
    photo = photos[k % len(photos)]
    step = k // len(photos)
    w, h = photo.size
    scale = 0.25 + 0.5 * ((step * 7) % 13) / 13
    cw, ch = int(w * scale), int(w * scale * 0.75)
    ch = min(ch, h)
    x = (step * 97) % max(1, w - cw)
    y = (step * 61) % max(1, h - ch)
    return photo.crop((x, y, x + cw, y + ch)).resize((324, 244), Image.BILINEAR)


def tree(folder, photos, scenes, frames):
    from make_similar_set import exif_for
    epoch = 1_600_000_000
    for s in range(scenes):
        base = scene(photos, s)
        epoch += 3600
        for f in range(frames):
            dx, dy = f % 4, (f // 4) % 4
            base.crop((dx, dy, dx + 320, dy + 240)).save(
                os.path.join(folder, f"s{s:05d}-f{f:03d}.jpg"), quality=85 + f % 10, exif=exif_for(epoch + f, "Burst camera"))


def cold(clean, folder):
    """Seconds of a cold scan, and the similar groups it found."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        started = time.perf_counter()
        out = subprocess.run([clean, "scan", folder, "--quiet", "--json"], env=env, check=True, capture_output=True, text=True).stdout
        return time.perf_counter() - started, json.loads(out)["similar"]["groups"]


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    clean = os.path.abspath(sys.argv[1])
    count, big = arg("--photos", 2000), arg("--big", 50)
    small_count = count if "--same-count" in sys.argv else count // big * 10
    photos = sources()
    work = tempfile.mkdtemp(prefix="swipeclean-big-groups.")
    try:
        a, b = os.path.join(work, "big"), os.path.join(work, "ten")
        os.makedirs(a)
        os.makedirs(b)
        tree(a, photos, count // big, big)
        tree(b, photos, small_count // 10, 10)
        (big_seconds, big_groups), (ten_seconds, ten_groups) = cold(clean, a), cold(clean, b)
        per_big, per_ten = big_seconds / count, ten_seconds / small_count
        print(f"{count} photos in groups of {big}: {big_seconds:.2f} s ({per_big * 1000:.2f} ms a file, {big_groups} groups found); "
              f"{small_count} in groups of 10: {ten_seconds:.2f} s ({per_ten * 1000:.2f} ms a file, {ten_groups} groups); "
              f"ratio per file {per_big / per_ten:.2f}")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
