#!/usr/bin/env python3
"""Times two commands turn about (A, B, A, B, ...), so a load that comes and goes falls on both alike, and
prints each one's median wall and CPU seconds (user + system) and B over A.

usage: side_by_side.py REPEAT LABEL_A LABEL_B -- COMMAND_A... -- COMMAND_B...
Exits 1 if any run fails (its stderr goes to ours).
"""
import os
import statistics
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timeit import run as timed  # noqa: E402  (Benchmarks/timeit.py: one run's status, wall and CPU seconds)


def run(command):
    status, wall, cpu, _ = timed(command, subprocess.DEVNULL, None)   # its stderr on ours
    if status != 0:
        sys.exit(f"failed: {' '.join(command)}")
    return wall, cpu


def main():
    repeat, label_a, label_b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rest = sys.argv[4:]
    first = rest.index("--")
    second = rest.index("--", first + 1)
    commands = [rest[first + 1:second], rest[second + 1:]]
    runs = [[], []]
    for _ in range(repeat):
        for k in (0, 1):
            runs[k].append(run(commands[k]))
    wall = [statistics.median(w for w, _ in r) for r in runs]
    cpu = [statistics.median(c for _, c in r) for r in runs]
    for label, w, c in ((label_a, wall[0], cpu[0]), (label_b, wall[1], cpu[1])):
        print(f"  {label:24} wall {w:8.3f} s   CPU {c:8.3f} s   (median of {repeat}, run turn about)")
    print(f"  {label_b} / {label_a}: wall {wall[1] / wall[0]:.3f}, CPU {cpu[1] / cpu[0]:.3f}")


if __name__ == "__main__":
    main()
