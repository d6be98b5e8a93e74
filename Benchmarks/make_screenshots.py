#!/usr/bin/env python3
"""Writes phone-size screenshot-like PNGs for `make bench`'s similar-photos block: 1080 x 2400 RGB
PNGs laid out like a social app's feed (the time, a header, cards holding a real photo of
Fixtures/corpus/media scaled to the card, lines of text, flat backgrounds in light or dark mode),
saved with Pillow's defaults (zlib level 6, a filter chosen for each row). A screenshot the rules
recognize (its name, folder or UserComment) is never hashed (SimilarFinder.takesPart); these stand
for the large PNGs that are: screenshots saved or shared under another name, graphics and images
saved from apps. Named feed_NN.png, which no screenshot rule matches. Deterministic for a seed.
Needs Pillow (the bench's venv has it).

usage: make_screenshots.py OUT_DIR PHOTO... [--count N] [--seed S]
"""
import argparse
import os
import random

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 1080, 2400


def screenshot(photos, rng, dark):
    background, ink, card = ((18, 18, 18), (230, 230, 230), (36, 36, 38)) if dark else ((250, 250, 250), (20, 20, 20), (255, 255, 255))
    image = Image.new("RGB", (WIDTH, HEIGHT), background)
    draw = ImageDraw.Draw(image)
    draw.text((40, 24), f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}", fill=ink)
    draw.rectangle([0, 72, WIDTH, 200], fill=card)
    draw.text((40, 120), "Feed", fill=ink)
    y = 230
    while y < HEIGHT - 200:
        height = rng.choice([420, 620, 820])
        draw.rounded_rectangle([24, y, WIDTH - 24, y + height + 220], radius=28, fill=card)
        draw.ellipse([48, y + 24, 120, y + 96], fill=(rng.randint(60, 200), rng.randint(60, 200), rng.randint(60, 200)))
        draw.text((140, y + 40), f"user{rng.randint(1, 999)} posted a photo", fill=ink)
        photo = Image.open(rng.choice(photos)).convert("RGB")
        photo.thumbnail((WIDTH - 96, height))
        image.paste(photo, (48, y + 120))
        for line in range(3):
            words = " ".join(rng.choice(["lovely", "sunset", "with", "friends", "at", "the", "lake", "today", "#nofilter"])
                             for _ in range(rng.randint(4, 9)))
            draw.text((48, y + 130 + photo.height + 24 * line), words, fill=ink)
        y += height + 260
    return image


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("photos", nargs="+")
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for n in range(args.count):
        screenshot(args.photos, rng, dark=n % 2 == 1).save(os.path.join(args.out, f"feed_{n:02d}.png"))


if __name__ == "__main__":
    main()
