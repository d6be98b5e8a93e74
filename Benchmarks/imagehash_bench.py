#!/usr/bin/env python3
"""Python imagehash's pHash over every JPEG and PNG in a folder, the way people use it:
Image.open (Pillow decodes the whole picture), imagehash.phash. Prints "PHOTOS SECONDS CPU_SECONDS"
for the loop alone (no interpreter start, no imports): the median wall time and the median CPU time
(time.process_time) of REPEAT passes.

usage: imagehash_bench.py FOLDER [REPEAT]
"""
import os
import statistics
import sys
import time

import imagehash
from PIL import Image


def main():
    folder = sys.argv[1]
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    paths = sorted(os.path.join(folder, name) for name in os.listdir(folder)
                   if name.lower().endswith((".jpg", ".jpeg", ".png")))
    times, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        for path in paths:
            with Image.open(path) as image:
                imagehash.phash(image)
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    print(len(paths), f"{statistics.median(times):.4f}", f"{statistics.median(cpus):.4f}")


if __name__ == "__main__":
    main()
