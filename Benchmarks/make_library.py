#!/usr/bin/env python3
"""Generates a synthetic phone library for `make bench`.

Real headers, random payloads: JPEGs with EXIF (camera, DateTimeOriginal), PNG screenshots,
QuickTime movies with an mvhd creation time. 10 % of the files get an exact copy in a backup
folder, 3 % a same-size near-copy (one byte changed in the middle). Deterministic for a seed.

--small makes every file 1–4 KB (a million of them fit in about 4 GB; no big videos).
--decodable puts a real 320×240 picture in every JPEG (padded after its end to the same sizes), so
the similar-photos hash decodes them (about 1 ms more per JPEG to generate; needs python3-numpy).

usage: make_library.py DIR [--files N] [--seed S] [--small] [--decodable]
"""
import argparse
import os
import random
import struct
import sys

EPOCH_1904 = 2082844800


def tiff_exif(make, model, when):
    """A little-endian TIFF block: IFD0 (Make, Model, ExifIFD pointer) and an Exif IFD (DateTimeOriginal)."""
    make_b, model_b, date_b = make.encode() + b"\0", model.encode() + b"\0", when.encode() + b"\0"
    ifd0_entries = 3
    ifd0_size = 2 + ifd0_entries * 12 + 4
    exif_entries = 1
    exif_size = 2 + exif_entries * 12 + 4
    data_start = 8 + ifd0_size + exif_size
    make_off = data_start
    model_off = make_off + len(make_b)
    date_off = model_off + len(model_b)
    out = b"II*\0" + struct.pack("<I", 8)
    out += struct.pack("<H", ifd0_entries)
    out += struct.pack("<HHII", 0x010F, 2, len(make_b), make_off)
    out += struct.pack("<HHII", 0x0110, 2, len(model_b), model_off)
    out += struct.pack("<HHII", 0x8769, 4, 1, 8 + ifd0_size)
    out += struct.pack("<I", 0)
    out += struct.pack("<H", exif_entries)
    out += struct.pack("<HHII", 0x9003, 2, len(date_b), date_off)
    out += struct.pack("<I", 0)
    return out + make_b + model_b + date_b


def jpeg(rng, size, make, model, when):
    exif = b"Exif\0\0" + tiff_exif(make, model, when)
    app1 = b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, 3024, 4032, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    head = b"\xff\xd8" + app1 + sof + b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00"
    return head + rng.randbytes(max(0, size - len(head) - 2)) + b"\xff\xd9"


