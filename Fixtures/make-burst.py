#!/usr/bin/env python3
"""Makes Fixtures/burst: three frames of one moment, as a phone's burst takes them, from the corpus's Sony Ericsson U10i photo.

    python3 Fixtures/make-burst.py

The photo shrunk to a short side of 360 px (Lanczos); each frame a 346-px-high window of it, the second moved 4 px
right and 2 px down from the first, the third 8 px and 4 px further (the hand moved); the third frame out of focus (a gaussian blur of 2.6 px, 0.75 % of
its short side: its focus 36 % of the sharp frames', yet on its own neither its focus nor its frame's smear calls it
blurry). Under 384 px, so its fine frame (192 px) is not measured: a burst of 1,100-px frames blurred as much (6 px) is
found by its own fine frame's smear (0.51), and no longer tests the neighbour rule. The photo is one no file of
Fixtures/quality is made from, so the burst is a similar group of its own. JPEG quality 85.
"""
import os
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
photo = Image.open(os.path.join(HERE, "corpus/media/Sony Ericsson U10i.jpg")).convert("RGB")
w, h = photo.size
scale = 360 / min(w, h)
photo = photo.resize((round(w * scale), round(h * scale)), Image.LANCZOS)
width, height = photo.size[0] - 14, photo.size[1] - 14
os.makedirs(os.path.join(HERE, "burst"), exist_ok=True)
for number, (moved, blur) in enumerate([(0, 0), (4, 0), (12, 2.6)], start=1):
    frame = photo.crop((moved, moved // 2, moved + width, moved // 2 + height))
    if blur:
        frame = frame.filter(ImageFilter.GaussianBlur(blur))
    frame.save(os.path.join(HERE, "burst", f"frame-{number}.jpg"), quality=85)
