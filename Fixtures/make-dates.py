#!/usr/bin/env python3
"""Rebuilds Fixtures/dates: synthetic files for each way a capture date hides in TIFF-structured
files, raw formats and XMP, and expected.json holding exiftool's answer for every file.

The files are built byte by byte here (TIFF, DNG, CR2, NEF, ARW, ORF, RW2, PEF, CR3), or, for
the XMP-only cases, are a small committed JPEG/PNG stripped and given an XMP date by exiftool.
The result is committed; run this only to change the fixtures.
Usage: Fixtures/make-dates.py        (needs python3 and exiftool)
"""
import json
import os
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "dates", "media")

ASCII, SHORT, LONG, UNDEFINED, BYTE = 2, 3, 4, 7, 1


class TIFF:
    """A TIFF structure laid out in order: header, then blocks appended where asked.

    Directories are lists of (tag, type, value): value is bytes/str for ASCII, BYTE and
    UNDEFINED, an int or list of ints for SHORT and LONG, or a Pointer to a later block."""

    def __init__(self, big_endian, magic=42, first_ifd=8, header_extra=b""):
        self.e = ">" if big_endian else "<"
        self.data = bytearray((b"MM" if big_endian else b"II") + struct.pack(self.e + "HI", magic, first_ifd) + header_extra)
        self.fixups = []  # (position, label)
        self.labels = {}

    def here(self, label):
        if len(self.data) % 2:
            self.data += b"\0"
        self.labels[label] = len(self.data)

    def pad_to(self, offset):
        self.data += b"\0" * (offset - len(self.data))

    def blob(self, label, payload):
        self.here(label)
        self.data += payload

    def ifd(self, label, entries, next_label=None):
        self.here(label)
        entries = sorted(entries, key=lambda e: e[0])
        start = len(self.data)
        values_at = start + 2 + 12 * len(entries) + 4
        out = bytearray(struct.pack(self.e + "H", len(entries)))
        extra = bytearray()
        for tag, kind, value in entries:
            if isinstance(value, Pointer):
                out += struct.pack(self.e + "HHI", tag, kind, 1)
                self.fixups.append((start + len(out), value.label))
                out += b"\0\0\0\0"
                continue
            if kind == ASCII:
                raw = (value.encode() if isinstance(value, str) else value) + b"\0"
            elif kind in (BYTE, UNDEFINED):
                raw = value.encode() if isinstance(value, str) else value
            else:
                values = value if isinstance(value, list) else [value]
                raw = b"".join(struct.pack(self.e + ("H" if kind == SHORT else "I"), v) for v in values)
            count = len(raw) // (2 if kind == SHORT else 4 if kind == LONG else 1)
            out += struct.pack(self.e + "HHI", tag, kind, count)
            if len(raw) <= 4:
                out += raw.ljust(4, b"\0")
            else:
                out += struct.pack(self.e + "I", values_at + len(extra))
                extra += raw + (b"\0" if len(raw) % 2 else b"")
        if next_label:
            self.fixups.append((start + len(out), next_label))
        out += b"\0\0\0\0"
        self.data += out + extra

    def bytes(self):
        for position, label in self.fixups:
            self.data[position:position + 4] = struct.pack(self.e + "I", self.labels[label])
        return bytes(self.data)


class Pointer:
    def __init__(self, label):
        self.label = label


def image_ifd0(make, model, modify, width=64, height=48, extra=()):
    """IFD0 of a small uncompressed RGB image whose strip is the block 'strip'."""
    entries = [
        (0x0100, SHORT, width), (0x0101, SHORT, height), (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, 1),
        (0x0106, SHORT, 2), (0x0111, LONG, Pointer("strip")), (0x0115, SHORT, 3), (0x0116, SHORT, height),
        (0x0117, LONG, width * height * 3),
    ]
    if make:
        entries += [(0x010F, ASCII, make), (0x0110, ASCII, model)]
    if modify:
        entries.append((0x0132, ASCII, modify))
    return entries + list(extra)


