#!/usr/bin/env python3
"""Turned and mirrored copies of a real phone photo for the similar-photo tests (Tests/LibraryTests/TurnedCopyTests):

turned/original.jpg      Fixtures/similar/nexus4/original.jpg (the Nexus 4 photo of the corpus at 320 px), as it is
turned/rot90.jpg, rot180.jpg, rot270.jpg, mirrored.jpg, flipped.jpg, transposed.jpg, transversed.jpg
                         the same pixels turned or mirrored (a phone that saved its rotation into the pixels, a mirrored
                         selfie, a scan fed in sideways), saved again at JPEG quality 90.

Run from the repository's root: python3 Fixtures/make-turned.py (needs Pillow; the result is committed).
"""
import os
import shutil

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
TURNS = {"rot90": Image.Transpose.ROTATE_90, "rot180": Image.Transpose.ROTATE_180, "rot270": Image.Transpose.ROTATE_270,
         "mirrored": Image.Transpose.FLIP_LEFT_RIGHT, "flipped": Image.Transpose.FLIP_TOP_BOTTOM,
         "transposed": Image.Transpose.TRANSPOSE, "transversed": Image.Transpose.TRANSVERSE}


def main():
    source = os.path.join(HERE, "similar", "nexus4", "original.jpg")
    out = os.path.join(HERE, "turned")
    os.makedirs(out, exist_ok=True)
    shutil.copyfile(source, os.path.join(out, "original.jpg"))
    image = Image.open(source).convert("RGB")
    for name, turn in TURNS.items():
        image.transpose(turn).save(os.path.join(out, name + ".jpg"), quality=90)


if __name__ == "__main__":
    main()
