#!/usr/bin/env python3
"""Scores similar photos on the set make_similar_set.py makes: `clean scan` then `clean items`, and,
side by side, Python imagehash's pHash at the threshold that suits it best (chosen after the fact).

For each kind of copy: how many copies land in one group with their scene's original (found), and
how many pairs of distinct scenes were grouped (false pairs). Pairs overall: precision and recall
over all pairs of files of one scene. Low-texture photos (all distinct): how many were grouped.

usage: similar_eval.py CLEAN FOLDER        (imagehash and Pillow: run it with the bench venv's python)
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

KINDS = ["burst", "crop6", "tilt2", "half", "q40", "bright20", "png", "soft",
         "rot90", "rot180", "rot270", "mirrored", "flipped", "transposed", "transversed"]


def clean_groups(clean, folder):
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        subprocess.run([clean, "scan", folder, "--quiet"], env=env, check=True, stdout=subprocess.DEVNULL)
        out = subprocess.run([clean, "items", "--json"], env=env, check=True, capture_output=True, text=True).stdout
    groups = {}
    for line in out.splitlines():
        item = json.loads(line)
        if item.get("similarGroup") is not None:
            groups[os.path.basename(item["path"])] = item["similarGroup"]
    return groups


def score(labels, same):
    """same(a, b): whether the method puts files a and b together."""
    files = sorted(labels)
    found = collections.Counter()
    total = collections.Counter()
    false_pairs = collections.Counter()
    tp = fp = fn = 0
    scene_pairs = set()
    for i, a in enumerate(files):
        for b in files[i + 1:]:
            (sa, ka), (sb, kb) = labels[a], labels[b]
            together = same(a, b)
            if sa == sb:
                tp += together
                fn += not together
                if "original" in (ka, kb):
                    kind = kb if ka == "original" else ka
                    total[kind] += 1
                    found[kind] += together
            elif together:
                fp += 1
                scene_pairs.add(tuple(sorted((sa, sb))))
                for kind in {ka, kb}:
                    false_pairs[kind] += 1
    low = [f for f in files if labels[f][1] == "flat"]
    grouped_low = sum(1 for a in low if any(same(a, b) for b in files if b != a))
    precision = tp / (tp + fp) if tp + fp else 1.0
    return {"precision": precision, "recall": tp / (tp + fn), "found": found, "total": total,
            "falsePairs": false_pairs, "falseScenes": sorted(scene_pairs), "lowGrouped": grouped_low, "low": len(low), "pairsFalse": fp}


def imagehash_distances(folder, files):
    import imagehash
    from PIL import Image
    hashes = {}
    for f in files:
        with Image.open(os.path.join(folder, f)) as image:
            hashes[f] = imagehash.phash(image)
    return hashes


def best_threshold(labels, hashes):
    """The threshold with the most recall at precision ≥ 0.98 (or the best F1 if none gets there)."""
    results = []
    for t in range(0, 33):
        r = score(labels, lambda a, b: hashes[a] - hashes[b] <= t)
        f1 = 2 * r["precision"] * r["recall"] / (r["precision"] + r["recall"]) if r["precision"] + r["recall"] else 0
        results.append((t, r, f1))
    good = [x for x in results if x[1]["precision"] >= 0.98]
    best = max(good, key=lambda x: x[1]["recall"]) if good else None
    f1 = max(results, key=lambda x: x[2])
    return best, f1


def table(name, r):
    print(f"{name}: pairs precision {r['precision']:.3f}, recall {r['recall']:.3f} ({r['pairsFalse']} false pairs); "
          f"low-texture photos grouped: {r['lowGrouped']} of {r['low']}")
    if r["falseScenes"]:
        print(f"  distinct scenes grouped: {len(r['falseScenes'])}, e.g. {r['falseScenes'][:3]}")
    print(f"  {'kind of copy':<10} {'found':>9} {'recall':>7} {'false pairs':>12}")
    for kind in KINDS:
        if r["total"][kind]:
            print(f"  {kind:<10} {r['found'][kind]:>4} of {r['total'][kind]:<3} {r['found'][kind] / r['total'][kind]:>6.2f} {r['falsePairs'][kind]:>12}")


def main():
    clean, folder = sys.argv[1], sys.argv[2]
    labels = {f: tuple(v) for f, v in json.load(open(os.path.join(folder, "labels.json"))).items()}
    groups = clean_groups(clean, folder)
    ours = score(labels, lambda a, b: a in groups and groups.get(a) == groups.get(b))
    table("clean (shipped setting)", ours)
    try:
        hashes = imagehash_distances(folder, sorted(labels))
    except ImportError:
        print("imagehash: not installed (the bench installs it in .build/bench-venv)")
        return
    best, (f1t, f1r, _) = best_threshold(labels, hashes)
    if best:
        table(f"imagehash pHash, threshold {best[0]} (its best recall at precision ≥ 0.98, chosen after the fact)", best[1])
    else:
        print("imagehash pHash: no threshold reaches precision 0.98")
    if not best or f1t != best[0]:
        table(f"imagehash pHash, threshold {f1t} (its best F1, chosen after the fact)", f1r)


if __name__ == "__main__":
    main()