def exif_ifd(original, digitized=None, offset=None, subsec=None):
    entries = [(0x9000, UNDEFINED, b"0231")]
    if original:
        entries.append((0x9003, ASCII, original))
    if digitized:
        entries.append((0x9004, ASCII, digitized))
    if offset:
        entries.append((0x9011, ASCII, offset))
    if subsec:
        entries.append((0x9291, ASCII, subsec))
    return entries


def tiff_far_exif(big_endian, make, model, modify, original, strip_bytes=40_000, offset=None, subsec=None,
                  magic=42, first_ifd=8, header_extra=b"", sub_ifds=0, extra0=()):
    """IFD0 near the start; a big strip; the EXIF IFD (and SubIFDs) after it, past any head read."""
    t = TIFF(big_endian, magic, first_ifd, header_extra)
    t.pad_to(first_ifd)
    extra = [(0x8769, LONG, Pointer("exif"))] + list(extra0)
    if sub_ifds:
        extra.append((0x014A, LONG, Pointer("sub0")))
    t.ifd("ifd0", image_ifd0(make, model, modify, extra=extra))
    t.blob("strip", b"\x80" * strip_bytes)
    for i in range(sub_ifds):
        t.ifd(f"sub{i}", [(0x00FE, LONG, 0), (0x0100, LONG, 6000), (0x0101, LONG, 4000), (0x0103, SHORT, 1)])
    t.ifd("exif", exif_ifd(original, original, offset, subsec))
    return t.bytes()


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def cr3():
    """A CR3: ftyp crx, moov > uuid(Canon) > CNCV, CMT1 (IFD0 as TIFF), CMT2 (EXIF IFD as TIFF)."""
    cmt1 = TIFF(False)
    cmt1.ifd("ifd0", [(0x010F, ASCII, "Canon"), (0x0110, ASCII, "Canon EOS R6"), (0x0132, ASCII, "2023:04:05 06:07:08"),
                      (0x0100, LONG, 5472), (0x0101, LONG, 3648)])
    cmt2 = TIFF(False)
    cmt2.ifd("ifd0", exif_ifd("2021:10:11 12:13:14", None, "+09:00", "25"))
    canon_uuid = bytes.fromhex("85c0b687820f11e08111f4ce462b6a48")
    canon = box(b"uuid", canon_uuid + box(b"CNCV", b"CanonCR3_001/00.10.00/00.00.00") + box(b"CMT1", cmt1.bytes()) + box(b"CMT2", cmt2.bytes()))
    mvhd = box(b"mvhd", b"\0" * 100)
    ftyp = box(b"ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")
    return ftyp + box(b"moov", canon + mvhd) + box(b"mdat", b"\0" * 64)


def xmp_packet(prop, value, attribute=False):
    ns = {"exif": "http://ns.adobe.com/exif/1.0/", "xmp": "http://ns.adobe.com/xap/1.0/",
          "photoshop": "http://ns.adobe.com/photoshop/1.0/"}
    prefix = prop.split(":")[0]
    if attribute:
        body = f'<rdf:Description rdf:about="" xmlns:{prefix}="{ns[prefix]}" {prop}="{value}"/>'
    else:
        body = f'<rdf:Description rdf:about="" xmlns:{prefix}="{ns[prefix]}"><{prop}>{value}</{prop}></rdf:Description>'
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
            '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' + body +
            '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>').encode()


def compress_itxt(path):
    """Rewrites a PNG's XMP iTXt chunk with its text zlib-compressed (compression flag 1)."""
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    out, pos = bytearray(data[:8]), 8
    while pos < len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"iTXt" and body.startswith(b"XML:com.adobe.xmp\0\0"):
            head = b"XML:com.adobe.xmp\0"
            rest = body[len(head) + 2:]
            language_end = rest.index(b"\0") + 1
            translated_end = rest.index(b"\0", language_end) + 1
            body = head + b"\1\0" + rest[:translated_end] + zlib.compress(rest[translated_end:], 9)
        out += struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        pos += 12 + length
    with open(path, "wb") as f:
        f.write(out)


