#!/usr/bin/env python3
"""Times a command: the median wall time of N runs and the largest peak RSS among them.

usage: timeit.py REPEAT OUT_FILE -- COMMAND...
Writes "SECONDS RSS_KIB" to OUT_FILE and the median CPU seconds (user + system) of the runs to
OUT_FILE.cpu (on a shared machine CPU time barely moves with the load, wall time does); the
command's stdout goes to OUT_FILE.out, stderr to OUT_FILE.err (of the last run). Exits 1 if any run fails.
"""
import os
import statistics
import subprocess
import sys
import time


def run(command, stdout, stderr):
    """One run: its wait status, wall seconds, CPU seconds (user + system) and rusage."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=stdout, stderr=stderr)
    _, status, usage = os.wait4(child.pid, 0)
    return status, time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage


def main():
    repeat, out = int(sys.argv[1]), sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    times, cpus, peak = [], [], 0
    for _ in range(repeat):
        with open(out + ".out", "wb") as stdout, open(out + ".err", "wb") as stderr:
            status, wall, cpu, usage = run(command, stdout, stderr)
            times.append(wall)
            cpus.append(cpu)
        if status != 0:
            sys.stderr.write(open(out + ".err").read())
            sys.exit(1)
        peak = max(peak, usage.ru_maxrss)
    with open(out, "w") as f:
        f.write(f"{statistics.median(times):.4f} {peak}\n")
    with open(out + ".cpu", "w") as f:
        f.write(f"{statistics.median(cpus):.4f}\n")


if __name__ == "__main__":
    main()
