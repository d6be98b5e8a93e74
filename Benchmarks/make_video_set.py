#!/usr/bin/env python3
"""Makes the evaluation set for similar videos (issue 51): originals made from real photos (cuts, pans,
zooms, crossfades, a tone) and from real camera videos, each with one or two of the copies phones fill up
with, and clips that share only their first 4 s with an original. Writes FOLDER/labels.json:
{relative path: {"group": N, "kind": KIND, "of": original or null}}; files of one group are the true pairs.

Copies (KIND):
    messenger  640×360 at most, 30 fps, ~350 kbit/s H.264 baseline, no metadata (WhatsApp and the like)
    hevc       an HEVC export in a MOV (x265), the same size, metadata kept
    trim       a trimmed clip: 1 s or more cut at the start and usually some at the end, re-encoded as a
               phone does (or, one time in three, stream-copied from the keyframe before the cut)
    fps30      a 30 fps copy of a 60 fps original
    cloud      downloaded back from a cloud: re-encoded H.264 (long GOP, B-frames), at most 1280 px wide
    intro      NOT a copy: the same first 4 s as an original, then other content (its own group)

Originals are H.264 (camera-like: a keyframe a second, no B-frames; or x264's defaults) or HEVC in a MOV,
720p, 1080p or portrait, 30 or 60 fps, with a QuickTime creation date and location. The real camera videos
are used as they are when 6 s or longer; shorter ones open an original that goes on with photo content.

The default draw is the tune set: photos from the corpus and mate-backgrounds, the corpus's camera videos.
`--held-out` draws another set with another seed from other sources the thresholds never saw: the Plasma
wallpapers and the real videos of Debian's opencv-doc (handheld phone clips, a street camera, a trailer),
with other amounts for each copy (messenger 480 px, trims from 2 s). `--seed N` draws again.

usage: make_video_set.py FOLDER [--held-out] [--seed N] [--originals N]
       (needs ffmpeg with libx264 and libx265; --held-out needs the opencv-doc package)
"""
import glob
import gzip
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HELD_OUT = "--held-out" in sys.argv
OPENCV = "/usr/share/doc/opencv-doc"
FOLDERS = ["DCIM/Camera", "DCIM/100APPLE", "Movies", "WhatsApp/Media/WhatsApp Video", "Download",
           "Pictures/Exports", "Google Photos/2021", "Telegram/Video"]


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-y", *map(str, args)], check=True)


def duration(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         capture_output=True, text=True).stdout.strip()
    return float(out) if out not in ("", "N/A") else 0.0


def probe(path):
    """(width, height, frames per second) of the first video stream."""
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,avg_frame_rate",
                          "-of", "csv=p=0", path], capture_output=True, text=True).stdout.strip().split(",")
    num, _, den = out[2].partition("/")
    return int(out[0]), int(out[1]), round(float(num) / float(den or 1))


def photos(scratch):
    if HELD_OUT:
        # Each wallpaper's smallest picture at least 1920 px long, shrunk to 2560 px at most (some ship only 5K PNGs,
        # which ffmpeg would decode again for every frame of a clip).
        by_name = {}
        for path in glob.glob("/usr/share/wallpapers/*/contents/images/*.jpg") + glob.glob("/usr/share/wallpapers/*/contents/images/*.png"):
            w, h = map(int, os.path.splitext(os.path.basename(path))[0].split("x"))
            name = path.split("/")[4]
            if max(w, h) >= 1920 and (name not in by_name or max(w, h) < by_name[name][0]):
                by_name[name] = (max(w, h), path)
        out = []
        for name, (side, path) in sorted(by_name.items()):
            if side > 2560:
                small = os.path.join(scratch, name + ".jpg")
                ffmpeg("-i", path, "-vf", "scale='if(gte(iw,ih),2560,-2)':'if(gte(iw,ih),-2,2560)'", "-q:v", "2", small)
                path = small
            out.append(path)
        return out
    corpus = [p for p in glob.glob(os.path.join(REPO, "Fixtures/corpus/media/*.jpg"))]
    mate = glob.glob("/usr/share/backgrounds/mate/*/*.jpg")   # its PNGs are rendered stripes and gradients: flat
    return sorted(corpus + [m for m in mate if "Elephants_" not in m])