def exiftool(*args):
    subprocess.run(["exiftool", "-q", "-m", "-overwrite_original", *args], check=True)


def build():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    # The failure kinds of issue 12, in plain TIFF.
    write("tiff-le-exif-far.tif", tiff_far_exif(False, "Nikon", "COOLPIX P7000", "2020:01:02 03:04:05", "2019:05:21 10:45:52",
                                                offset="+02:00", subsec="644"))
    write("tiff-be-exif-far.tif", tiff_far_exif(True, "Hasselblad", "X1D", "2020:01:02 03:04:05", "2018:07:08 09:10:11"))
    only = TIFF(True)
    only.ifd("ifd0", image_ifd0("Leaf", "Aptus 75", "2012:06:07 08:09:10"))
    only.blob("strip", b"\x40" * (64 * 48 * 3))
    write("tiff-be-ifd0-modifydate-only.tif", only.bytes())
    # An EXIF IFD pointing back at IFD0 (a loop), and an IFD offset past the end of the file.
    loop = TIFF(False)
    loop.ifd("ifd0", image_ifd0("Loop", "L1", "2015:03:04 05:06:07", extra=[(0x8769, LONG, Pointer("ifd0"))]), next_label="ifd0")
    loop.blob("strip", b"\x10" * (64 * 48 * 3))
    write("tiff-loop.tif", loop.bytes())
    absurd = TIFF(False)
    absurd.ifd("ifd0", image_ifd0("Absurd", "A1", "2016:04:05 06:07:08", extra=[(0x8769, LONG, 0xFFFFFFF0), (0x014A, LONG, [0x7FFFFFFF, 12])]))
    absurd.blob("strip", b"\x20" * (64 * 48 * 3))
    write("tiff-absurd-offsets.tif", absurd.bytes())
    # Raw formats on TIFF: each with its header, camera and the EXIF IFD behind the image data.
    write("dng-subifd.dng", tiff_far_exif(False, "Canon", "Canon EOS 5D Mark III", "2022:02:03 04:05:06", "2017:06:07 08:09:10",
                                          sub_ifds=2, extra0=[(0x00FE, LONG, 1), (0xC612, BYTE, b"\x01\x04\x00\x00"),
                                                              (0xC614, ASCII, "Canon EOS 5D Mark III")]))
    write("canon.cr2", tiff_far_exif(False, "Canon", "Canon EOS 7D", "2014:02:03 04:05:06", "2013:12:24 18:30:00",
                                     first_ifd=16, header_extra=b"CR\x02\x00\x00\x00\x00\x00"))
    write("nikon.nef", tiff_far_exif(True, "NIKON CORPORATION", "NIKON D850", "2019:09:10 11:12:13", "2019:09:10 11:12:13",
                                     subsec="50", sub_ifds=1))
    write("sony.arw", tiff_far_exif(False, "SONY", "ILCE-7M3", "2020:08:09 10:11:12", "2020:08:09 10:11:10", sub_ifds=1))
    write("olympus.orf", tiff_far_exif(False, "OLYMPUS IMAGING CORP.", "E-M5", "2016:05:06 07:08:09", "2016:05:06 07:08:01", magic=0x4F52))
    write("panasonic.rw2", tiff_far_exif(False, "Panasonic", "DC-GH5", "2018:03:04 05:06:07", "2018:03:04 05:06:00",
                                         magic=0x55, first_ifd=24, header_extra=b"\0" * 16))
    write("pentax.pef", tiff_far_exif(True, "PENTAX", "PENTAX K-1", "2021:01:02 03:04:05", "2021:01:02 03:04:00"))
    write("canon.cr3", cr3())
    # Dates a camera could not have taken: the next source is used.
    write("tiff-future-original.tif", tiff_far_exif(False, "Fuji", "X-T4", "2020:11:12 13:14:15", "2099:01:01 00:00:00"))
    write("tiff-1969-original.tif", tiff_far_exif(False, "Fuji", "X-T4", "2020:11:12 13:14:15", "1969:07:20 20:17:00"))
    write("tiff-month-00.tif", tiff_far_exif(False, "Fuji", "X-T4", "2020:11:12 13:14:15", "2019:00:10 10:00:00"))
    # XMP-only dates: JPEG APP1, PNG iTXt, TIFF tag 700.
    jpeg = os.path.join(OUT, "xmp-only.jpg")
    shutil.copy(os.path.join(HERE, "similar", "cybershot", "q40.jpg"), jpeg)
    exiftool("-all=", jpeg)
    exiftool("-XMP-exif:DateTimeOriginal=2015:08:09 10:11:12+01:00", jpeg)
    jpeg2 = os.path.join(OUT, "xmp-createdate-only.jpg")
    shutil.copy(os.path.join(HERE, "similar", "cybershot", "q40.jpg"), jpeg2)
    exiftool("-all=", jpeg2)
    exiftool("-XMP-xmp:CreateDate=2014:03:04 05:06:07", "-XMP-xmp:ModifyDate=2024:01:01 00:00:00", jpeg2)
    png = os.path.join(OUT, "xmp-only.png")
    shutil.copy(os.path.join(HERE, "phone", "Pictures", "Screenshots", "Screenshot_20251130-224512.png"), png)
    exiftool("-all=", png)
    exiftool("-XMP-photoshop:DateCreated=2013:02:03 04:05:06", png)
    compressed = os.path.join(OUT, "xmp-compressed.png")
    shutil.copy(png, compressed)
    exiftool("-all=", compressed)
    exiftool("-XMP-exif:DateTimeOriginal=2013:04:05 06:07:08", compressed)
    compress_itxt(compressed)
    tif = TIFF(False)
    tif.ifd("ifd0", image_ifd0(None, None, None, extra=[(0x02BC, UNDEFINED, xmp_packet("exif:DateTimeOriginal", "2012-11-12T13:14:15.5-05:00", attribute=True))]))
    tif.blob("strip", b"\x30" * (64 * 48 * 3))
    write("xmp-tag700.tif", tif.bytes())
    # EXIF wins over XMP when both are there.
    both = os.path.join(OUT, "exif-and-xmp.jpg")
    shutil.copy(os.path.join(HERE, "similar", "cybershot", "q40.jpg"), both)
    exiftool("-all=", both)
    exiftool("-EXIF:DateTimeOriginal=2011:01:02 03:04:05", "-XMP-exif:DateTimeOriginal=2010:01:01 00:00:00", both)


