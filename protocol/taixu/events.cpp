// TAIXU events as object_text members, and enum names (rules §11; fields listed in
// engine/taixu/RULES.md).
#include "protocol/taixu/codec.h"
#include "protocol/taixu/names.h"

namespace tabuleiro::protocol {

using taixu::cause;
using taixu::effect;

namespace {

constexpr std::array<std::string_view, 6> effect_names = {"none",  "overload", "echo",
                                                          "drain", "rift",     "free_distortion"};

}  // namespace

std::string_view effect_name(effect e) { return effect_names[static_cast<int>(e)]; }

std::optional<effect> parse_effect(const json& j) {
  if (!j.is_string()) return std::nullopt;
  for (int i = 1; i < static_cast<int>(effect_names.size()); ++i)
    if (j.get_ref<const std::string&>() == effect_names[i]) return static_cast<effect>(i);
  return std::nullopt;
}

std::string_view cause_name(cause c) {
  switch (c) {
    case cause::none: return "none";
    case cause::arrival: return "arrival";
    case cause::zone: return "zone";
    case cause::overload: return "overload";
    case cause::drain: return "drain";
    case cause::repel: return "repel";
    case cause::stabilize: return "stabilize";
    case cause::echo: return "echo";
    case cause::summon: return "summon";
    case cause::move: return "move";
    case cause::swap: return "swap";
    case cause::turn_start: return "turn_start";
    case cause::singularity: return "singularity";
    case cause::extermination: return "extermination";
  }
  return "none";
}

namespace {

// The members after "type" of each event (rules §11), one overload per event struct.
void members(object_text& o, const taixu::summoned& e) { o.text("at", square_name(e.at)).integer("player", e.player); }

void members(object_text& o, const taixu::moved& e) {
  o.text("from", square_name(e.from)).text("to", square_name(e.to)).integer("player", e.player);
}

void members(object_text& o, const taixu::captured& e) {
  o.text("at", square_name(e.at))
      .integer("by", e.attacker_owner)
      .integer("owner", e.victim_owner)
      .integer("charge", e.victim_charge)
      .boolean("removed", e.removed);
}

void members(object_text& o, const taixu::repelled& e) {
  o.text("from", square_name(e.from))
      .text("to", square_name(e.to))
      .integer("player", e.player)
      .integer("defender", e.defender);
}

void members(object_text& o, const taixu::swapped& e) {
  o.text("a", square_name(e.a)).text("b", square_name(e.b)).integer("player", e.player);
}

void members(object_text& o, const taixu::charge_changed& e) {
  o.text("at", square_name(e.at))
      .integer("owner", e.owner)
      .integer("from", e.from)
      .integer("to", e.to)
      .text("cause", cause_name(e.why));
}

void members(object_text& o, const taixu::zone_bonus& e) { o.text("at", square_name(e.at)).integer("owner", e.owner); }

void members(object_text& o, const taixu::anomaly_triggered& e) {
  o.text("at", square_name(e.at)).integer("owner", e.owner).text("effect", effect_name(e.anomaly));
}

void members(object_text& o, const taixu::teleported& e) {
  o.text("from", square_name(e.from));
  if (e.to == taixu::no_square) o.null("to");
  else o.text("to", square_name(e.to));
  o.integer("owner", e.owner);
}

void members(object_text& o, const taixu::exploded& e) {
  o.text("at", square_name(e.at)).integer("owner", e.owner).integer("charge", e.charge);
}

void members(object_text& o, const taixu::wave& e) {
  o.text("center", square_name(e.center));
  o.integer("player", e.actor);
  std::vector<std::string> ring;
  for (int i = 0; i < e.ring_count; ++i) ring.push_back(square_name(e.ring[i]));
  o.strings("squares", std::move(ring));
  std::string hits = "[";
  for (int i = 0; i < e.hit_count; ++i) {
    const auto& h = e.hits[i];
    if (i) hits += ',';
    object_text hit;
    hit.text("at", square_name(h.at))
        .integer("owner", h.owner)
        .integer("from", h.from)
        .integer("to", h.to)
        .boolean("destroyed", h.destroyed);
    hit.append_to(hits);
  }
  o.json_text("hits", hits + ']');
}

void members(object_text& o, const taixu::destroyed& e) {
  o.text("at", square_name(e.at)).integer("owner", e.owner).boolean("removed", e.removed);
}

void members(object_text& o, const taixu::bonus_earned& e) {
  o.integer("player", e.player).text("center", square_name(e.center)).integer("pending", e.pending);
}

void members(object_text& o, const taixu::pc_changed& e) {
  o.integer("player", e.player).integer("from", e.from).integer("to", e.to).text("cause", cause_name(e.why));
}

void members(object_text& o, const taixu::idle_decay& e) {
  o.text("at", square_name(e.at)).integer("owner", e.owner).integer("from", e.from).integer("to", e.to);
}

void members(object_text& o, const taixu::anomalies_reshuffled& e) {
  o.integer("round", e.round);
  object_text placed;  // keyed by square: the names outlive it (a static table)
  for (int i = 0; i < e.count; ++i) placed.text(square_name(e.placed[i].at), effect_name(e.placed[i].what));
  std::string text;
  placed.append_to(text);
  o.json_text("anomalies", std::move(text));
}

void members(object_text& o, const taixu::turn_ended& e) {
  o.integer("player", e.player).integer("round", e.round).boolean("automatic", e.automatic);
}

void members(object_text& o, const taixu::turn_started& e) {
  o.integer("player", e.player).integer("round", e.round).integer("pc", e.pc).integer("bonus", e.bonus);
}

void members(object_text& o, const taixu::game_over& e) {
  o.seat_or_null("winner", e.winner).text("reason", cause_name(e.reason));
}

}  // namespace

void taixu_codec::event_fields(object_text& o, const taixu::event& e) {
  std::visit(
      [&o](const auto& x) {
        o.text("type", x.name);
        members(o, x);
      },
      e);
}

}  // namespace tabuleiro::protocol
