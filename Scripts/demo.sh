#!/usr/bin/env bash
# The demo: runs `clean` in a throw-away SWIPECLEAN_HOME and leaves nothing behind.
set -euo pipefail
CLEAN=${1:-.build/release/clean}
HOME_DIR=$(mktemp -d)
trap 'rm -rf "$HOME_DIR"' EXIT
export SWIPECLEAN_HOME="$HOME_DIR" XDG_CONFIG_HOME="$HOME_DIR/config" NO_COLOR=1
echo "\$ clean --version"; "$CLEAN" --version
echo "\$ clean"; "$CLEAN"
