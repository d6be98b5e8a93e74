#!/usr/bin/env python3
"""Writes Fixtures/png-kinds: small PNGs of every colour type and bit depth, each row with one of
the five filters in turn, the zlib stream split over several IDAT chunks, odd sizes (so packed
rows end mid-byte), and the extras a decoder must get right or skip (eXIf before and after the
image data, tRNS, sBIT, gAMA, PLTE shorter than the indexes need, Adam7 interlacing), and two
screenshot-like 8-bit pictures (flat bands with sparse "text" pixels) whose Paeth rows take the
reader's path for a flat row above.

The pixels are a deterministic pattern (gradients and a hash of the position), so the files are
the same on every run. The tests decode each with libspng and with SwipeClean's own PNG reader and
compare the gray pixels byte for byte. Run: python3 Fixtures/make-png-kinds.py Fixtures/png-kinds
"""
import os
import struct
import sys
import zlib

W, H = 37, 23


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def sample(x, y, c, bits):
    """A value of `bits` bits for pixel (x, y), channel c: a gradient with some noise."""
    top = (1 << bits) - 1
    noise = ((x * 7919 + y * 104729 + c * 31337) * 2654435761 >> 7) & 0xFFFF
    gradient = (x * (c + 1) * 65535 // W + y * 65535 // H) // 2
    return ((gradient + noise // 4) & 0xFFFF) * top // 0xFFFF


def pack(values, bits):
    """Packs samples of `bits` bits (1, 2, 4, 8, 16) into bytes, most significant first."""
    if bits == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if bits == 8:
        return bytes(values)
    out, acc, used = bytearray(), 0, 0
    for v in values:
        acc = acc << bits | v
        used += bits
        if used == 8:
            out.append(acc)
            acc, used = 0, 0
    if used:
        out.append(acc << (8 - used))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(rows, bpp):
    """Each row with filter (row index mod 5): none, sub, up, average, Paeth."""
    out, prior = bytearray(), bytes(len(rows[0]))
    for i, row in enumerate(rows):
        kind = i % 5
        line = bytearray([kind])
        for j, x in enumerate(row):
            a = row[j - bpp] if j >= bpp else 0
            b = prior[j]
            c = prior[j - bpp] if j >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            line.append((x - predictor) & 0xFF)
        out += line
        prior = row
    return bytes(out)


CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def screen_sample(x, y, c):
    """Like a screenshot: a flat colour per band of 6 rows, one pixel in 16 of "text" noise."""
    if (x * 13 + y * 7) % 16 == 0:
        return ((x * 7919 + y * 104729 + c * 31337) * 2654435761 >> 7) & 0xFF
    return ((y // 6) * 40 + c * 70 + 30) & 0xFF


def image_rows(color, bits, width, height, palette_size, screen=False):
    rows = []
    for y in range(height):
        values = []
        for x in range(width):
            if screen:
                values += [screen_sample(x, y, c) for c in range(CHANNELS[color])]
            elif color == 3:
                values.append(sample(x, y, 0, 8) % palette_size if palette_size < (1 << bits) else sample(x, y, 0, bits))
            else:
                values += [sample(x, y, c, bits) for c in range(CHANNELS[color])]
        rows.append(pack(values, bits))
    return rows


def adam7(color, bits, width, height):
    """The image data of an interlaced PNG: the seven passes one after another, each filtered."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    bpp = max(1, CHANNELS[color] * bits // 8)
    data = b""
    for x0, y0, dx, dy in passes:
        rows = []
        for y in range(y0, height, dy):
            values = []
            for x in range(x0, width, dx):
                values += [sample(x, y, c, bits) for c in range(CHANNELS[color])]
            if values:
                rows.append(pack(values, bits))
        if rows:
            data += filtered(rows, bpp)
    return data


def png(color, bits, *, width=W, height=H, palette_size=None, indexes=None, extras_before=(), after_plte=(), extras_after=(),
        interlaced=False, idats=3, screen=False):
    palette_size = palette_size or (1 << bits if color == 3 else 0)
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bits, color, 0, 0, int(interlaced)))
    for kind, data in extras_before:
        head += chunk(kind, data)
    if color == 3:
        palette = bytearray()
        for i in range(palette_size):
            palette += bytes([(i * 53) & 0xFF, (i * 101 + 40) & 0xFF, (255 - i * 17) & 0xFF])
        head += chunk(b"PLTE", bytes(palette))
    for kind, data in after_plte:
        head += chunk(kind, data)
    bpp = max(1, CHANNELS[color] * bits // 8)
    raw = adam7(color, bits, width, height) if interlaced else filtered(image_rows(color, bits, width, height, indexes or palette_size or 256, screen), bpp)
    stream = zlib.compress(raw, 9)
    cut = [len(stream) * i // idats for i in range(idats + 1)]
    body = b"".join(chunk(b"IDAT", stream[cut[i]:cut[i + 1]]) for i in range(idats))
    tail = b"".join(chunk(kind, data) for kind, data in extras_after)
    return head + body + tail + chunk(b"IEND", b"")


def exif(orientation):
    """A little-endian TIFF structure with one IFD entry: Orientation."""
    return b"II*\x00" + struct.pack("<IH", 8, 1) + struct.pack("<HHII", 0x0112, 3, 1, orientation) + struct.pack("<I", 0)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    files = {}
    for color, depths in ((0, (1, 2, 4, 8, 16)), (2, (8, 16)), (3, (1, 2, 4, 8)), (4, (8, 16)), (6, (8, 16))):
        for bits in depths:
            files[f"color{color}-{bits}bit.png"] = png(color, bits)
    files["color2-8bit-one-idat.png"] = png(2, 8, idats=1)
    files["color2-8bit-wide.png"] = png(2, 8, width=301, height=97)
    files["color6-8bit-wide.png"] = png(6, 8, width=203, height=61)
    files["color2-8bit-flat.png"] = png(2, 8, width=97, height=41, screen=True)
    files["color6-8bit-flat.png"] = png(6, 8, width=89, height=41, screen=True)
    files["color2-8bit-exif6.png"] = png(2, 8, extras_before=[(b"eXIf", exif(6))])
    files["color2-8bit-exif3-after-idat.png"] = png(2, 8, extras_after=[(b"eXIf", exif(3))])
    files["color2-8bit-trns-gama-sbit.png"] = png(2, 8, extras_before=[(b"gAMA", struct.pack(">I", 45455)), (b"sBIT", b"\x05\x06\x05"), (b"tRNS", b"\x00\x10\x00\x20\x00\x30")])
    files["color0-8bit-trns.png"] = png(0, 8, extras_before=[(b"tRNS", b"\x00\x40")])
    files["color3-8bit-short-plte.png"] = png(3, 8, palette_size=200)
    files["color3-8bit-index-beyond-plte.png"] = png(3, 8, palette_size=200, indexes=256)
    files["color3-4bit-trns.png"] = png(3, 4, after_plte=[(b"tRNS", bytes(range(0, 160, 20)))])
    files["color2-8bit-adam7.png"] = png(2, 8, interlaced=True)
    files["color0-16bit-1x1.png"] = png(0, 16, width=1, height=1, idats=1)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
