// Fuzzes each game's action parser and rule check mid-game: a reproducible prefix of legal
// actions, then the fuzzed action for one seat. Properties: nothing crashes; check accepts
// exactly what apply accepts; a refusal changes nothing and carries a code; the canonical
// action that apply logs is accepted again and leads to the same views (the round trip the
// log replay depends on).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_input.h"
#include "server/util/wire.h"

using namespace tabuleiro;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::game_input in = fuzz::read_game_input(data, size);
  if (!in.kind) return 0;
  std::string why;
  const auto action = server::parse_client_json(in.text, why);
  if (!action) return 0;
  auto created = in.kind->create(protocol::json::object(), nullptr, in.seed);
  auto* m = std::get_if<std::unique_ptr<protocol::match>>(&created);
  if (!m) std::abort();  // default options always create a match
  fuzz::play_prefix(**m, in.prefix, in.seed ^ 0x9e3779b97f4a7c15ULL);

  const auto before = (*m)->observe().view_values();
  const auto refused = (*m)->check(in.seat, *action);
  auto applied_to = (*m)->clone();
  auto result = applied_to->apply(in.seat, *action);
  if (auto* err = std::get_if<protocol::rule_error>(&result)) {
    if (!refused || err->code.empty() || *refused != *err) std::abort();
    if (applied_to->observe().view_values() != before) std::abort();
    return 0;
  }
  if (refused) std::abort();
  const auto& accepted = std::get<protocol::applied>(result);
  auto replayed = (*m)->clone();
  if (replayed->check(in.seat, accepted.action)) std::abort();
  if (replayed->advance(in.seat, accepted.action)) std::abort();
  if (replayed->observe().view_values() != applied_to->observe().view_values()) std::abort();
  if (in.kind->secret_position(*replayed) != in.kind->secret_position(*applied_to)) std::abort();
  return 0;
}
