#!/bin/sh
# `make fuzz`: runs each libFuzzer target of the SwipeCleanFuzz binary for FUZZ_SECONDS (default 30),
# starting from the seeds in Fixtures/fuzz/TARGET and the corpus grown by earlier runs
# (.build-fuzz/campaign/corpus/TARGET). Prints the executions per target; a crash, hang (10 s),
# leak or OOM (2 GB) leaves its input in .build-fuzz/campaign/artifacts/ and fails the run.
# FUZZ_TARGETS chooses the targets (default: all), each optionally as TARGET:SECONDS to give it its own
# time (fast parsers need less than the decoders); FUZZ_TIMEOUT the seconds that count as a hang (10).
# Ends with the total of executions.
set -u
binary=${1:?usage: fuzz.sh PATH-TO-SwipeCleanFuzz}
targets=${FUZZ_TARGETS:-"jpeg exif tiff cr3 png iso quicktime xmp sidecar filename trashinfo config metadata imaging pngpixels jpegdc magic"}
work=.build-fuzz/campaign
mkdir -p "$work/artifacts" "$work/logs"
failed=0
total=0
for spec in $targets; do
  target=${spec%%:*}
  seconds=${FUZZ_SECONDS:-30}
  [ "$spec" != "$target" ] && seconds=${spec#*:}
  mkdir -p "$work/corpus/$target"
  log="$work/logs/$target-$(date +%Y%m%dT%H%M%S).log"
  if FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=${FUZZ_TIMEOUT:-10} -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$work/artifacts/$target-" "$work/corpus/$target" "Fixtures/fuzz/$target" >"$log" 2>&1; then
    verdict=ok
  else
    verdict="FOUND A PROBLEM: $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|Test unit written' "$log") (log: $log)"
    failed=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  printf '%-10s %12s executions in %s s  %s\n' "$target" "${runs:-?}" "$seconds" "$verdict"
  total=$((total + ${runs:-0}))
done
printf '%-10s %12s executions\n' total "$total"
exit $failed
