#!/usr/bin/env python3
"""Makes the evaluation set for similar photos from real photos: scenes, the copies a phone library
is full of, and low-texture photos that differ. Writes FOLDER/labels.json: {file: [scene, kind]}.

Scenes are real camera photos (Fixtures/corpus/media) and each quarter of the larger ones (the
quarters of one photo share light, colour and camera: the hardest distinct photos there are; they
are stamped two seconds apart, as shots taken one after the other). Each scene gets:

    original  the scene                                  burst    the next frame: panned 3 %, 10 % cropped, +1 s
    crop6     6 % cut off each side                      tilt2    turned 2° (and cropped to hide the corners)
    half      resized to half                            q40      recompressed at JPEG quality 40
    bright20  +20 % brightness                           png      converted to PNG (no metadata)
    soft      blurred by 1/450 of its long side, saved at quality 95 with the same EXIF (an edited export, softer)

The edited copies keep the capture time and the camera's EXIF (editors do; the PNG has none); the
burst frame is one second later. All copies of a scene share one file time (the order they were
written in is no hint of which is the original).
Low-texture photos (kind `flat`, one scene each, all distinct): flat colours, skies, gradients,
pages of text, dark pocket shots made from the real photos.

`--held-out` makes a second set the thresholds were not chosen on: the photos cut in six (3 × 2)
instead of four, other amounts for each edit (burst: panned 4 %, 8 % cropped, 2 s later; crop 5 % and
7 %; turned −2.5°; a third of the size; quality 30; +30 %), other low-texture photos (seed 31).

usage: make_similar_set.py FOLDER [CORPUS_MEDIA] [--held-out]   (needs Pillow and numpy)
"""
import json
import os
import re
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BASE_TIME = 1_600_000_000   # 2020-09-13; each scene a few minutes after the last


def stamp(epoch):
    import time
    return time.strftime("%Y:%m:%d %H:%M:%S", time.gmtime(epoch))


def exif_for(epoch, model):
    exif = Image.Exif()
    exif[0x010F] = "SwipeClean"
    exif[0x0110] = model
    exif[0x0132] = stamp(epoch)
    ifd = exif.get_ifd(0x8769)
    ifd[0x9003] = stamp(epoch)
    return exif.tobytes()


def window(image, left, top, width_fraction, height_fraction):
    w, h = image.size
    return image.crop((round(left * w), round(top * h), round((left + width_fraction) * w), round((top + height_fraction) * h)))


def tilt(image, degrees):
    """Turned by `degrees`, cropped to the largest centred window with no empty corner."""
    turned = image.rotate(degrees, resample=Image.BICUBIC)
    a = np.radians(abs(degrees))
    w, h = image.size
    keep = 1 / (np.cos(a) + np.sin(a) * max(w / h, h / w))
    return window(turned, (1 - keep) / 2, (1 - keep) / 2, keep, keep)


HELD_OUT = "--held-out" in sys.argv


def soft(image):
    """An edited export of the same capture, a little softer: blurred by 1/450 of its long side (saved at quality 95
    with the original's EXIF, below)."""
    return image.filter(ImageFilter.GaussianBlur(max(image.size) / 450))


def scenes(media):
    """(name, RGB image) for each real photo and each quarter (held out: sixth) of those at least 1,600 px wide."""
    out = []
    for name in sorted(os.listdir(media)):
        if not name.lower().endswith((".jpg", ".jpeg")):
            continue
        image = ImageOps.exif_transpose(Image.open(os.path.join(media, name))).convert("RGB")
        if min(image.size) < 200:
            continue
        stem = os.path.splitext(name)[0].replace(" ", "-")
        if image.width >= 1600 and HELD_OUT:
            for q, (left, top) in enumerate([(x / 3, y / 2) for y in range(2) for x in range(3)]):
                out.append((f"{stem}-s{q}", window(image, left, top, 1 / 3, 0.5), stem))
        elif image.width >= 1600:
            for q, (left, top) in enumerate([(0, 0), (0.5, 0), (0, 0.5), (0.5, 0.5)]):
                out.append((f"{stem}-q{q}", window(image, left, top, 0.5, 0.5), stem))
        else:
            out.append((stem, image, stem))
    for folder in ("img2927-heic", "img2929-heic", "cheers-heic"):   # the HEIC shots, upright, from Fixtures
        path = os.path.join(REPO, "Fixtures", "similar", folder, "original.jpg")
        out.append((folder, Image.open(path).convert("RGB"), folder))
    return out


