#!/usr/bin/env python3
"""Builds the bad-shot evaluation set: real camera photos a person would keep, and degraded copies
of OTHER photos (out of focus, shaken, underexposed, overexposed, pocket shots).

    python3 Benchmarks/make_quality_set.py OUT [--split tune|heldout] [--seed N]

Sources (free licences): the phone photos of Fixtures/corpus (drewnoakes/metadata-extractor-images,
"free to use however you wish"), /work/shared/corpus/media when present, scikit-image's skimage.data
photos (public domain / CC0, see its README), mate-backgrounds' photographs (GPL-2+) and plasma-workspace-wallpapers' photographs (LGPL-3 / CC-BY-SA)
when installed.
The photos are split in two by name: the `tune` set is made from one half, the `heldout` set from the
other, with other degradation amounts and other JPEG qualities and sizes. File names say what each is:
`good-<name>.jpg`, `<kind>-<how>-<name>.jpg`; hard negatives (night, sunset, low-key, panned...) are made from
real photos by exposure changes a camera would make on purpose.
"""
import hashlib, os, sys, glob
import numpy as np
from PIL import Image, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources():
    paths = []
    for folder in [os.path.join(ROOT, "Fixtures/corpus/media"), "/work/shared/corpus/media"]:
        for p in sorted(glob.glob(os.path.join(folder, "*.jpg"))):
            if "Depth" not in p:
                paths.append(p)
    for p in sorted(glob.glob("/usr/share/backgrounds/mate/nature/*.jpg")):
        paths.append(p)
    paths += glob.glob("/usr/share/backgrounds/mate/abstract/Elephants.jpg")
    # plasma-workspace-wallpapers: one photograph per theme (its largest JPEG).
    photographs = "Altai Autumn BytheWater Canopee Cascade ColdRipple DarkestHour EveningGlow FallenLeaf IceCold " \
                  "Kokkini MilkyWay OneStandsOut Path SafeLanding summer_1am".split()
    for theme in sorted(glob.glob("/usr/share/wallpapers/*/contents/images")):
        if theme.split("/")[-3] not in photographs:
            continue
        jpegs = sorted(glob.glob(os.path.join(theme, "*.jpg")), key=os.path.getsize)
        if jpegs:
            paths.append(jpegs[-1] + "#" + theme.split("/")[-3])
    seen, photos = set(), []
    for p in paths:
        p, _, theme = p.partition("#")
        name = theme or os.path.splitext(os.path.basename(p))[0].replace(" ", "_")
        if name in seen:
            continue
        try:
            im = Image.open(p).convert("RGB")
        except Exception:
            continue
        seen.add(name)
        photos.append((name, im))
    try:
        from skimage import data
        for name in ["astronaut", "coffee", "chelsea", "rocket", "motorcycle_left", "hubble_deep_field", "immunohistochemistry", "camera", "coins", "moon",
                     "cat", "clock", "brick", "grass", "gravel"]:
            try:
                a = getattr(data, name)()
            except Exception:
                continue
            im = Image.fromarray(a).convert("RGB")
            photos.append(("skimage-" + name, im))
    except ImportError:
        pass
    return photos


