#!/usr/bin/env python3
"""Makes Fixtures/burst: three frames of one moment, as a phone's burst takes them, from the corpus's Sony Ericsson U10i photo.

    python3 Fixtures/make-burst.py

The photo shrunk to a short side of 1,100 px (Lanczos: a burst frame a phone keeps is bigger still; over 1,024 px
the fingerprint decodes it at 1/8, as it does a phone's photo); each frame a 1,060-px-high window of it moved 12 px further
right and 6 px further down than the last (the hand moved); the third frame out of focus (a gaussian blur of 6 px,
0.57 % of its short side: its focus 34 % of the sharp frames', yet on its own neither its focus nor its frame's smear
calls it blurry; a blur of 8 px would: its frame is smeared). The photo is one no file of Fixtures/quality is made
from, so the burst is a similar group of its own. JPEG quality 85.
"""
import os
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
photo = Image.open(os.path.join(HERE, "corpus/media/Sony Ericsson U10i.jpg")).convert("RGB")
w, h = photo.size
scale = 1100 / min(w, h)
photo = photo.resize((round(w * scale), round(h * scale)), Image.LANCZOS)
width, height = photo.size[0] - 40, photo.size[1] - 40
os.makedirs(os.path.join(HERE, "burst"), exist_ok=True)
for number, (moved, blur) in enumerate([(0, 0), (12, 0), (36, 6)], start=1):
    frame = photo.crop((moved, moved // 2, moved + width, moved // 2 + height))
    if blur:
        frame = frame.filter(ImageFilter.GaussianBlur(blur))
    frame.save(os.path.join(HERE, "burst", f"frame-{number}.jpg"), quality=85)
