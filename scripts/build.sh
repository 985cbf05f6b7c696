#!/usr/bin/env bash
# Configures and builds Tabuleiro into build/ (or $BUILD_DIR), extra args going to cmake; then
# the browser's engine, the same sources under Emscripten's toolchain file, into $BUILD_DIR-wasm,
# published for the web client in web/engine/ (wasm/CMakeLists.txt). TABULEIRO_WASM=0 skips it.
# BUILD_TARGETS names the targets to build (space-separated; all when unset): the image builds
# only the server (Dockerfile).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
if [[ ! -f "$build_dir/build.ninja" ]] || (($#)); then
  cmake -S . -B "$build_dir" -G Ninja "$@" >/dev/null
fi
# The build's own status: under pipefail, "|| true" would reset PIPESTATUS and hide a failure;
# grep finding no line to print is fine.
status=0
targets=()
[[ -n "${BUILD_TARGETS:-}" ]] && read -r -a targets <<<"--target $BUILD_TARGETS"
cmake --build "$build_dir" "${targets[@]}" -- -j"$(nproc)" | grep -v -E '^\[[0-9]+/[0-9]+\] ' || status=${PIPESTATUS[0]}
((status == 0)) || exit "$status"
[[ "${TABULEIRO_WASM:-1}" == 0 ]] && exit 0
# Debian's emscripten runs its JavaScript tools with the node on PATH, which may not search
# Debian's own node modules (acorn) unless told.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
wasm_dir=$build_dir-wasm
if [[ ! -f "$wasm_dir/build.ninja" ]]; then
  cmake -S . -B "$wasm_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake >/dev/null
fi
cmake --build "$wasm_dir" -- -j"$(nproc)" | grep -v -E '^\[[0-9]+/[0-9]+\] ' || status=${PIPESTATUS[0]}
exit "$status"
