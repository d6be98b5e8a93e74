#!/usr/bin/env bash
# Makes Fixtures/video/similar: a small video made of the corpus's real camera clip and two corpus photos,
# the copies of it that similar videos must find, a clip that shares only its intro, and a video whose frames
# cannot be decoded. The result is committed (about 0.6 MB); run this only to change the fixtures.
# Needs ffmpeg with libx264 and libx265. Usage: Fixtures/make-videos.sh
set -euo pipefail
cd "$(dirname "$0")"
MEDIA=corpus/media
OUT=video/similar
rm -rf "$OUT"
mkdir -p "$OUT"
ff() { ffmpeg -nostdin -hide_banner -v error -y "$@"; }
# pan PHOTO SECONDS: a photo shown SECONDS, a 320x180 window panning across it (a filter chain, input 0).
pan() { echo "scale=560:-2,crop=560:315,crop=320:180:x='240*t/$2':y=60,fps=30,format=yuv420p,setsar=1,trim=duration=$2,setpts=PTS-STARTPTS"; }
zoom() { echo "scale=320:180:force_original_aspect_ratio=increase,crop=320:180,zoompan=z='1+0.4*on/($2*30)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=320x180:fps=30,trim=duration=$2,setpts=PTS-STARTPTS,format=yuv420p,setsar=1"; }
camera="scale=320:180,fps=30,format=yuv420p,setsar=1,trim=duration=4,setpts=PTS-STARTPTS"

# original.mp4 (10 s): the iPhone clip with-gps.mov (4 s, real camera), then a pan over the iPhone 6
# photo (3 s), then a zoom into the HTC One photo (3 s); H.264 as a camera writes it (a keyframe a
# second, no B-frames), a 440 Hz tone, a QuickTime creation date and location.
ff -i "$MEDIA/with-gps.mov" -loop 1 -framerate 30 -t 3.5 -i "$MEDIA/Apple iPhone 6.jpg" \
   -loop 1 -framerate 30 -t 3.5 -i "$MEDIA/HTC One.jpg" -f lavfi -t 10 -i sine=frequency=440:sample_rate=44100 \
   -filter_complex "[0:v]$camera[a];[1:v]$(pan x 3)[b];[2:v]$(zoom x 3)[c];[a][b][c]concat=n=3:v=1:a=0[v]" \
   -map '[v]' -map 3:a -t 10 -c:v libx264 -preset medium -crf 26 -g 30 -keyint_min 30 -sc_threshold 0 -bf 0 \
   -c:a aac -b:a 64k -movflags use_metadata_tags -metadata creation_time=2021-06-12T18:30:00Z \
   -metadata com.apple.quicktime.creationdate=2021-06-12T20:30:00+0200 \
   -metadata "com.apple.quicktime.location.ISO6709=+48.8584+002.2945/" "$OUT/original.mp4"
# hevc.MOV: an HEVC export (x265's defaults: a long group of pictures, B-frames).
ff -i "$OUT/original.mp4" -c:v libx265 -preset fast -crf 30 -x265-params log-level=error -tag:v hvc1 -c:a copy "$OUT/hevc.MOV"
# messenger.mp4: 240x136 at a low bitrate, no metadata.
ff -i "$OUT/original.mp4" -vf scale=240:136 -c:v libx264 -profile:v baseline -b:v 120k -c:a aac -b:a 32k -ac 1 \
   -map_metadata -1 "$OUT/messenger.mp4"
# trimmed.mp4: 2.6 s to 9 s, re-encoded as a phone's trim does.
ff -ss 2.6 -i "$OUT/original.mp4" -t 6.4 -c:v libx264 -preset medium -crf 26 -g 30 -bf 0 -c:a copy "$OUT/trimmed.mp4"
# intro.mp4 (9 s): the same first 4 s as original.mp4, then a pan over the Nexus 4 photo: not a copy.
ff -t 4.2 -i "$OUT/original.mp4" -loop 1 -framerate 30 -t 5.5 -i "$MEDIA/Nexus 4.jpg" -f lavfi -t 9 -i sine=frequency=440:sample_rate=44100 \
   -filter_complex "[0:v]$camera[a];[1:v]$(pan x 5)[b];[a][b]concat=n=2:v=1:a=0[v]" \
   -map '[v]' -map 2:a -t 9 -c:v libx264 -preset medium -crf 26 -c:a aac -b:a 64k "$OUT/intro.mp4"
# undecodable.mp4: original.mp4 with its media data overwritten (the boxes intact): no frame decodes.
python3 - "$OUT/original.mp4" "$OUT/undecodable.mp4" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
at = 0
while at + 8 <= len(data):
    size, kind = struct.unpack(">I4s", data[at:at + 8])
    if kind == b"mdat":
        data[at + 8:at + size] = bytes(size - 8)
    at += size
open(sys.argv[2], "wb").write(data)
PY
ls -l "$OUT"
