#!/usr/bin/env bash
# Rebuilds Fixtures/phone from Fixtures/corpus/media (public photos whose licence allows any use) with
# exiftool and python3 only. The result is committed; run this only to change the fixtures.
# Usage: Fixtures/make-fixtures.sh [CORPUS_DIR]
set -euo pipefail
cd "$(dirname "$0")"
CORPUS=${1:-corpus/media}
OUT=phone
rm -rf "$OUT"
mkdir -p "$OUT/DCIM/Camera" "$OUT/DCIM/100APPLE" "$OUT/Pictures/Screenshots" "$OUT/Movies" "$OUT/Backup"

# camera BASE NAME MAKE MODEL "YYYY:MM:DD HH:MM:SS": a corpus JPEG re-dated as another phone's shot.
camera() {
  cp "$CORPUS/$1" "$2"
  exiftool -q -m -overwrite_original -all= -tagsFromFile "$CORPUS/$1" -ImageWidth -ImageHeight -Orientation \
    -Make="$3" -Model="$4" -DateTimeOriginal="$5" -CreateDate="$5" -ModifyDate="$5" "$2"
}

# Android camera (Pixel) photos across the years: 2019, 2021, 2023 are "old" on 2 March 2026.
camera "Sony Cybershot (2).jpg"          "$OUT/DCIM/Camera/IMG_20190714_183512.jpg" Google "Pixel 3"  "2019:07:14 18:35:12"
camera "Samsung GT-I9000 (Galaxy S).jpg" "$OUT/DCIM/Camera/IMG_20210322_091544.jpg" Google "Pixel 4a" "2021:03:22 09:15:44"
camera "Sony Cybershot (2).jpg"          "$OUT/DCIM/Camera/IMG_20230908_174002.jpg" Google "Pixel 6"  "2023:09:08 17:40:02"
camera "Samsung GT-I9000 (Galaxy S).jpg" "$OUT/DCIM/Camera/IMG_20251224_201530.jpg" Google "Pixel 8"  "2025:12:24 20:15:30"
camera "Sony Cybershot (2).jpg"          "$OUT/DCIM/Camera/IMG_20260301_121005.jpg" Google "Pixel 8"  "2026:03:01 12:10:05"
# An old HTC shot kept as it came off the phone (EXIF 2011).
cp "$CORPUS/HTC Desire.jpg" "$OUT/DCIM/Camera/IMAG0042.jpg"

# iPhone: a Live Photo pair (still + movie with the same name in one folder).
cp "$CORPUS/IMG_2927.HEIC" "$OUT/DCIM/100APPLE/IMG_2927.HEIC"
cp "$CORPUS/xmp480qt.mov"  "$OUT/DCIM/100APPLE/IMG_2927.MOV"

# A short video that is not big (big videos are made at run time by Scripts/demo.sh, sparse).
cp "$CORPUS/sample_mpeg4.mp4" "$OUT/Movies/VID_20250612_190000.mp4"

# Screenshots: plain PNGs drawn here (a status bar, a card, a keyboard), phone-sized.
python3 - "$OUT" <<'PY'
import struct, sys, zlib
def png(path, width, height, seed):
    rows = []
    for y in range(height):
        if y < height // 20: colour = (20, 20, 20)
        elif y > height * 2 // 3: colour = (210, 213, 219) if (y // 40) % 2 else (200, 203, 209)
        elif height // 5 < y < height // 2: colour = ((seed * 70) % 256, 120, 200)
        else: colour = (255, 255, 255)
        rows.append(b"\0" + bytes(colour) * width)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
out = sys.argv[1]
png(out + "/Pictures/Screenshots/Screenshot_20240105-101010.png", 540, 1170, 1)
png(out + "/Pictures/Screenshots/Screenshot_20251130-224512.png", 540, 1170, 2)
png(out + "/Pictures/Screenshots/Screenshot_20260227-083000.png", 540, 1170, 3)
png(out + "/DCIM/100APPLE/IMG_0815.PNG", 585, 1266, 4)
PY
# iOS names screenshots like photos and marks them in EXIF UserComment.
exiftool -q -overwrite_original -UserComment=Screenshot -DateTimeOriginal="2025:11:03 09:41:22" \
  -OffsetTimeOriginal=+01:00 "$OUT/DCIM/100APPLE/IMG_0815.PNG"

# Exact copies in a backup folder: the duplicates boss's cards.
cp "$OUT/DCIM/Camera/IMG_20190714_183512.jpg" "$OUT/Backup/IMG_20190714_183512.jpg"
cp "$OUT/DCIM/Camera/IMAG0042.jpg" "$OUT/Backup/IMAG0042 (1).jpg"
cp "$OUT/Pictures/Screenshots/Screenshot_20240105-101010.png" "$OUT/Backup/Screenshot_20240105-101010.png"
chmod -R u+w,go-w "$OUT"
du -sh "$OUT"
