#!/usr/bin/env python3
"""The dark-frame sets (issue 48): frames in which a person sees nothing, drawn by several rules, and night scenes
with real lights that a person keeps, all made from real photos.

    python3 Benchmarks/make_dark_set.py OUT [--split tune|heldout] [--rule RULE] [--seed N]

Photos: those of make_quality_set.py (the phone photos of Fixtures/corpus and /work/shared/corpus, mate-backgrounds',
plasma-workspace-wallpapers'), split the same way by name. RULE (default: all of them):

- `median`: darkened (8-bit values scaled) until the median is 1 to 21;
- `brightest`: darkened until the brightest 1 % is at 12 to 18 % grey (kept when the median is then 1 to 21);
- `stops`: 3 to 5.5 stops darker, the 8-bit values halved each stop;
- `linear`: 4.5 to 7 stops darker in linear light (the sRGB curve undone, scaled, done again);
each of these four as it is (`plain`) and with a few brighter pixels that lift the brightest 1 % to 12 to 18 % grey
when it lies lower: sensor noise (`noise`), a dim lamp (`lamp`, a soft disc of 1.2 to 3 % of the frame), a lit screen's edge (`edge`, a strip
along one side, 1.2 to 3 % of the frame);
- `pocket`: a pocket shot at the same darkness (median 1 to 21): smeared, a fabric weave, with a glow at one edge
(`glow`) and without (`noglow`);
- held-out only: `curve` (the shadows crushed by a tone curve, then a median of 1 to 21), and for every darkening rule
  two more lights: `glowlamp` (a lamp falling off as a Gaussian) and `grain` (heavy-tailed sensor noise);
- `night`: night scenes a person keeps, each a real photo darkened with real lights in it: `gamma` (the quality set's:
a gamma of 2.2 and 25 small lights), `lamps` (street lamps: a clipped core, a halo, a pool of light below), `windows`
(lit windows), `stars` (a starry sky: points of one to three pixels), `screen` (a lit screen showing another real
photo), `city` (many small lights over the lower part), `lowkey` (one soft light on the subject, the rest falling
into the dark), `concert` (coloured beams through haze, clipped spotlights, the crowd in silhouette), `candle` (a room
lit by one candle's flame).

File names say what each is, `<kind>-<rule>-<how>-<name>.jpg` (kind: `dark`, `accidental`, `good`), so
`Benchmarks/quality_bench.py CLEAN OUT --by-rule` scores them by kind and by rule. The limits were chosen on the tune
split only (and the quality set's low-key looks); the held-out split (other photos, sizes, JPEG qualities, seed, and
the rules `curve`, `glowlamp` and `grain`) was first scored once they were set (Docs/quality.md).
"""
import os
import sys

import numpy as np
from PIL import Image, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_quality_set import arr, fit, gamma, img, sources, split_of  # noqa: E402

GREY = 255.0


def luma(a):
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def median_of(a):
    return float(np.median(luma(np.clip(a, 0, 255))))


def brightest(a):
    """The level of the brightest 1 %: the 99th percentile of the gray frame (every third pixel each way: the same
    figure to a level, and a bisection over a 12 MP frame takes seconds less)."""
    return float(np.percentile(luma(np.clip(a[::3, ::3], 0, 255)), 99))


def to_linear(a):
    c = a / GREY
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def from_linear(lin):
    c = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * np.power(np.maximum(lin, 0), 1 / 2.4) - 0.055)
    return c * GREY


def darkened(a, rule, rng):
    """The photo darkened by one rule; None when the rule cannot make it dark enough (a median over 21)."""
    if rule == "median":
        target = rng.uniform(1, 21)
        out = a * (target / max(1.0, median_of(a)))
    elif rule == "brightest":
        target = rng.uniform(0.12, 0.18) * GREY
        out = a * (target / max(1.0, brightest(a)))
    elif rule == "stops":
        out = a * 2.0 ** -rng.uniform(3, 5.5)
    elif rule == "linear":
        out = from_linear(to_linear(a) * 2.0 ** -rng.uniform(4.5, 7))
    elif rule == "curve":
        # Held out: the shadows crushed by a tone curve (a gamma of 2 to 3), then scaled to a median of 1 to 21.
        out = GREY * (a / GREY) ** rng.uniform(2, 3)
        out = out * (rng.uniform(1, 21) / max(1.0, median_of(out)))
    else:
        raise ValueError(rule)
    return out if median_of(out) <= 21.5 else None


