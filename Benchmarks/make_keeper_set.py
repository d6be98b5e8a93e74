#!/usr/bin/env python3
"""The soft re-save set (issue 48): each real photo as its camera or author saved it, beside a copy of the same
capture that an editor exported a little softer: blurred by 1/450 of its long side (Gaussian), saved at JPEG quality
95 with the original's EXIF (so the copy has the higher quality and the same metadata). One group per photo; the
keep rule should suggest the original. `Benchmarks/keeper_eval.py CLEAN FOLDER` scores it (labels.json: kinds
`original` and `soft`).

    make_keeper_set.py FOLDER [--split tune|heldout]

The `tune` photos are the ones the softness limit was chosen on: the phone photos of Fixtures/corpus and
mate-backgrounds' nature photographs. The `heldout` photos were never looked at while choosing it: the photographs
of plasma-workspace-wallpapers (each theme's largest JPEG) and mate-backgrounds' Elephants.
"""
import glob
import json
import os
import shutil
import sys

from PIL import Image, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources(split):
    if split == "tune":
        paths = sorted(glob.glob(os.path.join(ROOT, "Fixtures/corpus/media/*.jpg")))
        paths += sorted(glob.glob("/usr/share/backgrounds/mate/nature/*.jpg"))
        return [(os.path.splitext(os.path.basename(p))[0].replace(" ", "_"), p) for p in paths if "Depth" not in p]
    out = []
    for theme in sorted(glob.glob("/usr/share/wallpapers/*/contents/images")):
        jpegs = sorted(glob.glob(os.path.join(theme, "*.jpg")), key=os.path.getsize)
        if jpegs:
            out.append((theme.split("/")[-3], jpegs[-1]))
    out += [("Elephants", p) for p in glob.glob("/usr/share/backgrounds/mate/abstract/Elephants.jpg")]
    return out


def main():
    folder = sys.argv[1]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    os.makedirs(folder, exist_ok=True)
    labels = {}
    for name, path in sources(split):
        image = Image.open(path)
        exif = image.info.get("exif")
        original = f"{name}-original.jpg"
        shutil.copyfile(path, os.path.join(folder, original))
        soft = image.convert("RGB").filter(ImageFilter.GaussianBlur(max(image.size) / 450))
        copy = f"{name}-soft.jpg"
        soft.save(os.path.join(folder, copy), quality=95, **({"exif": exif} if exif else {}))
        stat = os.stat(path)
        for file in (original, copy):   # one file time: the order they were written in says nothing
            os.utime(os.path.join(folder, file), (stat.st_mtime, stat.st_mtime))
        labels[original] = [name, "original"]
        labels[copy] = [name, "soft"]
    with open(os.path.join(folder, "labels.json"), "w") as out:
        json.dump(labels, out, indent=0, sort_keys=True)
    print(f"{folder}: {len(labels) // 2} photos, each with its soft re-save ({split})")


if __name__ == "__main__":
    main()
