// The QU4DRI leak declaration can fail: an unrevealed value written into a view, a patch or an
// event is found by the fragments of tests/leak/secrets.cpp, while the honest view has none.
#include <catch2/catch.hpp>

#include "protocol/core/game.h"
#include "secrets.h"

using namespace tabuleiro;
using leak::json;

namespace {

bool holds_any(const std::string& text, const std::vector<std::string>& secrets) {
  for (const auto& s : secrets)
    if (text.find(s) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("the QU4DRI declaration finds an unrevealed value in a view, a patch or an event") {
  const auto* kind = protocol::find_game("quadri");
  REQUIRE(kind != nullptr);
  auto created = kind->create(nullptr, nullptr, 77);
  auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  const json position = kind->secret_position(*m);
  const auto secrets = leak::quadri_secrets(position);
  const protocol::publication pub = m->observe();
  const json view = pub.views[0]->value();
  CHECK_FALSE(holds_any(view.dump(), secrets));
  int value = 0;
  for (const json& t : position["tiles"])
    if (t["at"] == "d6") value = t["value"];
  json leaky = view;
  leaky["tiles"]["d6"]["value"] = value;
  CHECK(holds_any(leaky.dump(), secrets));
  CHECK(holds_any(json::diff(view, leaky).dump(), secrets));
  const json flipped = {
      {"type", "tile_flipped"}, {"at", "d6"}, {"by", nullptr}, {"side", "location"}, {"value", value}};
  CHECK(holds_any(flipped.dump(), secrets));
  const json scored = {{"type", "energy_changed"}, {"at", "d6"},    {"player", 1}, {"from", 32},
                       {"to", 32 + value},         {"delta", value}};
  CHECK(holds_any(scored.dump(), secrets));
  // Once the talisman is revealed its fragments are no longer secrets.
  auto r = m->apply(1, {{"type", "flip"}, {"at", "d6"}});
  REQUIRE(std::holds_alternative<protocol::applied>(r));
  const auto after = leak::quadri_secrets(kind->secret_position(*m));
  CHECK_FALSE(holds_any(std::get<protocol::applied>(r).pub.views[0]->value().dump(), after));
  CHECK_FALSE(holds_any(std::get<protocol::applied>(r).pub.events[0]->text(), after));
}
