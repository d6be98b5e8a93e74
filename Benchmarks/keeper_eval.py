#!/usr/bin/env python3
"""Which copy the similar boss suggests keeping, on the set make_similar_set.py makes: `clean scan`, then
`clean boss similar --dry-run` with every card skipped, the cards read from its output. For each kind
of copy, the share of groups holding one where the scene's original is the suggested (★) copy, and
overall; each miss named with what was suggested instead. The words a member's line gives for what it
lost are tallied per kind of copy. And the bad shots: how many group cards suggest a copy `items --json` flags
(`badShot`) over one it does not flag (target: none).

Sets: make_similar_set.py's (eight kinds of copy, `soft` among them) and make_keeper_set.py's (each real photo
beside its soft re-save).

usage: keeper_eval.py CLEAN FOLDER
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

KINDS = ["burst", "crop6", "tilt2", "half", "q40", "bright20", "png", "soft"]
MEMBER = re.compile(r"^  (\d+) (★| ) (.+?)  in (.+)$")


def cards(clean, folder):
    """[[(file, suggested, why)]] per group card, and {file: badShot} for the flagged files."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        subprocess.run([clean, "scan", folder, "--quiet"], env=env, check=True, stdout=subprocess.DEVNULL)
        out = subprocess.run([clean, "boss", "similar", "--dry-run"], env=env, input="s\n" * 5000,
                             capture_output=True, text=True, check=True)
        items = subprocess.run([clean, "items", "--json"], env=env, capture_output=True, text=True, check=True).stdout
    flagged = {}
    for line in items.splitlines():
        item = json.loads(line)
        if item.get("badShot"):
            flagged[os.path.basename(item["path"])] = item["badShot"]
    text = out.stdout + out.stderr
    groups, current, last = [], None, None
    for line in text.splitlines():
        if line.startswith("── card"):
            current = []
            groups.append(current)
            continue
        m = MEMBER.match(line)
        if m and current is not None:
            last = [m.group(3), m.group(2) == "★", ""]
            current.append(last)
        elif last is not None and line.startswith("        ") and "·" in line:
            last[2] = line.split(" · ")[-1].strip()
            last = None
    return groups, flagged


def main():
    clean, folder = sys.argv[1], sys.argv[2]
    labels = {f: tuple(v) for f, v in json.load(open(os.path.join(folder, "labels.json"))).items()}
    right, total = collections.Counter(), collections.Counter()
    words = collections.defaultdict(collections.Counter)
    misses = []
    groups, flagged = cards(clean, folder)
    shot_over_keeper = []
    for group in groups:
        suggested = next(f for f, star, _ in group if star)
        if suggested in flagged and any(f not in flagged for f, _, _ in group):
            shot_over_keeper.append((suggested, flagged[suggested]))
    for group in groups:
        scenes = {labels[f][0] for f, _, _ in group if f in labels}
        kinds = {labels[f][1] for f, _, _ in group if f in labels}
        if "original" not in kinds:
            continue
        suggested = next(f for f, star, _ in group if star)
        ok = labels.get(suggested, ("", ""))[1] == "original"
        for kind in kinds - {"original"}:
            total[kind] += 1
            right[kind] += ok
        total["all groups"] += 1
        right["all groups"] += ok
        if not ok:
            misses.append((sorted(scenes)[0], suggested))
        for f, star, why in group:
            if not star and f in labels:
                words[labels[f][1]][why] += 1
    print(f"  {'copy in the group':<18} {'original suggested':>20}")
    for kind in KINDS + ["all groups"]:
        if total[kind]:
            print(f"  {kind:<18} {right[kind]:>7} of {total[kind]:<4} {100 * right[kind] / total[kind]:>5.1f} %")
    print(f"  group cards suggesting a bad shot over a keeper: {len(shot_over_keeper)} of {len(groups)}"
          + "".join(f"\n    {f} ({kind})" for f, kind in shot_over_keeper[:5]))
    for scene, suggested in misses[:10]:
        print(f"  miss: {scene}: suggested {suggested}")
    print("  what each copy's line says it lost (most common):")
    for kind in KINDS:
        if words[kind]:
            common = ", ".join(f"\"{w}\" {n}" for w, n in words[kind].most_common(2))
            print(f"    {kind:<9} {common}")


if __name__ == "__main__":
    main()
