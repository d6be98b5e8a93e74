#!/usr/bin/env python3
"""Scores bad-shot detection on a set made by make_quality_set.py: scans it with `clean`, lists
`items --filter bad-shots --json`, and prints per kind how many were flagged (and as what), and the
good photos flagged, by name.

    python3 Benchmarks/quality_bench.py CLEAN SET_DIR [--by-rule] [--measures]

--by-rule adds a table by the rule each file was made by (its name's second and third fields: `dark-median-lamp-…`
is rule `median`, how `lamp`), for the sets of make_dark_set.py.
"""
import json, os, subprocess, sys, tempfile, sqlite3, collections

clean, folder = sys.argv[1], os.path.abspath(sys.argv[2])
home = tempfile.mkdtemp(prefix="swipeclean-quality.")
env = dict(os.environ, SWIPECLEAN_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
subprocess.run([clean, "scan", folder, "--json", "--quiet"], env=env, check=True, stdout=subprocess.DEVNULL)
out = subprocess.run([clean, "items", "--filter", "bad-shots", "--json"], env=env, check=True, capture_output=True, text=True).stdout
flagged = {}
for line in out.splitlines():
    item = json.loads(line)
    flagged[os.path.basename(item["path"])] = item["badShot"]
files = sorted(f for f in os.listdir(folder) if f.endswith(".jpg"))
table = collections.OrderedDict((k, collections.Counter()) for k in ["blurry", "dark", "overexposed", "accidental", "good"])
good_flagged = []
for f in files:
    kind = f.split("-")[0]
    got = flagged.get(f)
    table[kind]["n"] += 1
    table[kind][got or "none"] += 1
    if kind == "good" and got:
        good_flagged.append(f"{f} ({got})")
print(f"{'kind':12} {'files':>5} {'flagged':>8} {'as it':>7}  as blurry/dark/overexposed/accidental/none")
bad_n = bad_hit = 0
for kind, c in table.items():
    hit = c["n"] - c["none"]
    right = c[kind] if kind != "good" else 0
    if kind != "good":
        bad_n += c["n"]; bad_hit += hit
    share = f"{100 * hit / c['n']:.0f} %" if c["n"] else "-"
    print(f"{kind:12} {c['n']:5} {share:>8} {c[kind] if kind != 'good' else '':>7}  "
          + "/".join(str(c[k]) for k in ["blurry", "dark", "overexposed", "accidental", "none"]))
print(f"bad shots flagged: {bad_hit}/{bad_n} ({100 * bad_hit / max(1, bad_n):.1f} %); "
      f"good photos flagged: {len(good_flagged)}/{table['good']['n']} ({100 * len(good_flagged) / max(1, table['good']['n']):.1f} %)")
for g in good_flagged:
    print("  flagged good photo:", g)
if "--by-rule" in sys.argv:
    rules = collections.OrderedDict()
    for f in files:
        kind, rule, how = (f.split("-") + ["", ""])[:3]
        for key in [f"{kind}-{rule}", f"{kind}-{rule}-{how}"]:
            c = rules.setdefault(key, collections.Counter())
            c["n"] += 1
            c["flagged" if flagged.get(f) else "kept"] += 1
    print(f"{'made by':28} {'files':>5} {'flagged':>8}")
    for key, c in rules.items():
        print(f"{key:28} {c['n']:5} {100 * c['flagged'] / c['n']:7.0f} %")
if "--measures" in sys.argv:
    db = sqlite3.connect(os.path.join(home, "library.sqlite"))
    for row in db.execute("SELECT path, badShot, shotFocus, shotAnisotropy, shotTextured, shotDark, shotBright, shotMedian, shotHighlight, shotFaintFocus, shotSmear, shotFineSmear, shotBrightest, shotLights FROM item ORDER BY path"):
        name = os.path.basename(bytes(row[0]).decode() if isinstance(row[0], bytes) else row[0])
        print(name, *[float(f"{v:.3g}") if isinstance(v, float) else v for v in row[1:]], sep="\t")