def copies(scene):
    w, h = scene.size
    if HELD_OUT:
        return {
            "original": scene,
            "burst": window(scene, 0.0, 0.08, 0.92, 0.92) if w < h else window(scene, 0.04 + 0.04, 0.04, 0.92, 0.92),
            "crop6": window(scene, 0.05, 0.07, 0.88, 0.88),
            "tilt2": tilt(scene, -2.5),
            "half": scene.resize((w // 3, h // 3), Image.LANCZOS),
            "q40": scene,
            "bright20": ImageEnhance.Brightness(scene).enhance(1.3),
            "png": scene,
            "soft": soft(scene),
        }
    return {
        "original": scene,
        "burst": window(scene, 0.08, 0.05, 0.90, 0.90),
        "crop6": window(scene, 0.06, 0.06, 0.88, 0.88),
        "tilt2": tilt(scene, 2),
        "half": scene.resize((w // 2, h // 2), Image.LANCZOS),
        "q40": scene,
        "bright20": ImageEnhance.Brightness(scene).enhance(1.2),
        "png": scene,
        "soft": soft(scene),
    }


def text_page(rng, size):
    """A page of text as photographed: paper colour, a font size, margins, words of random lengths."""
    w, h = size
    paper = tuple(int(c) for c in rng.integers(200, 256, 3))
    page = Image.new("RGB", size, paper)
    draw = ImageDraw.Draw(page)
    font_size = int(rng.integers(18, 48))
    try:
        font = ImageFont.load_default(size=font_size)
    except TypeError:
        font = ImageFont.load_default()
    margin = int(rng.integers(40, 200))
    y = margin + int(rng.integers(0, 120))
    words = ["the", "photo", "library", "cleanup", "game", "keeps", "what", "matters", "and", "clears",
             "copies", "a", "burst", "of", "frames", "is", "not", "page", "text", "similar"]
    ink = tuple(int(c) for c in rng.integers(0, 80, 3))
    while y < h - margin:
        x = margin + (int(rng.integers(0, 60)) if rng.random() < 0.15 else 0)
        line_end = w - margin - int(rng.integers(0, w // 3 if rng.random() < 0.2 else 40))
        while True:
            word = " ".join(rng.choice(words) for _ in range(1))
            width = draw.textlength(word + " ", font=font)
            if x + width > line_end:
                break
            draw.text((x, y), word, fill=ink, font=font)
            x += width
        y += int(font_size * rng.uniform(1.2, 2.2))
        if rng.random() < 0.12:
            y += font_size * 2   # a paragraph break
    return page.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))


def low_texture(rng, real):
    """At least 50 distinct low-texture photos: (name, image)."""
    size = (1600, 1200)
    out = []
    for i, colour in enumerate([(220, 30, 30), (30, 60, 220), (10, 10, 10), (245, 245, 245), (40, 180, 60),
                                (240, 200, 40), (128, 128, 128), (120, 60, 160), (250, 150, 170), (20, 120, 120)]):
        noise = rng.normal(0, 2.5, (size[1], size[0], 3))
        out.append((f"flat{i}", Image.fromarray(np.clip(np.array(colour) + noise, 0, 255).astype(np.uint8))))
    for i in range(12):   # skies: a vertical gradient of blues, greys or dusk colours, soft clouds
        top = rng.integers(0, 256, 3)
        bottom = np.clip(top + rng.integers(-80, 80, 3), 0, 255)
        t = np.linspace(0, 1, size[1])[:, None, None]
        sky = top * (1 - t) + bottom * t + np.zeros((1, size[0], 1))
        clouds = Image.fromarray(rng.integers(0, 256, (12, 16), dtype=np.uint8)).resize(size, Image.BICUBIC)
        sky += (np.array(clouds, dtype=float)[:, :, None] - 128) * rng.uniform(0, 0.15)
        out.append((f"sky{i}", Image.fromarray(np.clip(sky + rng.normal(0, 2, sky.shape), 0, 255).astype(np.uint8))))
    for i in range(8):   # gradients in any direction
        angle = rng.uniform(0, 2 * np.pi)
        ys, xs = np.mgrid[0:size[1], 0:size[0]] / size[0]
        t = (np.cos(angle) * xs + np.sin(angle) * ys)
        t = (t - t.min()) / (t.max() - t.min())
        a, b = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
        image = a * (1 - t[:, :, None]) + b * t[:, :, None]
        out.append((f"gradient{i}", Image.fromarray(image.astype(np.uint8))))
    for i in range(14):
        out.append((f"page{i}", text_page(rng, (1200, 1600) if i % 2 == 0 else size)))
    for i, image in enumerate(real[:12]):   # dark pocket shots: a real photo at 2–5 % of its light, sensor noise
        dark = np.array(image.resize((1600, 1200)), dtype=float) * rng.uniform(0.02, 0.05)
        out.append((f"dark{i}", Image.fromarray(np.clip(dark + rng.normal(0, 1.5, dark.shape), 0, 255).astype(np.uint8))))
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--held-out"]
    folder = args[0]
    media = args[1] if len(args) > 1 else os.path.join(REPO, "Fixtures", "corpus", "media")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(31 if HELD_OUT else 30)
    labels = {}
    epoch = BASE_TIME
    found = scenes(media)
    for name, scene, source in found:
        part = re.search(r"-[qs](\d)$", name)
        epoch += 2 if part and part.group(1) != "0" else 600   # the parts of one photo: shots 2 s apart
        model = source[:30]
        for kind, image in copies(scene).items():
            file = f"{name}-{kind}." + ("png" if kind == "png" else "jpg")
            path = os.path.join(folder, file)
            if kind == "png":
                image.save(path, "PNG")
            else:
                low = 30 if HELD_OUT else 40
                image.save(path, "JPEG", quality=low if kind == "q40" else 95 if kind == "soft" else 90,
                           exif=exif_for(epoch + ((2 if HELD_OUT else 1) if kind == "burst" else 0), model))
            labels[file] = [name, kind]
        for kind in copies(scene):   # one file time for all copies of a scene: the order they were written in says nothing
            file = f"{name}-{kind}." + ("png" if kind == "png" else "jpg")
            os.utime(os.path.join(folder, file), (epoch + 3600, epoch + 3600))
    for name, image in low_texture(rng, [scene for _, scene, _ in found]):
        file = f"low-{name}.jpg"
        epoch += 600
        image.save(os.path.join(folder, file), "JPEG", quality=88, exif=exif_for(epoch, "SwipeClean"))
        labels[file] = [f"low-{name}", "flat"]
    with open(os.path.join(folder, "labels.json"), "w") as out:
        json.dump(labels, out, indent=0, sort_keys=True)
    print(f"{folder}: {len(found)} scenes × 8 copies, {sum(1 for v in labels.values() if v[1] == 'flat')} low-texture photos")


if __name__ == "__main__":
    main()