def lifted(a, how, rng):
    """A few brighter pixels that bring the brightest 1 % to 12 to 18 % grey (when it lies lower): the added light's
    strength found by bisection."""
    target = rng.uniform(0.12, 0.18) * GREY
    if how == "plain" or brightest(a) >= target:
        return a
    h, w = a.shape[:2]
    s = min(h, w)
    if how == "noise":
        grain = rng.normal(0, 1, (h, w, 1)) + 0.5 * rng.normal(0, 1, (h, w, 3))

        def make(k):
            return a + k * grain
    elif how == "lamp":
        # A dim lamp or its shade: a soft disc of 1.2 to 3 % of the frame, so that it is the brightest 1 % and no
        # brighter (a small blob lifted until its outskirts reach the 1 % would peak at a light a person sees).
        cy, cx = rng.uniform(0.15, 0.85) * h, rng.uniform(0.15, 0.85) * w
        r = np.sqrt(rng.uniform(0.012, 0.03) * h * w / np.pi)
        yy, xx = np.ogrid[0:h, 0:w]
        d = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2) / r
        blob = (0.5 + 0.5 * np.cos(np.pi * np.clip((d - 0.7) / 0.6, 0, 1)))[..., None] * np.array([1.0, 0.9, 0.7])

        def make(k):
            return a + k * blob
    elif how == "edge":
        # Along one side, 1.2 to 3 % of the frame wide: the brightest 1 % and no brighter (a narrower strip lifted
        # until it is the brightest 1 % would glow at full white).
        side = rng.integers(4)
        width = rng.uniform(0.012, 0.03) * (w if side < 2 else h)
        yy, xx = np.ogrid[0:h, 0:w]
        distance = np.broadcast_to([xx, w - 1 - xx, yy, h - 1 - yy][side], (h, w))
        strip = np.exp(-np.maximum(0, distance - width) / (0.3 * width))[..., None] * np.array([0.8, 0.9, 1.0])

        def make(k):
            return a + k * strip
    elif how == "glowlamp":
        # Held out: a lamp whose light falls off as a Gaussian (no flat top), 0.6 to 1.5 times as wide as the disc
        # holding 1 % of the frame, anywhere in it.
        cy, cx = rng.uniform(0.1, 0.9) * h, rng.uniform(0.1, 0.9) * w
        sigma = np.sqrt(0.01 * h * w / np.pi) * rng.uniform(0.6, 1.5)
        yy, xx = np.ogrid[0:h, 0:w]
        blob = np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / (2 * sigma ** 2))[..., None] * np.array([1.0, 0.8, 0.5])

        def make(k):
            return a + k * blob
    elif how == "grain":
        # Held out: heavy-tailed sensor noise (Laplace), stronger in the shadows' blue channel.
        grain = rng.laplace(0, 1, (h, w, 1)) + 0.4 * rng.laplace(0, 1, (h, w, 3)) * np.array([0.7, 0.8, 1.3])

        def make(k):
            return a + k * grain
    else:
        raise ValueError(how)
    lo, hi = 0.0, 255.0
    for _ in range(16):
        mid = (lo + hi) / 2
        if brightest(make(mid)) < target:
            lo = mid
        else:
            hi = mid
    return make(hi)