def camera_videos(scratch):
    if HELD_OUT:
        if not os.path.isdir(OPENCV):
            sys.exit("make_video_set.py --held-out: the real videos come from Debian's opencv-doc: apt-get install opencv-doc")
        out = sorted(glob.glob(f"{OPENCV}/examples/data/*.avi"))
        out = [p for p in out if "bugy" not in p]   # a damaged copy of Megamind.avi
        for gz in sorted(glob.glob(f"{OPENCV}/opencv4/html/*.mp4.gz")):
            target = os.path.join(scratch, os.path.basename(gz)[:-3])
            with gzip.open(gz) as source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink)
            out.append(target)
        return out
    return [p for p in sorted(glob.glob(os.path.join(REPO, "Fixtures/corpus/media/*.mp4")) +
                              glob.glob(os.path.join(REPO, "Fixtures/corpus/media/*.mov"))) if duration(p) >= 0.9]


class Clip:
    """One original's recipe: its size, rate, codec and the segments it is made of."""

    def __init__(self, rng, width, height, fps):
        self.rng, self.width, self.height, self.fps = rng, width, height, fps

    def segment(self, photo, seconds):
        """(input args, filter) for one photo shown `seconds`: a pan, a zoom, or a still with a drift."""
        w, h, f, rng = self.width, self.height, self.fps, self.rng
        zoom = rng.uniform(1.25, 1.7)
        big_w, big_h = 2 * round(w * zoom / 2), 2 * round(h * zoom / 2)
        cover = f"scale={big_w}:{big_h}:force_original_aspect_ratio=increase,crop={big_w}:{big_h}"
        motion = rng.choice(["pan-x", "pan-y", "zoom", "still"])
        t = f"(t/{seconds:.3f})"
        if motion == "pan-x":
            x = f"(iw-{w})*{t}" if rng.random() < 0.5 else f"(iw-{w})*(1-{t})"
            move = f"crop={w}:{h}:x='{x}':y={rng.randint(0, big_h - h)}"
        elif motion == "pan-y":
            y = f"(ih-{h})*{t}" if rng.random() < 0.5 else f"(ih-{h})*(1-{t})"
            move = f"crop={w}:{h}:x={rng.randint(0, big_w - w)}:y='{y}'"
        elif motion == "zoom":
            frames = round(seconds * f)
            z = f"1+{zoom - 1:.3f}*on/{frames}" if rng.random() < 0.5 else f"{zoom:.3f}-{zoom - 1:.3f}*on/{frames}"
            move = f"scale={w}:{h},zoompan=z='{z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s={w}x{h}:fps={f}"
        else:
            x0, y0 = rng.randint(0, big_w - w - 40), rng.randint(0, big_h - h)
            move = f"crop={w}:{h}:x='{x0}+40*{t}':y={y0}"
        chain = f"{cover},{move},fps={f},format=yuv420p,setsar=1,trim=duration={seconds:.3f},setpts=PTS-STARTPTS"
        return ["-loop", "1", "-framerate", str(f), "-t", f"{seconds + 0.5:.3f}", "-i", photo], chain

    def video(self, path, seconds, start=0.0):
        w, h, f = self.width, self.height, self.fps
        chain = (f"scale={w}:{h}:force_original_aspect_ratio=increase,crop={w}:{h},fps={f},format=yuv420p,setsar=1,"
                 f"trim=start={start:.3f}:duration={seconds:.3f},setpts=PTS-STARTPTS")
        return ["-i", path], chain


def join(parts, crossfade, fps):
    """The filter joining labelled segments [s0]…: hard cuts (concat) or half-second crossfades (xfade)."""
    labels = [f"[s{i}]" for i in range(len(parts))]
    if not crossfade or len(parts) == 1:
        return "".join(labels) + f"concat=n={len(parts)}:v=1:a=0[v]"
    out, offset, current = [], 0.0, labels[0]
    for i in range(1, len(parts)):
        offset += parts[i - 1] - 0.5
        label = "[v]" if i == len(parts) - 1 else f"[x{i}]"
        out.append(f"{current}{labels[i]}xfade=transition=fade:duration=0.5:offset={offset:.3f}{label}")
        current = label
    return ";".join(out)


