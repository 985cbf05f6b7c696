#!/usr/bin/env bash
# Configures and builds Tabuleiro into build/ (or $BUILD_DIR). Extra args go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
if [[ ! -f "$build_dir/build.ninja" ]] || (($#)); then
  cmake -S . -B "$build_dir" -G Ninja "$@" >/dev/null
fi
# The build's own status: under pipefail, "|| true" would reset PIPESTATUS and hide a failure;
# grep finding no line to print is fine.
status=0
cmake --build "$build_dir" -- -j"$(nproc)" | grep -v -E '^\[[0-9]+/[0-9]+\] ' || status=${PIPESTATUS[0]}
exit "$status"
