// Fuzzes the hostile-input gate every WebSocket message and HTTP body passes: the depth scan
// and the bounded parse. Properties: nothing crashes; an accepted document is within the
// depth limit, and its serialization parses back to the same value.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "server/util/wire.h"

using tabuleiro::server::json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string why;
  const auto j = tabuleiro::server::parse_client_json(text, why);
  if (!j) {
    if (why.empty()) std::abort();  // every refusal names its reason
    return 0;
  }
  const std::string again = j->dump();
  if (tabuleiro::server::json_depth(again) > tabuleiro::server::max_json_depth) std::abort();
  if (json::parse(again) != *j) std::abort();
  return 0;
}
