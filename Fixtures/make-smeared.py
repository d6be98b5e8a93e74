#!/usr/bin/env python3
"""Four copies of real phone photos (corpus/media) for the smeared-frame and shaken tests (Tests/ImagingTests/BadShotTests):

quality/blurry-smeared.jpg  the Nexus 4 photo at 800 px, shaken: a vertical smear of 6 % of its short side over
                            the whole frame. Its sharpest tiles stay sharp (focus 1.9), so only the frame's smear
                            finds it.
quality/good-panned.jpg     the HTC One photo at 800 px with its lower half smeared sideways by as much: a photo
                            panned on purpose under a still sky (one thing moved, not the camera). Kept.
quality/blurry-shaken.jpg   the HTC Desire photo (776 px) shaken by 32 px at 70°: soft (focus 1.1) with its edges
                            fainter along the motion, though not all of them run one way: the shaken rule finds it.
quality/blurry-shortshake.jpg  the Apple iPhone 5 photo at 800 px shaken by 2.5 % (20 px) at 100°: too short for the
                            frame's smear at 128 px, found by the fine frame's (192 px).

Run from the repository's root: python3 Fixtures/make-smeared.py (needs Pillow and numpy; the result is committed).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Benchmarks"))
from make_quality_set import arr, fit, img, motion  # noqa: E402
from PIL import Image  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def photo(name):
    return fit(Image.open(os.path.join(HERE, "corpus", "media", name)).convert("RGB"), 800)


def main():
    out = os.path.join(HERE, "quality")
    shaken = photo("Nexus 4.jpg")
    motion(shaken, 0.06 * 800, 90).save(os.path.join(out, "blurry-smeared.jpg"), quality=85)
    panned = photo("HTC One.jpg")
    a = arr(panned)
    half = a.shape[0] // 2
    a[half:] = arr(motion(panned, 0.06 * 800, 0))[half:]
    img(a).save(os.path.join(out, "good-panned.jpg"), quality=85)
    motion(photo("HTC Desire.jpg"), 0.04 * 800, 70).save(os.path.join(out, "blurry-shaken.jpg"), quality=85)
    motion(photo("Apple iPhone 5.jpg"), 0.025 * 800, 100).save(os.path.join(out, "blurry-shortshake.jpg"), quality=85)


if __name__ == "__main__":
    main()
