#!/usr/bin/env python3
"""Makes Fixtures/burst: three frames of one moment, as a phone's burst takes them, from the corpus's Nexus 4 photo.

    python3 Fixtures/make-burst.py

The photo shrunk to a short side of 1,100 px (Lanczos: a burst frame a phone keeps is bigger still; over 1,024 px
the fingerprint decodes it at 1/8, as it does a phone's photo); each frame a 1,060-px-high window of it moved 12 px further
right and 6 px further down than the last (the hand moved); the third frame out of focus (a gaussian blur of 8 px,
0.75 % of its short side). JPEG quality 85.
"""
import os
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
photo = Image.open(os.path.join(HERE, "corpus/media/Nexus 4.jpg")).convert("RGB")
w, h = photo.size
scale = 1100 / min(w, h)
photo = photo.resize((round(w * scale), round(h * scale)), Image.LANCZOS)
width, height = photo.size[0] - 40, photo.size[1] - 40
os.makedirs(os.path.join(HERE, "burst"), exist_ok=True)
for number, (moved, blur) in enumerate([(0, 0), (12, 0), (36, 8)], start=1):
    frame = photo.crop((moved, moved // 2, moved + width, moved // 2 + height))
    if blur:
        frame = frame.filter(ImageFilter.GaussianBlur(blur))
    frame.save(os.path.join(HERE, "burst", f"frame-{number}.jpg"), quality=85)