class Pictures:
    """Real 320×240 baseline JPEGs of varied content (a gradient, a few blocks of colour, grain) for
    --decodable: libturbojpeg encodes each (quality 85, about 10–20 KB), so the similar-photos hash has
    something to decode. About 1 ms of CPU a file."""

    WIDTH, HEIGHT = 320, 240

    def __init__(self, seed):
        import numpy
        from turbojpeg import Compressor
        self.numpy, self.compressor = numpy, Compressor()
        self.rng = numpy.random.default_rng(seed)
        y, x = numpy.mgrid[0:self.HEIGHT, 0:self.WIDTH].astype(numpy.float32)
        self.x, self.y = x / self.WIDTH, y / self.HEIGHT
        # Grain drawn once: 16 fields, one picked per picture (drawing it each time would triple the cost).
        self.grain = [self.rng.normal(0, 6, (self.HEIGHT, self.WIDTH, 1)).astype(numpy.float32) for _ in range(16)]

    def jpeg(self):
        """One encoded picture, without its SOI marker (the caller writes SOI and its own EXIF first)."""
        np, rng, w, h = self.numpy, self.rng, self.WIDTH, self.HEIGHT
        a, b = rng.uniform(-255, 255, 2)
        image = np.empty((h, w, 3), np.float32)
        image[...] = (128 + a * (self.x - 0.5) + b * (self.y - 0.5))[..., None] + rng.uniform(-60, 60, 3)
        for _ in range(6):
            x0, y0 = rng.integers(0, w - 20), rng.integers(0, h - 20)
            image[y0:y0 + rng.integers(20, h // 2), x0:x0 + rng.integers(20, w // 2)] = rng.uniform(0, 255, 3)
        image += self.grain[rng.integers(0, 16)]
        rgb = np.clip(image, 0, 255).astype(np.uint8)
        data = self.compressor.jpeg(rgb, w, h, 85)
        if data is None:
            sys.exit("make_library: libturbojpeg could not encode a picture")
        return data[2:]


def decodable_jpeg(rng, pictures, size, make, model, when):
    """A JPEG with the same EXIF as jpeg() around a real picture, padded after its end to `size`."""
    exif = b"Exif\0\0" + tiff_exif(make, model, when)
    head = b"\xff\xd8\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif
    body = head + pictures.jpeg()
    return body + rng.randbytes(max(0, size - len(body)))


def png(rng, size, width=1170, height=2532):
    def chunk(kind, data):
        import zlib
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    body = rng.randbytes(max(0, size - len(head) - 24))
    return head + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def mov(rng, size, epoch):
    ftyp = struct.pack(">I", 20) + b"ftypqt  " + struct.pack(">I", 0) + b"qt  "
    mvhd_body = struct.pack(">B3xIIII", 0, epoch + EPOCH_1904, epoch + EPOCH_1904, 600, 6000) + b"\0" * 80
    mvhd = struct.pack(">I", 8 + len(mvhd_body)) + b"mvhd" + mvhd_body
    moov = struct.pack(">I", 8 + len(mvhd)) + b"moov" + mvhd
    payload = max(0, size - len(ftyp) - len(moov) - 8)
    return ftyp + moov + struct.pack(">I", payload + 8) + b"mdat" + rng.randbytes(payload)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--files", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--decodable", action="store_true", help="JPEGs hold real 320×240 pictures (for the similar-photos hash)")
    args = parser.parse_args()
    pictures = Pictures(args.seed) if args.decodable else None
    sizes = {"jpeg": (1_000, 4_000), "png": (1_000, 3_000), "mov": (2_000, 4_000)} if args.small else \
        {"jpeg": (30_000, 200_000), "png": (20_000, 150_000), "mov": (500_000, 2_000_000)}
    rng = random.Random(args.seed)
    originals = args.files - int(args.files * 0.10) - int(args.files * 0.03)
    cameras = [("Apple", "iPhone 12"), ("samsung", "SM-G991B"), ("Google", "Pixel 7")]
    written = []
    for index in range(originals):
        year = rng.randint(2015, 2025)
        month, day = rng.randint(1, 12), rng.randint(1, 28)
        hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        roll = rng.random()
        if roll < 0.75:
            phone = rng.randrange(3)
            folder = os.path.join(args.dir, f"phone{phone + 1}", "DCIM", f"{100 + index % 20}APPLE")
            name = f"IMG_{index:05d}.JPG"
            when = f"{year:04d}:{month:02d}:{day:02d} {hour:02d}:{minute:02d}:{second:02d}"
            if pictures:
                data = decodable_jpeg(rng, pictures, rng.randint(*sizes["jpeg"]), *cameras[phone], when)
            else:
                data = jpeg(rng, rng.randint(*sizes["jpeg"]), *cameras[phone], when)
        elif roll < 0.98:
            folder = os.path.join(args.dir, "phone2", "Pictures", "Screenshots")
            name = f"Screenshot_{year:04d}{month:02d}{day:02d}-{hour:02d}{minute:02d}{second:02d}_{index}.png"
            data = png(rng, rng.randint(*sizes["png"]))
        else:
            folder = os.path.join(args.dir, "phone1", "DCIM", "Movies")
            name = f"MOV_{index:05d}.MOV"
            import calendar
            epoch = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
            data = mov(rng, rng.randint(*sizes["mov"]), epoch)
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        written.append(path)
    backup = os.path.join(args.dir, "backup")
    os.makedirs(backup, exist_ok=True)
    picks = rng.sample(range(len(written)), int(args.files * 0.10))
    for n, pick in enumerate(picks):
        path = written[pick]
        with open(path, "rb") as f:
            data = f.read()
        with open(os.path.join(backup, f"copy_{n:05d}_{os.path.basename(path)}"), "wb") as f:
            f.write(data)
    near = os.path.join(args.dir, "edited")
    os.makedirs(near, exist_ok=True)
    for n, pick in enumerate(rng.sample(range(len(written)), int(args.files * 0.03))):
        path = written[pick]
        with open(path, "rb") as f:
            data = f.read()
        middle = len(data) // 2
        changed = data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]
        with open(os.path.join(near, f"edit_{n:05d}_{os.path.basename(path)}"), "wb") as f:
            f.write(changed)


if __name__ == "__main__":
    main()
