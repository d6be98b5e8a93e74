#!/usr/bin/env bash
# Writes clean's manual pages into OUT (made if missing), as `make install` installs them.
#   Scripts/manpages.sh CONFIG OUT      CONFIG: the build whose `clean` the pages describe (debug or release)
# swift-argument-parser's generate-manual plugin makes one page per command from that binary; then each
# page is named as git names its own (clean-trash-empty.1, not clean.trash.empty.1), `clean help`'s page
# is left out, a page with subcommands lists them with their one-line summaries, and the hand-written
# sections in Scripts/man/PAGE.mdoc are put in their places: DESCRIPTION's text first in DESCRIPTION,
# ENVIRONMENT and FILES before EXIT STATUS, EXAMPLES (and any other) after it. Every page's EXIT STATUS is
# Scripts/man/exit-status.mdoc: 0, 1, 3 (done in part), 64 (usage) and 130 (interrupted).
set -euo pipefail
config=${1:?usage: Scripts/manpages.sh CONFIG OUT} out=${2:?usage: Scripts/manpages.sh CONFIG OUT}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"

# Made already from this binary and these sources: nothing to do.
if [ -f "$out/clean.1" ] && [ -x ".build/$config/clean" ] && [ -z "$(find ".build/$config/clean" Scripts/manpages.sh Scripts/man -newer "$out/clean.1" 2>/dev/null)" ]; then
    echo "manpages: up to date in $out"
    exit 0
fi

made=.build/plugins/GenerateManual/outputs/clean   # where the plugin writes the pages of the `clean` target
rm -rf "$made"
# The pages carry the date of the last commit, so the same source makes the same pages.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! ${SWIFT:-swift} package plugin generate-manual --configuration "$config" --multi-page --date "$date" >"$log" 2>&1; then
    cat "$log" >&2
    echo "manpages: the generate-manual plugin failed (above)" >&2
    exit 1
fi
[ -f "$made/clean.1" ] || { echo "manpages: the plugin wrote no clean.1 in $made" >&2; exit 1; }

rm -f "$out"/clean.1 "$out"/clean-*.1
for source in "$made"/clean*.1; do
    base=$(basename "$source" .1)          # clean.trash.empty
    [ "$base" = clean.help ] && continue   # argument-parser's own `help`, not a command of clean's
    page=${base//./-}                      # clean-trash-empty
    fragment=Scripts/man/$page.mdoc
    [ -f "$fragment" ] || fragment=/dev/null

    # The subcommands, each with the summary its own page gives it.
    commands=""
    for child in $(sed -n 's/^\.Xr \(clean\.[A-Za-z0-9.-]*\) 1.*/\1/p' "$source"); do
        [ "$child" = clean.help ] && continue
        summary=$(sed -n 's/^\.Nd "\(.*\)"$/\1/p' "$made/$child.1")
        commands+=".It Cm ${child##*.}"$'\n'"$summary"$'\n'
    done
    [ -z "$commands" ] || commands=".Pp"$'\n'"Commands, each with a page of its own:"$'\n'".Bl -tag -width 12n -compact"$'\n'"$commands.El"$'\n'".Pp"$'\n'"Options:"$'\n'

    awk -v fragment="$fragment" -v commands="$commands" -v status=Scripts/man/exit-status.mdoc '
        function section(line) { sub(/^\.Sh +/, "", line); gsub(/"/, "", line); return line }
        BEGIN {
            while ((getline line < fragment) > 0) {
                if (line ~ /^\.Sh /) { name = section(line) }
                if (name == "DESCRIPTION") { if (line !~ /^\.Sh /) description = description line "\n" }
                else if (name == "ENVIRONMENT" || name == "FILES") { before = before line "\n" }
                else if (name != "") { after = after line "\n" }
            }
        }
        /^\.Dt / { sub(/^\.Dt /, ""); gsub(/\./, "-"); print ".Dt " $0; next }
        /^\.Xr clean\.help 1/ { next }
        /^\.Xr clean\./ { sub(/^\.Xr /, ""); gsub(/\./, "-"); print ".Xr " $0; next }
        /^\.Sh DESCRIPTION/ { print; printf "%s%s", description, commands; next }
        /^\.Sh "?EXIT STATUS/ {
            printf "%s", before; print; exiting = 1
            # the codes of Scripts/man/exit-status.mdoc in place of the generic ones of the generator
            while ((getline line < status) > 0) print line
            skipping = 1; next
        }
        skipping && !/^\.Sh / { next }
        /^\.Sh / { skipping = 0 }
        /^\.Sh / && exiting { printf "%s", after; exiting = 0; placed = 1 }
        { print }
        END { if (!placed) printf "%s", after }
    ' "$source" > "$out/$page.1"
done

# A fragment whose page was not made (a command renamed or removed) would be lost without a word.
for fragment in Scripts/man/*.mdoc; do
    page=$(basename "$fragment" .mdoc)
    [ "$page" = exit-status ] && continue   # every page's EXIT STATUS, not a page of its own
    [ -f "$out/$page.1" ] || { echo "manpages: $fragment has no page $page.1 to go into" >&2; exit 1; }
done
echo "manpages: $(ls "$out" | wc -l) pages in $out"
