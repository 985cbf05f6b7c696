# Publishes the built module for the web client: copies tabuleiro-engine.{js,wasm} from BUILD_DIR
# to OUT_DIR as tabuleiro-engine.<hash>.{js,wasm} (hash: the first 16 hex digits of SHA-256 over
# both files, so a new build never reuses a cached name), removes older copies, and writes
# OUT_DIR/engine.json naming the current pair with their sizes.
file(SHA256 "${BUILD_DIR}/tabuleiro-engine.js" js_hash)
file(SHA256 "${BUILD_DIR}/tabuleiro-engine.wasm" wasm_hash)
string(SHA256 hash "${js_hash}${wasm_hash}")
string(SUBSTRING "${hash}" 0 16 hash)
file(MAKE_DIRECTORY "${OUT_DIR}")
file(GLOB old "${OUT_DIR}/tabuleiro-engine.*.js" "${OUT_DIR}/tabuleiro-engine.*.wasm")
foreach(f IN LISTS old)
  if(NOT f MATCHES "\\.${hash}\\.")
    file(REMOVE "${f}")
  endif()
endforeach()
file(COPY_FILE "${BUILD_DIR}/tabuleiro-engine.js" "${OUT_DIR}/tabuleiro-engine.${hash}.js" ONLY_IF_DIFFERENT)
file(COPY_FILE "${BUILD_DIR}/tabuleiro-engine.wasm" "${OUT_DIR}/tabuleiro-engine.${hash}.wasm" ONLY_IF_DIFFERENT)
file(SIZE "${BUILD_DIR}/tabuleiro-engine.js" js_bytes)
file(SIZE "${BUILD_DIR}/tabuleiro-engine.wasm" wasm_bytes)
file(WRITE "${OUT_DIR}/engine.json.tmp"
     "{\"js\":\"tabuleiro-engine.${hash}.js\",\"wasm\":\"tabuleiro-engine.${hash}.wasm\","
     "\"js_bytes\":${js_bytes},\"wasm_bytes\":${wasm_bytes}}\n")
file(RENAME "${OUT_DIR}/engine.json.tmp" "${OUT_DIR}/engine.json")