# The reference answer: exiftool's tags in the order SwipeClean uses them; a date after NOW or before
# 1970 is not believed, as in the scan.
ORDER = [("EXIF", "DateTimeOriginal", "OffsetTimeOriginal"), ("EXIF", "CreateDate", "OffsetTimeDigitized"),
         ("EXIF", "ModifyDate", "OffsetTime"), ("XMP", "DateTimeOriginal", None), ("XMP", "DateCreated", None),
         ("XMP", "CreateDate", None), ("XMP", "DateTimeDigitized", None)]
NOW = "2033-05-18"  # the tests' clock: 2,000,000,000 seconds after 1970


def iso(value, offset):
    value = value.strip()
    date, _, rest = value.partition(" ")
    date = date.replace(":", "-")
    if not rest:
        return date + "T00:00:00" if len(date) == 10 else None
    time = rest[:8]
    zone = rest[8:]
    if zone.startswith("."):
        zone = zone.lstrip(".0123456789")
    zone = zone or (offset or "")
    return f"{date}T{time}{'Z' if zone == 'Z' else zone}"


def believable(text):
    try:
        year, month, day = int(text[0:4]), int(text[5:7]), int(text[8:10])
    except ValueError:
        return False
    return 1 <= month <= 12 and 1 <= day <= 31 and year >= 1970 and text[:10] <= NOW


