#!/usr/bin/env python3
"""Dark frames and night scenes made from real phone photos (corpus/media) for the dark-frame tests
(Tests/ImagingTests/DarkFrameTests), by the rules of Benchmarks/make_dark_set.py:

dark/dim-lamp.jpg     the Samsung Galaxy S4 photo at 600 px, 4 stops darker (its 8-bit values over 16), with a dim lamp
                      (a soft disc of 1.2 to 3 % of the frame) lifting its brightest 1 % to 12 to 18 % grey. Nothing
                      shows: dark, though its highlights (99.9th percentile) are brighter than the old limit of 32.
dark/dim-edge.jpg     the Nexus 4 photo at 600 px, 6 stops darker in linear light, with a lit screen's edge along one
                      side lifting its brightest 1 % to 12 to 18 % grey. Dark.
dark/night-stars.jpg  the Apple iPhone 5 photo at 600 px, darkened, with stars of one to three pixels in its upper half:
                      a starry night, kept. On the fingerprint's decode (128 px) its stars fall to a dim lamp's level;
                      counted on a decode of at least 512 px they are lights.
dark/night-lamps.jpg  the HTC One photo at 600 px, darkened, with street lamps (a clipped core, a halo, a pool of light
                      below): kept.

Run from the repository's root: python3 Fixtures/make-dark.py (needs Pillow and numpy; the result is committed).
"""
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Benchmarks"))
from make_dark_set import from_linear, lifted, night, to_linear  # noqa: E402
from make_quality_set import arr, fit, img  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def photo(name):
    return fit(Image.open(os.path.join(HERE, "corpus", "media", name)).convert("RGB"), 600)


def save(picture, name):
    os.makedirs(os.path.join(HERE, "dark"), exist_ok=True)
    img(picture).save(os.path.join(HERE, "dark", name), quality=90)


def main():
    rng = np.random.default_rng(48)
    save(lifted(arr(photo("Samsung GT-I9505 (Galaxy S4).jpg")) / 16, "lamp", rng), "dim-lamp.jpg")
    save(lifted(from_linear(to_linear(arr(photo("Nexus 4.jpg"))) / 64), "edge", rng), "dim-edge.jpg")
    save(night(photo("Apple iPhone 5.jpg"), "stars", rng, None), "night-stars.jpg")
    save(night(photo("HTC One.jpg"), "lamps", rng, None), "night-lamps.jpg")


if __name__ == "__main__":
    main()