def encode(target, inputs, filters, total, rng, clip, codec, camera_gop, metadata):
    tone = rng.choice([220, 330, 440, 550, 660, 880])
    args = []
    for extra in inputs:
        args += extra
    args += ["-f", "lavfi", "-t", f"{total:.3f}", "-i", f"sine=frequency={tone}:sample_rate=44100"]
    audio = len(inputs)
    args += ["-filter_complex", ";".join(filters), "-map", "[v]", "-map", f"{audio}:a", "-t", f"{total:.3f}"]
    gop = clip.fps
    if codec == "hevc":
        params = f"log-level=error:keyint={gop}:min-keyint={gop}:bframes=0" if camera_gop else "log-level=error"
        args += ["-c:v", "libx265", "-preset", "ultrafast", "-crf", "24", "-x265-params", params, "-tag:v", "hvc1"]
    else:
        args += ["-c:v", "libx264", "-preset", "superfast", "-crf", "21"]
        if camera_gop:
            args += ["-g", gop, "-keyint_min", gop, "-sc_threshold", "0", "-bf", "0"]
    args += ["-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", *metadata, target]
    ffmpeg(*args)


def quicktime_metadata(rng, when):
    lat, lon = rng.uniform(-60, 60), rng.uniform(-170, 170)
    return ["-movflags", "use_metadata_tags", "-metadata", f"creation_time={when}",
            "-metadata", f"com.apple.quicktime.creationdate={when}",
            "-metadata", f"com.apple.quicktime.location.ISO6709={lat:+08.4f}{lon:+09.4f}/",
            "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 12"]


