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

The edited copies keep the capture time (editors do); the burst frame is one second later.
Low-texture photos (kind `flat`, one scene each, all distinct): flat colours, skies, gradients,
pages of text, dark pocket shots made from the real photos.

usage: make_similar_set.py FOLDER [CORPUS_MEDIA]   (needs Pillow and numpy)
"""
import json
import os
import random
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


def scenes(media):
    """(name, RGB image) for each real photo and each quarter of those at least 1,600 px wide."""
    out = []
    for name in sorted(os.listdir(media)):
        if not name.lower().endswith((".jpg", ".jpeg")):
            continue
        image = ImageOps.exif_transpose(Image.open(os.path.join(media, name))).convert("RGB")
        if min(image.size) < 200:
            continue
        stem = os.path.splitext(name)[0].replace(" ", "-")
        if image.width >= 1600:
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
    return {
        "original": scene,
        "burst": window(scene, 0.08, 0.05, 0.90, 0.90),
        "crop6": window(scene, 0.06, 0.06, 0.88, 0.88),
        "tilt2": tilt(scene, 2),
        "half": scene.resize((w // 2, h // 2), Image.LANCZOS),
        "q40": scene,
        "bright20": ImageEnhance.Brightness(scene).enhance(1.2),
        "png": scene,
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
    folder = sys.argv[1]
    media = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "Fixtures", "corpus", "media")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(30)
    labels = {}
    epoch = BASE_TIME
    found = scenes(media)
    for name, scene, source in found:
        epoch += 2 if name.endswith(("-q1", "-q2", "-q3")) else 600
        model = source[:30]
        for kind, image in copies(scene).items():
            file = f"{name}-{kind}." + ("png" if kind == "png" else "jpg")
            path = os.path.join(folder, file)
            if kind == "png":
                image.save(path, "PNG")
            else:
                image.save(path, "JPEG", quality=40 if kind == "q40" else 90,
                           exif=exif_for(epoch + (1 if kind == "burst" else 0), model))
            labels[file] = [name, kind]
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
