#!/bin/sh
# Fixtures/onlyhere: copies of one real phone photo (the corpus's Samsung GT-I9000, 640×480, with GPS,
# capture date and camera in its EXIF) that differ only in what they know, for OnlyHere's tests:
#   original.jpg  the camera's file
#   nogps.jpg     GPS stripped (exiftool -gps:all=)
#   nodate.jpg    every EXIF date stripped
#   nocamera.jpg  make and model stripped
#   half.jpg      resized to 320×240 with every tag copied back (GPS included)
#   live.mov      the corpus's with-gps.mov, as a Live Photo's video beside a copy
# Usage: sh Fixtures/make-onlyhere.sh /work/shared/corpus/media
set -eu
media=${1:?usage: make-onlyhere.sh CORPUS_MEDIA_FOLDER}
out=$(dirname "$0")/onlyhere
mkdir -p "$out"
cp "$media/Samsung GT-I9000 (Galaxy S).jpg" "$out/original.jpg"
chmod 644 "$out/original.jpg"
exiftool -q -gps:all= -o "$out/nogps.jpg" "$out/original.jpg"
exiftool -q -AllDates= -SubSecTimeOriginal= -OffsetTimeOriginal= -o "$out/nodate.jpg" "$out/original.jpg"
exiftool -q -Make= -Model= -o "$out/nocamera.jpg" "$out/original.jpg"
python3 -c "import sys; from PIL import Image; i = Image.open(sys.argv[1]); i.resize((i.width // 2, i.height // 2), Image.LANCZOS).save(sys.argv[2], quality=90)" "$out/original.jpg" "$out/half.jpg"
exiftool -q -overwrite_original -TagsFromFile "$out/original.jpg" -all:all -ImageWidth= -ImageHeight= "$out/half.jpg"
cp "$media/with-gps.mov" "$out/live.mov"
chmod 644 "$out/live.mov"
