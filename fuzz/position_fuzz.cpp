// Fuzzes each game's option and full-position parsers (what `POST /api/matches` and the
// offline engine tool read). Properties: nothing crashes; an accepted position written back
// by secret_position is accepted again and written identically (parse → serialize → parse
// is the identity), and so are the views it yields.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_input.h"
#include "server/util/wire.h"

using namespace tabuleiro;

namespace {

// The match created from options and position, or nullptr when refused.
std::unique_ptr<protocol::match> create(const protocol::game_kind& kind, const protocol::json& options,
                                        const protocol::json& position, std::uint64_t seed) {
  auto created = kind.create(options, position, seed);
  if (auto* m = std::get_if<std::unique_ptr<protocol::match>>(&created)) return std::move(*m);
  if (std::get<protocol::rule_error>(created).code.empty()) std::abort();
  return nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::game_input in = fuzz::read_game_input(data, size);
  if (!in.kind) return 0;
  std::string why;
  const auto text = server::parse_client_json(in.text, why);
  if (!text) return 0;
  // The seat bit chooses what the text is: the match options (seat 2) or a position (seat 1).
  const bool as_options = in.seat == 2;
  const protocol::json options = as_options ? *text : protocol::json::object();
  const protocol::json position = as_options ? protocol::json(nullptr) : *text;
  auto m = create(*in.kind, options, position, in.seed);
  if (!m) return 0;
  const protocol::json written = in.kind->secret_position(*m);
  auto again = create(*in.kind, options, written, in.seed + 1);
  if (!again) std::abort();
  if (in.kind->secret_position(*again) != written) std::abort();
  if (again->observe().view_values() != m->observe().view_values()) std::abort();
  return 0;
}
