#!/usr/bin/env python3
"""Turned and mirrored copies (issue 48): each real photo at a long side of 1,600 px (stamped with one camera's EXIF)
beside three copies of it turned or mirrored in their pixels (90°, 180°, 270°, mirrored, flipped, transposed,
transversed: three of the seven drawn per photo), each saved again at JPEG quality 90 with the same EXIF, as a phone
that saved its rotation into the pixels, a mirrored selfie or a scan fed in sideways would; and make_similar_set.py's
56 distinct low-texture photos, none of which may be grouped. `Benchmarks/similar_eval.py CLEAN FOLDER` scores it.

    make_turned_set.py FOLDER [--split tune|heldout]

`tune`: the phone photos of Fixtures/corpus and mate-backgrounds' nature photographs (seed 48); `heldout`:
plasma-workspace-wallpapers' photographs and mate-backgrounds' Elephants (seed 49), never looked at while the turned
hashes' distance was chosen.
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_keeper_set import sources  # noqa: E402
from make_similar_set import exif_for, low_texture  # noqa: E402

TURNS = {"rot90": Image.Transpose.ROTATE_90, "rot180": Image.Transpose.ROTATE_180, "rot270": Image.Transpose.ROTATE_270,
         "mirrored": Image.Transpose.FLIP_LEFT_RIGHT, "flipped": Image.Transpose.FLIP_TOP_BOTTOM,
         "transposed": Image.Transpose.TRANSPOSE, "transversed": Image.Transpose.TRANSVERSE}


def main():
    folder = sys.argv[1]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    rng = np.random.default_rng(48 if split == "tune" else 49)
    os.makedirs(folder, exist_ok=True)
    labels = {}
    epoch = 1_600_000_000
    photos = []
    for name, path in sources(split):
        image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        image.thumbnail((1600, 1600), Image.LANCZOS)
        photos.append(image)
        epoch += 600
        exif = exif_for(epoch, name[:30])
        image.save(os.path.join(folder, f"{name}-original.jpg"), quality=92, exif=exif)
        labels[f"{name}-original.jpg"] = [name, "original"]
        for kind in rng.choice(sorted(TURNS), 3, replace=False):
            image.transpose(TURNS[kind]).save(os.path.join(folder, f"{name}-{kind}.jpg"), quality=90, exif=exif)
            labels[f"{name}-{kind}.jpg"] = [name, str(kind)]
    for name, image in low_texture(rng, photos):
        epoch += 600
        image.save(os.path.join(folder, f"low-{name}.jpg"), "JPEG", quality=88, exif=exif_for(epoch, "SwipeClean"))
        labels[f"low-{name}.jpg"] = [f"low-{name}", "flat"]
    with open(os.path.join(folder, "labels.json"), "w") as out:
        json.dump(labels, out, indent=0, sort_keys=True)
    print(f"{folder}: {len(photos)} photos with three turned or mirrored copies each, low-texture photos ({split})")


if __name__ == "__main__":
    main()