def pocket(im, rng, glow):
    """A pocket shot at a median of 1 to 21: smeared, a fabric weave, a glow at one edge or none."""
    small = im.resize((max(8, im.size[0] // 16), max(8, im.size[1] // 16)), Image.BILINEAR)
    a = arr(small.resize(im.size, Image.BILINEAR).filter(ImageFilter.GaussianBlur(rng.uniform(4, 12) * min(im.size) / 400)))
    h, w = a.shape[:2]
    yy, xx = np.ogrid[0:h, 0:w]
    period = rng.uniform(2.5, 4)
    weave = 1 + 0.15 * np.sin(xx / period) * np.sin(yy / period)
    shine = np.exp(-xx / (rng.uniform(0.15, 0.35) * w))[..., None] * rng.uniform(0.3, 0.8) if glow else 0
    out = a * (weave[..., None] + shine) * np.array([1.0, 0.85, 0.7])
    out = out * (rng.uniform(1, 21) / max(1.0, median_of(out)))
    return out + rng.normal(0, 1.0, a.shape)


def disc_light(a, cy, cx, radius, colour, halo, halo_strength):
    """A light: a clipped core of `radius` and a halo `halo` times as wide."""
    h, w = a.shape[:2]
    y0, y1 = int(max(0, cy - halo * radius * 3)), int(min(h, cy + halo * radius * 3 + 1))
    x0, x1 = int(max(0, cx - halo * radius * 3)), int(min(w, cx + halo * radius * 3 + 1))
    if y1 <= y0 or x1 <= x0:
        return
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d2 = (yy - cy) ** 2 + (xx - cx) ** 2
    core = np.clip(1.5 - np.sqrt(d2) / max(0.5, radius), 0, 1)
    glow = halo_strength * np.exp(-d2 / (2 * (halo * radius) ** 2))
    a[y0:y1, x0:x1] += (np.maximum(core, glow) * GREY)[..., None] * np.array(colour)


def night(im, how, rng, other):
    """A night scene made from a real photo: the frame dark, real lights in it."""
    base = arr(im)
    h, w = base.shape[:2]
    s = min(h, w)
    if how == "gamma":
        a = arr(gamma(im, 2.2, 0.35))
        for _ in range(25):
            y, x = rng.integers(0, h - 4), rng.integers(0, w - 4)
            r = max(2, s // 150)
            a[y:y + r, x:x + r] = 250
        return a
    a = base * rng.uniform(0.03, 0.1)
    if how == "lamps":
        for _ in range(rng.integers(2, 7)):
            cy, cx = rng.uniform(0.15, 0.6) * h, rng.uniform(0.05, 0.95) * w
            r = rng.uniform(0.004, 0.012) * s
            disc_light(a, cy, cx, r, (1.0, 0.85, 0.55), rng.uniform(4, 8), rng.uniform(0.25, 0.6))
            pool = np.exp(-(((np.arange(h)[:, None] - (cy + 0.25 * h)) / (0.08 * h)) ** 2
                            + ((np.arange(w)[None, :] - cx) / (0.1 * w)) ** 2))
            a += (pool * rng.uniform(15, 40))[..., None] * np.array([1.0, 0.85, 0.6])
    elif how == "windows":
        for _ in range(rng.integers(1, 5)):
            wh, ww = rng.uniform(0.04, 0.1) * s, rng.uniform(0.03, 0.08) * s
            y, x = int(rng.uniform(0.1, 0.8) * h), int(rng.uniform(0.05, 0.9) * w)
            colour = np.array([1.0, 0.8, 0.5]) * rng.uniform(150, 245)
            a[y:y + int(wh), x:x + int(ww)] = colour
            a[y + int(wh) // 2: y + int(wh) // 2 + max(1, int(s * 0.004)), x:x + int(ww)] *= 0.2
            a[y:y + int(wh), x + int(ww) // 2: x + int(ww) // 2 + max(1, int(s * 0.004))] *= 0.2
    elif how == "stars":
        a = base * rng.uniform(0.02, 0.06)
        count = int(rng.uniform(60, 400) * (w * h) / 2e6) + 40
        star = np.zeros((h, w))
        for _ in range(count):
            y, x = int(rng.uniform(0, 0.55) * h), int(rng.uniform(0, 1) * w)
            sigma = rng.uniform(0.6, 1.5) * max(1, s / 1500)
            r = int(3 * sigma) + 1
            yy, xx = np.mgrid[max(0, y - r):min(h, y + r + 1), max(0, x - r):min(w, x + r + 1)]
            star[yy, xx] = np.maximum(star[yy, xx], rng.uniform(120, 255) * np.exp(-((yy - y) ** 2 + (xx - x) ** 2) / (2 * sigma ** 2)))
        a = np.maximum(a, star[..., None] * np.array([0.95, 0.97, 1.0]))
    elif how == "screen":
        sw, sh = int(rng.uniform(0.2, 0.4) * w), 0
        sh = int(sw * rng.uniform(0.55, 0.75))
        shown = arr(other.resize((max(1, sw), max(1, sh)), Image.BILINEAR)) * rng.uniform(0.6, 1.0)
        y, x = int(rng.uniform(0.1, 0.9) * (h - sh)), int(rng.uniform(0.1, 0.9) * (w - sw))
        a[y:y + sh, x:x + sw] = shown
        glow = np.zeros((h, w))
        glow[y:y + sh, x:x + sw] = 1
        glow = arr(Image.fromarray((glow * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.05 * s))) / 255
        a += (glow * rng.uniform(10, 30))[..., None] * np.array([0.8, 0.9, 1.0])
    elif how == "city":
        for _ in range(int(rng.uniform(30, 150))):
            cy, cx = rng.uniform(0.45, 0.95) * h, rng.uniform(0, 1) * w
            colour = [(1.0, 0.85, 0.55), (1.0, 1.0, 0.95), (1.0, 0.6, 0.3)][rng.integers(3)]
            disc_light(a, cy, cx, rng.uniform(0.002, 0.006) * s, colour, 3, rng.uniform(0.1, 0.3))
    elif how == "lowkey":
        # A low-key photo: one soft light on the subject, the rest falling off into the dark.
        cy, cx = rng.uniform(0.3, 0.7) * h, rng.uniform(0.3, 0.7) * w
        yy, xx = np.ogrid[0:h, 0:w]
        d = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2) / (rng.uniform(0.15, 0.3) * s)
        light = 0.03 + 0.97 * np.exp(-d ** 2)
        a = GREY * (np.clip(base / GREY * light[..., None], 0, 1)) ** rng.uniform(1.3, 1.8)
        # Exposed for the subject: its brightest part at 60 to 90 % grey, however dark the photo was.
        a = np.clip(a * (rng.uniform(0.6, 0.9) * GREY / max(1.0, float(np.percentile(luma(a[::3, ::3]), 99.5)))), 0, GREY)
    elif how == "concert":
        # A stage: the hall dark, coloured beams from above through haze, a few clipped spotlights, the crowd's
        # heads (the photo's lower part) in silhouette against the light.
        a = base * rng.uniform(0.02, 0.06)
        yy, xx = np.mgrid[0:h, 0:w]
        for _ in range(rng.integers(2, 6)):
            x0, spread = rng.uniform(0.1, 0.9) * w, rng.uniform(0.04, 0.12)
            tilt = rng.uniform(-0.5, 0.5)
            beam = np.exp(-((xx - x0 - tilt * yy) / (spread * (yy + 0.1 * h))) ** 2) * np.exp(-yy / (0.9 * h))
            colour = [(0.3, 0.4, 1.0), (1.0, 0.2, 0.6), (0.2, 1.0, 0.5), (1.0, 0.8, 0.3)][rng.integers(4)]
            a += (beam * rng.uniform(40, 110))[..., None] * np.array(colour)
            disc_light(a, rng.uniform(0.01, 0.05) * h, x0, rng.uniform(0.006, 0.015) * s, (1.0, 1.0, 1.0), 3, 0.5)
        crowd = yy > rng.uniform(0.7, 0.85) * h
        a[crowd] *= 0.15
    elif how == "candle":
        # A room lit by one candle: warm light falling off from the flame, the flame itself clipped.
        cy, cx = rng.uniform(0.4, 0.7) * h, rng.uniform(0.3, 0.7) * w
        yy, xx = np.ogrid[0:h, 0:w]
        d2 = ((yy - cy) ** 2 + (xx - cx) ** 2) / (rng.uniform(0.2, 0.4) * s) ** 2
        a = base * (0.02 + 0.5 / (1 + 6 * d2))[..., None] * np.array([1.0, 0.75, 0.45])
        fr = rng.uniform(0.006, 0.014) * s
        flame = np.exp(-(((yy - cy) / (2.2 * fr)) ** 2 + ((xx - cx) / fr) ** 2))
        a += (np.clip(flame * 1.6, 0, 1) * GREY)[..., None] * np.array([1.0, 0.9, 0.6])
    else:
        raise ValueError(how)
    return a + rng.normal(0, 1.0, a.shape)


RULES = ["median", "brightest", "stops", "linear", "pocket", "night"]
NIGHTS = ["gamma", "lamps", "windows", "stars", "screen", "city", "lowkey", "concert", "candle"]
# Drawn for the held-out split only: rules and lights the limits never saw (a tone curve; a Gaussian lamp; heavy-tailed
# noise), beside the others at another seed, on other photos, sizes and JPEG qualities.
HELDOUT_RULES = ["curve"]
HELDOUT_HOWS = ["glowlamp", "grain"]
SIZES = {"tune": ([1200, 3000, 960], [92, 80]), "heldout": ([1536, 2250, 800], [95, 70])}


def build(out, split, rules, seed=None):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(seed if seed is not None else 48 if split == "tune" else 49)
    photos = [(n, im) for n, im in sources() if split_of(n) == split]
    shorts, qualities = SIZES[split]
    written = 0
    for i, (name, im) in enumerate(photos):
        base = fit(im, shorts[i % len(shorts)])
        q = qualities[i % len(qualities)]
        a = arr(base)

        def save(label, picture):
            nonlocal written
            img(picture).save(os.path.join(out, f"{label}-{name}.jpg"), quality=q)
            written += 1
        for rule in rules:
            if rule == "pocket":
                for how in ["glow", "noglow"]:
                    save(f"accidental-pocket-{how}", pocket(base, rng, how == "glow"))
            elif rule == "night":
                other = photos[(i + 1) % len(photos)][1]
                for how in NIGHTS:
                    save(f"good-night-{how}", night(base, how, rng, other))
            else:
                for how in ["plain", "noise", "lamp", "edge"] + (HELDOUT_HOWS if split == "heldout" else []):
                    dark = darkened(a, rule, rng)
                    if dark is not None:
                        save(f"dark-{rule}-{how}", lifted(dark, how, rng))
    return written


if __name__ == "__main__":
    out = sys.argv[1]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "tune"
    rules = [sys.argv[sys.argv.index("--rule") + 1]] if "--rule" in sys.argv \
        else RULES[:4] + (HELDOUT_RULES if split == "heldout" else []) + RULES[4:]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else None
    print(f"{build(out, split, rules, seed)} files in {out} ({split}, {', '.join(rules)}"
          f"{f', seed {seed}' if seed is not None else ''})")
