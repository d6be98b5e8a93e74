#!/usr/bin/python3
"""Rebuilds Fixtures/similar, the labelled set for similar photos, from Fixtures/corpus/media.

Each corpus photo becomes one folder: `original.jpg` (the photo upright, its long side 320 px) and
the edits a phone library is full of. Every file in a folder must land in one similar group; no
group may span two folders (the photos of different folders must stay apart).

    half.jpg     resized to half                    q40.jpg     recompressed at JPEG quality 40
    crop6.jpg    6 % of each side's length cut off  bright20.jpg  +20 % brightness
    shift3.jpg   the next frame of a burst: the camera moved 3 % of the width
    rot2.jpg     turned by 2 degrees                png.png     converted to PNG
    exif6.jpg    the pixels stored turned a quarter, EXIF orientation 6 turning them back

Needs Debian's python3-pil and heif-convert (libheif-examples) for the HEIC sources; only for
regenerating: the result is committed and the tests need neither.
Usage: Fixtures/make-similar.py [CORPUS_DIR]
"""
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageEnhance, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus", "media")
OUT = os.path.join(HERE, "similar")
SIDE = 320

# folder name → corpus file. Every photo of the corpus that decodes; the broken HEIFs and the
# 23×25 icon are left out, and so is exif-at-eof.heic, which is the same shot as IMG_2927.HEIC.
SOURCES = {
    "android-depth": "Android Depth Map.jpg",
    "iphone4": "Apple iPhone 4.jpg",
    "iphone5": "Apple iPhone 5.jpg",
    "iphone6": "Apple iPhone 6.jpg",
    "htc-desire": "HTC Desire.jpg",
    "htc-one": "HTC One.jpg",
    "img2927-heic": "IMG_2927.HEIC",
    "img2929-heic": "IMG_2929.HEIC",
    "cheers-heic": "cheers_1440x960.heic",
    "dotnet-png": "Issue 204 (dotnet).png",
    "moto-g": "Motorola XT1068 (Moto G).jpg",
    "nexus4": "Nexus 4.jpg",
    "galaxy-s": "Samsung GT-I9000 (Galaxy S).jpg",
    "galaxy-s4": "Samsung GT-I9505 (Galaxy S4).jpg",
    "samsung-j3": "Samsung SM-J327T1.jpg",
    "cybershot": "Sony Cybershot (2).jpg",
    "ericsson-u10i": "Sony Ericsson U10i.jpg",
}


def load(path):
    """The corpus photo upright in RGB (HEIC through heif-convert, which applies irot/imir)."""
    if path.lower().endswith((".heic", ".heif")):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "x.png")
            subprocess.run(["heif-convert", path, out], check=True, stdout=subprocess.DEVNULL)
            return Image.open(out).convert("RGB")
    return ImageOps.exif_transpose(Image.open(path)).convert("RGB")


def fit(image, side):
    scale = side / max(image.size)
    return image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)


def window(image, left, top, width_fraction, height_fraction):
    """The part of the image from (left, top), as fractions of its size."""
    w, h = image.size
    return image.crop((round(left * w), round(top * h), round((left + width_fraction) * w), round((top + height_fraction) * h)))


def save_jpeg(image, path, quality=85, exif=None):
    kwargs = {"quality": quality, "optimize": True}
    if exif is not None:
        kwargs["exif"] = exif
    image.save(path, "JPEG", **kwargs)


def make(folder, source):
    full = load(os.path.join(CORPUS, source))
    # The shot and the next frame of a burst: two windows of the scene, 3 % of the width apart.
    frame = fit(window(full, 0.0, 0.0, 0.97, 1.0), SIDE)
    burst = fit(window(full, 0.03, 0.0, 0.97, 1.0), SIDE).resize(frame.size, Image.LANCZOS)
    os.makedirs(folder)
    path = lambda name: os.path.join(folder, name)
    save_jpeg(frame, path("original.jpg"))
    save_jpeg(frame.resize((frame.width // 2, frame.height // 2), Image.LANCZOS), path("half.jpg"))
    save_jpeg(frame, path("q40.jpg"), quality=40)
    save_jpeg(window(frame, 0.03, 0.03, 0.94, 0.94), path("crop6.jpg"))
    save_jpeg(ImageEnhance.Brightness(frame).enhance(1.2), path("bright20.jpg"))
    save_jpeg(burst, path("shift3.jpg"))
    save_jpeg(frame.rotate(2, resample=Image.BICUBIC), path("rot2.jpg"))
    frame.save(path("png.png"), "PNG", optimize=True)
    exif = Image.Exif()
    exif[0x0112] = 6   # Orientation: the stored pixels must be turned 90° clockwise to be upright
    save_jpeg(frame.transpose(Image.ROTATE_90), path("exif6.jpg"), exif=exif.tobytes())


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    for name, source in SOURCES.items():
        make(os.path.join(OUT, name), source)
    print(f"{OUT}: {len(SOURCES)} photos × 9 files")


if __name__ == "__main__":
    main()
