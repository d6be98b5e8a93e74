"""What every test script outside Swift shares, browser or none: the slowdown factor of a slow run,
and the checks a script collects before it exits (`check`, `finish`)."""
import os
import sys

# `make sanitize` runs clean several times slower and sets this: every wait is that many times longer.
SLOWDOWN = max(1.0, float(os.environ.get("SWIPECLEAN_TEST_SLOWDOWN") or 1))
failures = []


def check(condition, message):
    """Records a failed check (the script goes on, and exits 1 with all of them at the end)."""
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)
    return condition


def finish(name, done):
    """Exits 1 with the failed checks, or prints `done`."""
    if failures:
        sys.exit(f"{name}: {len(failures)} failure(s):\n  " + "\n  ".join(failures))
    print(f"{name}: {done}")