def split_of(name):
    return "tune" if int(hashlib.sha1(name.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def role_of(name):
    """Within a split, a photo gives either the keepers or the bad shots, never both: a bad shot is a
    degraded copy of another photo than the good ones (so no bad shot has its own sharp original beside it)."""
    return "good" if int(hashlib.sha1((name + "/role").encode()).hexdigest(), 16) % 2 == 0 else "bad"


def white_share(im):
    return float((np.asarray(im.convert("L")) > 245).mean())


def overexposed(im, target):
    """Exposed until `target` of the frame (0 to 1) is pure white: the gain found by bisection, whatever the
    photo's own brightness (a dark photo takes more light to burn out)."""
    lo, hi = 1.0, 64.0
    for _ in range(18):
        mid = (lo * hi) ** 0.5
        if white_share(gamma(im, 0.8, mid)) < target:
            lo = mid
        else:
            hi = mid
    return gamma(im, 0.8, hi)


def snowy(im, most=0.25):
    """Snow-bright on purpose: lifted shadows and a bright frame, but detail kept (at most `most` of it pure
    white: a snow scene exposed well is not burnt out)."""
    gain = 1.15
    picture = gamma(im, 0.45, gain)
    while white_share(picture) > most and gain > 0.5:
        gain *= 0.93
        picture = gamma(im, 0.45, gain)
    return picture


def fit(im, short):
    w, h = im.size
    s = short / min(w, h)
    if s >= 1:
        return im
    return im.resize((max(1, round(w * s)), max(1, round(h * s))), Image.LANCZOS)


def arr(im):
    return np.asarray(im).astype(np.float32)


def img(a):
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def gamma(im, g, gain=1.0):
    a = arr(im) / 255.0
    return img(255.0 * np.clip(gain * a, 0, 1) ** g)


def motion(im, length, angle):
    """Linear motion kernel: the mean of shifted copies along the angle."""
    a = arr(im)
    acc = np.zeros_like(a)
    steps = max(2, int(length))
    dx, dy = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    for i in range(steps):
        t = i - (steps - 1) / 2
        acc += np.roll(np.roll(a, int(round(t * dy)), axis=0), int(round(t * dx)), axis=1)
    return img(acc / steps)


def disc(im, radius):
    a = arr(im)
    acc = np.zeros_like(a)
    r = int(radius)
    n = 0
    for y in range(-r, r + 1):
        for x in range(-r, r + 1):
            if x * x + y * y <= r * r:
                acc += np.roll(np.roll(a, y, axis=0), x, axis=1)
                n += 1
    return img(acc / n)


def pocket(im, rng, level, smear):
    """Near black, smeared, a fabric weave and a faint glow at one edge: a photo taken in a pocket."""
    small = im.resize((max(8, im.size[0] // 16), max(8, im.size[1] // 16)), Image.BILINEAR)
    a = arr(small.resize(im.size, Image.BILINEAR).filter(ImageFilter.GaussianBlur(smear)))
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    weave = 1 + 0.15 * np.sin(xx / 3.0) * np.sin(yy / 3.0)
    glow = np.exp(-xx / (0.25 * w))[..., None] * 0.4
    tint = np.array([1.0, 0.85, 0.7])
    out = a * level * (weave[..., None] + glow) * tint + rng.normal(0, 1.0, a.shape)
    return img(out)


# Degradation amounts: the tune set gets one list, the held-out set another.
# Each photo draws its own amounts from these ranges (uniform), the way phones fail by more or less:
# defocus at several radii, motion at several lengths and angles, under- and overexposure, pocket shots.
AMOUNTS = {
    "tune": dict(blur=[(0.008, 0.012), (0.012, 0.02), (0.02, 0.03)], disc=[(0.012, 0.025)],
                 motion=[(0.02, 0.035), (0.035, 0.06)], dark=[(0.03, 0.06), (0.06, 0.1)],
                 over=[(0.5, 0.7), (0.7, 0.9)], pocket=[(0.04, 8), (0.1, 4), (0.07, 12)],
                 shorts=[1200, 3000, 960], qualities=[92, 80]),
    "heldout": dict(blur=[(0.008, 0.012), (0.012, 0.02), (0.02, 0.03)], disc=[(0.012, 0.025)],
                    motion=[(0.02, 0.035), (0.035, 0.06)], dark=[(0.03, 0.06), (0.06, 0.1)],
                    over=[(0.5, 0.72), (0.72, 0.92)], pocket=[(0.05, 10), (0.12, 4), (0.08, 6)],
                    shorts=[1536, 2250, 800], qualities=[95, 70]),
}


def build(out, split, seed=None):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(seed if seed is not None else 39 if split == "tune" else 40)
    a = AMOUNTS[split]
    photos = [(n, im) for n, im in sources() if split_of(n) == split]
    written = 0
    for i, (name, im) in enumerate(photos):
        short = a["shorts"][i % len(a["shorts"])]
        q = a["qualities"][i % len(a["qualities"])]
        base = fit(im, short)
        s = min(base.size)

        def save(label, picture, quality=q):
            nonlocal written
            picture.save(os.path.join(out, f"{label}-{name}.jpg"), quality=quality)
            written += 1
        if role_of(name) == "good":
            keepers(base, save, rng)
        else:
            bad_shots(base, save, lambda r: rng.uniform(*r), rng, a, s)
    return written


def keepers(base, save, rng):
    """The original, and what a photographer does on purpose with it."""
    save("good-original", base)
    save("good-small", fit(base, 700), 85)
    save("good-lowkey", gamma(base, 1.8, 0.7))
    save("good-night", night(base, rng))
    save("good-sunset", sunset(base))
    save("good-bokeh", bokeh(base))
    save("good-macro", bokeh(base, centre=0.25, strength=0.035))
    save("good-snow", snowy(base))
    save("good-panned", panned(base))


def bad_shots(base, save, draw, rng, a, s):
    """Bad shots made of this photo."""
    for k, r in enumerate(a["blur"]):
        save(f"blurry-gauss{k}", base.filter(ImageFilter.GaussianBlur(draw(r) * s)))
    for k, r in enumerate(a["disc"]):
        save(f"blurry-disc{k}", disc(fit(base, 800), draw(r) * 800))
    for k, r in enumerate(a["motion"]):
        small = fit(base, 800)
        save(f"blurry-shaken{k}", motion(small, draw(r) * 800, rng.uniform(0, 180)))
    for k, r in enumerate(a["dark"]):
        save(f"dark-under{k}", img(arr(base) * draw(r) + rng.normal(0, 1.2, arr(base).shape)))
    for k, r in enumerate(a["over"]):
        save(f"overexposed-over{k}", overexposed(base, draw(r)))
    for k, (level, smear) in enumerate(a["pocket"]):
        save(f"accidental-pocket{k}", pocket(base, rng, level * rng.uniform(0.7, 1.3), smear * s / 400))


def night(im, rng):
    """A night scene: the frame dark, a few sharp bright lights."""
    a = arr(gamma(im, 2.2, 0.35))
    h, w = a.shape[:2]
    for _ in range(25):
        y, x = rng.integers(0, h - 4), rng.integers(0, w - 4)
        r = max(2, min(h, w) // 150)
        a[y:y + r, x:x + r] = 250
    return img(a)


def sunset(im):
    """Warm, the lower part in silhouette, the sky bright."""
    a = arr(im)
    h = a.shape[0]
    ramp = np.linspace(1.3, 0.25, h)[:, None, None]
    a = a * ramp * np.array([1.15, 0.8, 0.55])
    return img(a)


def panned(im):
    """Panned on purpose (taken from a moving car or train): the lower half smeared sideways by 5 % of the
    short side, the sky above still. Made on a 1,000-pixel copy (a smear of a 3,000-pixel photo is slow)."""
    small = fit(im, 1000)
    a = arr(small)
    half = a.shape[0] // 2
    a[half:] = arr(motion(small, 0.05 * min(small.size), 0))[half:]
    return img(a)


def bokeh(im, centre=0.45, strength=0.02):
    """A portrait look: the outer part blurred strongly, the centre sharp (a macro: a small centre)."""
    w, h = im.size
    blurred = arr(im.filter(ImageFilter.GaussianBlur(min(w, h) * strength)))
    a = arr(im)
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.sqrt(((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2)
    m = np.clip((d - centre) / 0.2, 0, 1)[..., None]
    return img(a * (1 - m) + blurred * m)


if __name__ == "__main__":
    out = sys.argv[1]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    # --seed N draws other amounts and angles from the same photos: the same set varied, to see that a figure is
    # not one draw's luck (the default draws are the published ones).
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else None
    print(f"{build(out, split, seed)} files in {out} ({split}{f', seed {seed}' if seed is not None else ''})")
