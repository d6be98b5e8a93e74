#!/usr/bin/env bash
# `make install` and `make uninstall`: clean, its manual pages and its shell completions under a prefix.
#   Scripts/install.sh install BIN MAN1 DEST PREFIX
#   Scripts/install.sh uninstall DEST
# BIN: the built `clean`; MAN1: the pages Scripts/manpages.sh wrote; DEST: $(DESTDIR)$(PREFIX), where the
# files go; PREFIX: where they are found once installed (what the PATH advice names).
# The files, and uninstall removes exactly these (no folder, nothing else):
#   DEST/bin/clean
#   DEST/share/man/man1/clean.1, clean-SUBCOMMAND.1 (found again at uninstall from each page's SEE ALSO)
#   DEST/share/bash-completion/completions/clean
#   DEST/share/zsh/site-functions/_clean
#   DEST/share/fish/vendor_completions.d/clean.fish
set -euo pipefail

stage=""
trap '[ -z "$stage" ] || rm -rf "$stage"' EXIT
completions=(share/bash-completion/completions/clean share/zsh/site-functions/_clean share/fish/vendor_completions.d/clean.fish)

# The installed manual pages: clean.1 and, from each page's SEE ALSO, its subcommands' pages, recursively.
installed_pages() {
    local man1=$1 queue=(clean) page child
    while [ ${#queue[@]} -gt 0 ]; do
        page=${queue[0]}; queue=("${queue[@]:1}")
        [ -f "$man1/$page.1" ] || continue
        echo "$page.1"
        for child in $(sed -n 's/^\.Xr \(clean-[A-Za-z0-9-]*\) 1.*/\1/p' "$man1/$page.1"); do queue+=("$child"); done
    done
}

# `~/.local` rather than `/home/me/.local`, in advice to copy into a shell's startup file.
spoken() { case $1 in "$HOME"/*) echo "\$HOME/${1#"$HOME"/}" ;; *) echo "$1" ;; esac; }

install_all() {
    local bin=$1 man1=$2 dest=$3 prefix=$4 shell
    [ -x "$bin" ] || { echo "install: no built clean at $bin" >&2; exit 1; }
    [ -f "$man1/clean.1" ] || { echo "install: no manual pages in $man1" >&2; exit 1; }
    stage=$(mktemp -d)
    for shell in bash zsh fish; do
        "$bin" --generate-completion-script "$shell" > "$stage/$shell"
        [ -s "$stage/$shell" ] || { echo "install: clean wrote no $shell completion script" >&2; exit 1; }
    done

    install -d "$dest/bin" "$dest/share/man/man1" "$dest/share/bash-completion/completions" \
        "$dest/share/zsh/site-functions" "$dest/share/fish/vendor_completions.d"
    install -m 0755 "$bin" "$dest/bin/clean"
    install -m 0644 "$man1"/clean.1 "$man1"/clean-*.1 "$dest/share/man/man1/"
    install -m 0644 "$stage/bash" "$dest/${completions[0]}"
    install -m 0644 "$stage/zsh" "$dest/${completions[1]}"
    install -m 0644 "$stage/fish" "$dest/${completions[2]}"

    echo "install: $dest/bin/clean ($("$bin" --version | head -1))"
    echo "install: $(ls "$man1"/clean.1 "$man1"/clean-*.1 | wc -l) manual pages in $dest/share/man/man1 (man clean)"
    echo "install: completions for bash, zsh and fish in $dest/share"
    case ":$PATH:" in
        *":$prefix/bin:"* | *":$prefix/bin/:"*) ;;
        *)
            echo "install: $prefix/bin is not on your PATH; add it, for bash:"
            echo "    echo 'export PATH=\"$(spoken "$prefix")/bin:\$PATH\"' >> ~/.bashrc"
            echo "  then open a new shell. man finds the pages through PATH; zsh's completion needs"
            echo "  fpath=($(spoken "$prefix")/share/zsh/site-functions \$fpath) in ~/.zshrc." ;;
    esac
}

uninstall_all() {
    local dest=$1 file removed=0
    local files=(bin/clean "${completions[@]}")
    for file in $(installed_pages "$dest/share/man/man1"); do files+=("share/man/man1/$file"); done
    for file in "${files[@]}"; do
        if [ -e "$dest/$file" ] || [ -L "$dest/$file" ]; then
            rm -f "$dest/$file"
            removed=$((removed + 1))
        fi
    done
    echo "uninstall: removed $removed files from $dest"
}

case ${1:-} in
    install) [ $# -eq 5 ] || { echo "usage: $0 install BIN MAN1 DEST PREFIX" >&2; exit 2; }; install_all "$2" "$3" "$4" "$5" ;;
    uninstall) [ $# -eq 2 ] || { echo "usage: $0 uninstall DEST" >&2; exit 2; }; uninstall_all "$2" ;;
    *) echo "usage: $0 install BIN MAN1 DEST PREFIX | uninstall DEST" >&2; exit 2 ;;
esac
