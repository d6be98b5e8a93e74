#!/usr/bin/env bash
# make test's install test, as a new user would install clean: `make install` into a temporary prefix
# with the debug build `make test` made (CONFIG=debug: never a release build), then the installed binary
# runs, `man` renders its pages, bash completes `clean bo` to `boss` through the installed completion,
# and `make uninstall` takes back every file it installed and nothing else. The same once more with
# DESTDIR, as a package build does. Prints each check, then "install: N passed, M failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
passed=0 failed=0

check() {   # check WHAT COMMAND…: runs COMMAND, counts and prints the outcome
    local what=$1; shift
    if "$@"; then echo "  ok    $what"; passed=$((passed + 1)); else echo "  FAIL  $what"; failed=$((failed + 1)); fi
}
has() { grep -q -- "$2" "$1"; }                              # has FILE TEXT
files_under() { find "$1" \( -type f -o -type l \) | sort; } # every file and link under a folder
none_under() { [ -z "$(files_under "$1")" ] || { files_under "$1" | sed 's/^/        left: /'; false; }; }

echo "install test: make install PREFIX=$prefix CONFIG=debug"
make -C "$root" --no-print-directory install PREFIX="$prefix" CONFIG=debug > "$work/install.log" 2>&1
status=$?
check "make install exits 0" test $status -eq 0 || sed 's/^/        /' "$work/install.log"
check "its output says how to put $prefix/bin on the PATH" has "$work/install.log" "$prefix/bin is not on your PATH"

bin=$prefix/bin/clean man1=$prefix/share/man/man1
check "bin/clean is installed and executable" test -x "$bin"
check "the installed clean names its version and C libraries" \
    sh -c '"$1" --version > "$2/version" && grep -q "^clean [0-9]" "$2/version" && grep -q "libmagic" "$2/version" && grep -q "libjpeg-turbo" "$2/version"' _ "$bin" "$work"
check "the installed clean scans a folder" \
    sh -c 'SWIPECLEAN_HOME="$2/home" XDG_CONFIG_HOME="$2/config" "$1" scan "$3" --json --quiet > "$2/scan.json" && grep -q "\"files\" *: *[1-9]" "$2/scan.json"' \
    _ "$bin" "$work" "$root/Fixtures/phone"

check "man1/clean.1 and a page per subcommand (clean-scan.1, clean-boss.1, clean-trash-empty.1)" \
    test -f "$man1/clean.1" -a -f "$man1/clean-scan.1" -a -f "$man1/clean-boss.1" -a -f "$man1/clean-trash-empty.1"
MANWIDTH=80 man -l "$man1/clean.1" 2>/dev/null | col -bx > "$work/clean.txt"
for section in NAME SYNOPSIS DESCRIPTION ENVIRONMENT FILES "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    check "man -l clean.1 renders $section" grep -q "^$section\$" "$work/clean.txt"
done
check "clean.1's EXAMPLES show a scripted round" has "$work/clean.txt" "| clean round --json"
check "clean.1's EXIT STATUS lists 3 (done in part), 64 (usage) and 130 (interrupted)" \
    sh -c 'sed -n "/^EXIT STATUS\$/,/^[A-Z]/p" "$1" | grep -Eq "^ +3 +Done in part" && sed -n "/^EXIT STATUS\$/,/^[A-Z]/p" "$1" | grep -Eq "^ +64 +Usage" && sed -n "/^EXIT STATUS\$/,/^[A-Z]/p" "$1" | grep -Eq "^ +130 +Interrupted"' _ "$work/clean.txt"
check "clean.1 lists the commands, boss among them" grep -Eq '^ +boss +Fight a boss' "$work/clean.txt"
check "clean.1's SEE ALSO names clean-boss(1)" has "$work/clean.txt" "clean-boss(1)"
MANWIDTH=80 man -l "$man1/clean-boss.1" 2>/dev/null | col -bx > "$work/boss.txt"
check "man -l clean-boss.1 renders its NAME and EXAMPLES" sh -c 'grep -q "clean boss" "$1" && grep -q "^EXAMPLES$" "$1"' _ "$work/boss.txt"
check "man finds clean-boss through the PATH" sh -c 'PATH="$1/bin:$PATH" man -w clean-boss | grep -qx "$2/clean-boss.1"' _ "$prefix" "$man1"

completion=$prefix/share/bash-completion/completions/clean
check "completions for bash, zsh and fish" test -s "$completion" -a -s "$prefix/share/zsh/site-functions/_clean" \
    -a -s "$prefix/share/fish/vendor_completions.d/clean.fish"
check "the zsh and fish scripts are clean's" sh -c 'head -1 "$1" | grep -q "^#compdef clean" && grep -Eq "complete -c .?clean.? " "$2"' \
    _ "$prefix/share/zsh/site-functions/_clean" "$prefix/share/fish/vendor_completions.d/clean.fish"
# bash-completion finds the installed script by itself (XDG_DATA_DIRS names where it looks), as it
# would under /usr/local or ~/.local; then `clean bo` and Tab.
complete_bo() {
    XDG_DATA_DIRS="$prefix/share" PATH="$prefix/bin:$PATH" bash --norc --noprofile -c '
        source /usr/share/bash-completion/bash_completion || exit 1
        __load_completion clean || exit 1
        COMP_WORDS=(clean bo) COMP_CWORD=1 COMP_LINE="clean bo" COMP_POINT=8
        _clean clean bo clean
        printf "%s\n" "${COMPREPLY[@]}"' > "$work/completion.txt" 2>&1
    grep -qx boss "$work/completion.txt" || { sed 's/^/        offered: /' "$work/completion.txt"; false; }
}
check "bash completes 'clean bo' to 'boss'" complete_bo

echo "foreign" > "$prefix/bin/another-tool"; echo "foreign" > "$man1/another-tool.1"
make -C "$root" --no-print-directory uninstall PREFIX="$prefix" > "$work/uninstall.log" 2>&1
check "make uninstall exits 0" test $? -eq 0 || sed 's/^/        /' "$work/uninstall.log"
check "make uninstall leaves the other programs' files alone" test -f "$prefix/bin/another-tool" -a -f "$man1/another-tool.1"
rm -f "$prefix/bin/another-tool" "$man1/another-tool.1"
check "make uninstall leaves no file behind" none_under "$prefix"

stage=$work/stage
echo "install test: make install PREFIX=/usr/local DESTDIR=$stage CONFIG=debug"
make -C "$root" --no-print-directory install PREFIX=/usr/local DESTDIR="$stage" CONFIG=debug > "$work/destdir.log" 2>&1
check "make install with DESTDIR exits 0" test $? -eq 0 || sed 's/^/        /' "$work/destdir.log"
check "with DESTDIR every file goes under DESTDIR/PREFIX" sh -c \
    'test -x "$1/usr/local/bin/clean" && test -z "$(find "$1" \( -type f -o -type l \) ! -path "$1/usr/local/*")"' _ "$stage"
make -C "$root" --no-print-directory uninstall PREFIX=/usr/local DESTDIR="$stage" > "$work/destdir-uninstall.log" 2>&1
check "make uninstall with DESTDIR leaves no file behind" none_under "$stage"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
