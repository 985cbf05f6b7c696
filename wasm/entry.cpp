// The WebAssembly module's one export: te_call(request) → answer, both NUL-terminated UTF-8
// JSON (engine_api::call). The answer stays valid until the next call.
#include <emscripten/emscripten.h>

#include <string>

#include "wasm/engine_api.h"

namespace {
tabuleiro::wasm::engine_api api;
std::string answer;
}  // namespace

// Answers one request; the worker copies the answer out before its next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* te_call(const char* request) {
  answer = api.call(request ? request : "");
  return answer.c_str();
}