def expected(path):
    tags = json.loads(subprocess.run(["exiftool", "-j", "-a", "-G0", "-time:all", "-Make", "-Model", "-FileType", path],
                                     check=True, capture_output=True, text=True).stdout)[0]
    answer = {"fileType": tags.get("File:FileType"), "capturedAt": None, "dateTag": None,
              "make": tags.get("EXIF:Make"), "model": tags.get("EXIF:Model")}
    for group, name, offset_tag in ORDER:
        value = tags.get(f"{group}:{name}")
        if not isinstance(value, str):
            continue
        text = iso(value, tags.get(f"EXIF:{offset_tag}") if offset_tag else None)
        if text and believable(text):
            answer["capturedAt"], answer["dateTag"] = text, f"{group}:{name}"
            break
    return answer


def seeds():
    """Small seeds for `make fuzz` (Fixtures/fuzz/tiff, cr3, xmp): the same structures with tiny strips."""
    fuzz = os.path.join(HERE, "fuzz")
    for target in ("tiff", "cr3"):
        shutil.rmtree(os.path.join(fuzz, target), ignore_errors=True)
        os.makedirs(os.path.join(fuzz, target))
    small = {
        "le-exif.tif": tiff_far_exif(False, "Nikon", "P7000", "2020:01:02 03:04:05", "2019:05:21 10:45:52", 64, "+02:00", "644"),
        "be-exif.tif": tiff_far_exif(True, "Hasselblad", "X1D", "2020:01:02 03:04:05", "2018:07:08 09:10:11", 64),
        "dng.dng": tiff_far_exif(False, "Canon", "5D3", "2022:02:03 04:05:06", "2017:06:07 08:09:10", 64, sub_ifds=2),
        "cr2.cr2": tiff_far_exif(False, "Canon", "7D", "2014:02:03 04:05:06", "2013:12:24 18:30:00", 64, first_ifd=16,
                                 header_extra=b"CR\x02\x00\x00\x00\x00\x00"),
        "orf.orf": tiff_far_exif(False, "OLYMPUS", "E-M5", "2016:05:06 07:08:09", "2016:05:06 07:08:01", 64, magic=0x4F52),
        "rw2.rw2": tiff_far_exif(False, "Panasonic", "GH5", "2018:03:04 05:06:07", "2018:03:04 05:06:00", 64, magic=0x55,
                                 first_ifd=24, header_extra=b"\0" * 16),
    }
    for name in ("tiff-loop.tif", "tiff-absurd-offsets.tif", "tiff-be-ifd0-modifydate-only.tif", "xmp-tag700.tif"):
        with open(os.path.join(OUT, name), "rb") as f:
            small[name] = f.read()[:2048]
    for name, data in small.items():
        with open(os.path.join(fuzz, "tiff", name), "wb") as f:
            f.write(data)
    whole = cr3()
    for name, data in {"canon.cr3": whole, "truncated.cr3": whole[:300], "no-cmt2.cr3": whole.replace(b"CMT2", b"CMTX")}.items():
        with open(os.path.join(fuzz, "cr3", name), "wb") as f:
            f.write(data)
    # A PNG whose compressed XMP inflates to 5 MiB: over the 4 MiB cap, so not read at all.
    import zlib
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    bomb = zlib.compress(b"<x:xmpmeta " + b" " * (5 << 20) + b"/>", 9)
    with open(os.path.join(fuzz, "png", "xmp-zlib-bomb.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
                + chunk(b"zTXt", b"XML:com.adobe.xmp\0\0" + bomb) + chunk(b"IEND", b""))
    for name, prop, value, attribute in (("date-element.xmp", "exif:DateTimeOriginal", "2019-05-21T10:45:52+02:00", False),
                                         ("date-attribute.xmp", "xmp:CreateDate", "2019-05-21T10:45:52.5Z", True),
                                         ("date-day.xmp", "photoshop:DateCreated", "2019-05-21", False)):
        with open(os.path.join(fuzz, "xmp", name), "wb") as f:
            f.write(xmp_packet(prop, value, attribute))


def main():
    if "--expected-only" not in sys.argv:
        build()
        seeds()
    answers = {name: expected(os.path.join(OUT, name)) for name in sorted(os.listdir(OUT))}
    with open(os.path.join(HERE, "dates", "expected.json"), "w") as f:
        json.dump(answers, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