def original(rng, index, pool, camera, out_dir):
    """Makes one original; returns (path, its clip, seconds)."""
    if camera and 6 <= duration(camera) <= 40:   # a real camera video as it is
        width, height, fps = probe(camera)
        target = os.path.join(out_dir, "DCIM/Camera", f"VID_{20200000 + index * 7}{os.path.splitext(camera)[1]}")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(camera, target)
        return target, Clip(rng, width - width % 2, height - height % 2, min(fps, 60)), duration(camera)
    portrait = rng.random() < 0.2
    width, height = rng.choice([(1280, 720), (1280, 720), (1280, 720), (1920, 1080)])
    if portrait:
        width, height = height, width
    fps = 60 if rng.random() < 0.3 else 30
    clip = Clip(rng, width, height, fps)
    codec = "hevc" if rng.random() < 0.25 else "h264"
    camera_gop = rng.random() < 0.5
    inputs, filters, parts = [], [], []
    if camera:
        length = duration(camera)
        take = min(length, rng.uniform(12, 20))
        extra, chain = clip.video(camera, take)
        inputs.append(extra)
        filters.append(f"[0:v]{chain}[s0]")
        parts.append(take)
    segments = rng.randint(2, 4) if not parts or parts[0] < 6 else 0
    for photo in rng.sample(pool, segments):
        seconds = rng.uniform(2.5, 4.5)
        extra, chain = clip.segment(photo, seconds)
        filters.append(f"[{len(inputs)}:v]{chain}[s{len(parts)}]")
        inputs.append(extra)
        parts.append(seconds)
    crossfade = not camera and rng.random() < 0.3
    filters.append(join(parts, crossfade, fps))
    total = sum(parts) - (0.5 * (len(parts) - 1) if crossfade else 0)
    when = f"20{rng.randint(15, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}:00+0200"
    folder = rng.choice(["DCIM/Camera", "DCIM/100APPLE"])
    name = f"IMG_{4000 + index}.MOV" if codec == "hevc" or folder.endswith("APPLE") else f"VID_{20200000 + index * 7}.mp4"
    target = os.path.join(out_dir, folder, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    encode(target, inputs, filters, total, rng, clip, codec, camera_gop, quicktime_metadata(rng, when))
    return target, clip, total


def intro_sibling(rng, index, source, clip, pool, out_dir):
    """The source's first 4 s, then 4 to 12 s of other photos: shares only the intro."""
    inputs, filters, parts = [["-t", "4.2", "-i", source]], [], [4.0]
    extra, chain = clip.video(source, 4.0)
    filters.append(f"[0:v]{chain}[s0]")
    for photo in rng.sample(pool, rng.randint(1, 3)):
        seconds = rng.uniform(3, 5)
        extra, chain = clip.segment(photo, seconds)
        filters.append(f"[{len(inputs)}:v]{chain}[s{len(parts)}]")
        inputs.append(extra)
        parts.append(seconds)
    filters.append(join(parts, False, clip.fps))
    target = os.path.join(out_dir, rng.choice(FOLDERS), f"clip_{index:03d}.mp4")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    encode(target, inputs, filters, sum(parts), rng, clip, "h264", rng.random() < 0.5, [])
    return target


def copy(rng, kind, source, clip, seconds, index, out_dir):
    folder = {"messenger": rng.choice(["WhatsApp/Media/WhatsApp Video", "Telegram/Video"]), "hevc": "Pictures/Exports",
              "cloud": rng.choice(["Google Photos/2021", "Download"])}.get(kind, rng.choice(FOLDERS))
    ext = ".MOV" if kind == "hevc" else ".mp4"
    target = os.path.join(out_dir, folder, f"{kind[:3].upper()}-{index:03d}{ext}")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    strip = ["-map_metadata", "-1"]
    if kind == "messenger":
        side = 480 if HELD_OUT else 640
        w, h = (side, side * 9 // 16) if clip.width >= clip.height else (side * 9 // 16, side)
        ffmpeg("-i", source, "-vf", f"scale={w}:{h}:force_original_aspect_ratio=decrease:force_divisible_by=2", "-r", "30",
               "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "baseline", "-b:v", "350k" if not HELD_OUT else "250k",
               "-maxrate", "500k", "-bufsize", "1M", "-c:a", "aac", "-b:a", "64k", "-ac", "1", *strip, target)
    elif kind == "hevc":
        ffmpeg("-i", source, "-c:v", "libx265", "-preset", "ultrafast", "-crf", "26", "-x265-params", "log-level=error",
               "-tag:v", "hvc1", "-c:a", "aac", "-movflags", "use_metadata_tags", target)
    elif kind == "trim":   # at least half the clip, to 6 s or later (a trim inside the first 4 s would be inside an intro too)
        start = rng.uniform(2.0 if HELD_OUT else 1.0, max(2.5, 0.3 * seconds))
        end = seconds - (rng.uniform(0.5, 0.2 * seconds) if rng.random() < 0.7 else 0)
        length = max(0.5 * seconds, 6.0 - start, end - start)
        if rng.random() < 1 / 3 and source.lower().endswith((".mp4", ".mov")):
            ffmpeg("-ss", f"{start:.3f}", "-i", source, "-t", f"{length:.3f}", "-c", "copy", target)
        else:
            ffmpeg("-ss", f"{start:.3f}", "-i", source, "-t", f"{length:.3f}", "-c:v", "libx264", "-preset", "veryfast",
                   "-crf", "22", "-g", str(clip.fps), "-bf", "0", "-c:a", "aac", target)
    elif kind == "fps30":
        ffmpeg("-i", source, "-r", "30", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", target)
    elif kind == "cloud":
        scale = "scale='min(1280,iw)':-2" if clip.width >= clip.height else "scale=-2:'min(1280,ih)'"
        ffmpeg("-i", source, "-vf", scale, "-c:v", "libx264", "-preset", "veryfast", "-crf", "26", "-c:a", "aac",
               "-b:a", "96k", "-map_metadata", "0", target)
    return target


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    out_dir = os.path.abspath(sys.argv[1])
    seed = arg("--seed", 52 if HELD_OUT else 51)
    count = arg("--originals", 20)
    rng = random.Random(seed)
    os.makedirs(out_dir, exist_ok=True)
    labels = {}
    with tempfile.TemporaryDirectory() as scratch:
        pool, cameras = photos(scratch), camera_videos(scratch)
        rng.shuffle(cameras)
        for index in range(count):
            camera = cameras[index] if index < len(cameras) else None
            path, clip, seconds = original(rng, index, pool, camera, out_dir)
            rel = os.path.relpath(path, out_dir)
            labels[rel] = {"group": index, "kind": "original", "of": None}
            kinds = ["messenger", "hevc", "trim", "cloud"] + (["fps30"] * 2 if clip.fps == 60 else [])
            for n, kind in enumerate(rng.sample(kinds, rng.choice([1, 2]))):
                made = copy(rng, kind, path, clip, seconds, index * 10 + n, out_dir)
                labels[os.path.relpath(made, out_dir)] = {"group": index, "kind": kind, "of": rel}
            if rng.random() < 0.35:
                sibling = intro_sibling(rng, index, path, clip, pool, out_dir)
                labels[os.path.relpath(sibling, out_dir)] = {"group": 1000 + index, "kind": "intro", "of": rel}
            print(f"{index + 1}/{count}: {rel} ({seconds:.1f} s)", file=sys.stderr)
    with open(os.path.join(out_dir, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
