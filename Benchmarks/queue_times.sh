#!/bin/sh
# Times the card queues, the home screen and the report on the index of SWIPECLEAN_HOME: medians of 5 of
# the wall time and of the CPU time (user + system), process start included; each queue is dealt with --dry-run and left at once with q).
# Usage: SWIPECLEAN_HOME=STATE XDG_CONFIG_HOME=CONFIG Benchmarks/queue_times.sh BINARY [LABEL]
set -eu
binary=$1
label=${2:-}
timeit="$(dirname "$0")/timeit.py"
out=$(mktemp)
trap 'rm -f "$out" "$out".*' EXIT
for command in "report --json" "boss screenshots --dry-run" "boss old --dry-run" "boss duplicates --dry-run" \
               "boss similar --dry-run" "boss videos --dry-run" "round --dry-run" "boss list --json" "home" \
               "boss weekly --dry-run"; do
    if [ "$command" = home ]; then run="$binary > /dev/null"; else run="echo q | $binary $command > /dev/null"; fi
    python3 "$timeit" 5 "$out" -- sh -c "$run" > /dev/null 2>&1
    printf '%-28s %-8s %7.3f s wall %7.3f s CPU\n' "$command" "$label" "$(cut -d' ' -f1 "$out")" "$(cat "$out.cpu")"
done
