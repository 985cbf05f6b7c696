#!/usr/bin/env bash
# The browser engine's size: the module of each game alone (the other two left out with
# TABULEIRO_WITHOUT_<GAME>, protocol/games.cpp) and of all three, raw and gzip -9, as a Markdown
# table. Builds into build-wasm-size/ (Emscripten, as scripts/build.sh does); minutes of CPU.
#   bash bench/wasm-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
games=(taixu cyvasse quadri)
echo "| module | .wasm bytes | .wasm gzip | .js gzip | total gzip |"
echo "|---|---:|---:|---:|---:|"
for only in "${games[@]}" all; do
  flags=""
  for g in "${games[@]}"; do
    [[ $only == all || $g == "$only" ]] || flags+=" -DTABULEIRO_WITHOUT_${g^^}"
  done
  dir=build-wasm-size/$only
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS=$flags" \
    -DTABULEIRO_WEB_ENGINE_DIR="$PWD/$dir/published" \
    -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake >/dev/null
  cmake --build "$dir" -- -j"$(nproc)" >/dev/null
  wasm=$(ls "$dir"/published/tabuleiro-engine.*.wasm)
  js=$(ls "$dir"/published/tabuleiro-engine.*.js)
  wz=$(gzip -9c "$wasm" | wc -c)
  jz=$(gzip -9c "$js" | wc -c)
  echo "| $only | $(stat -c %s "$wasm") | $wz | $jz | $((wz + jz)) |"
done
