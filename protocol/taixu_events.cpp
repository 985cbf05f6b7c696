// TAIXU events as object_text members, and enum names (rules §11; fields listed in
// engine/taixu/RULES.md).
#include "protocol/taixu_codec.h"
#include "protocol/taixu_names.h"

namespace tabuleiro::protocol {

using taixu::cause;
using taixu::effect;
using taixu::event_kind;

namespace {

constexpr std::array<std::string_view, 6> effect_names = {"none", "overload", "echo", "drain", "rift",
                                                          "free_distortion"};

}  // namespace

std::string_view effect_name(effect e) { return effect_names[static_cast<int>(e)]; }

std::optional<effect> parse_effect(const json& j) {
  if (!j.is_string()) return std::nullopt;
  for (int i = 1; i < static_cast<int>(effect_names.size()); ++i)
    if (j.get_ref<const std::string&>() == effect_names[i]) return static_cast<effect>(i);
  return std::nullopt;
}

std::string_view event_name(event_kind k) {
  switch (k) {
    case event_kind::summoned: return "summoned";
    case event_kind::moved: return "moved";
    case event_kind::captured: return "captured";
    case event_kind::repelled: return "repelled";
    case event_kind::swapped: return "swapped";
    case event_kind::charge_changed: return "charge_changed";
    case event_kind::zone_bonus: return "zone_bonus";
    case event_kind::anomaly_triggered: return "anomaly_triggered";
    case event_kind::teleported: return "teleported";
    case event_kind::exploded: return "exploded";
    case event_kind::wave: return "wave";
    case event_kind::destroyed: return "destroyed";
    case event_kind::bonus_earned: return "bonus_earned";
    case event_kind::pc_changed: return "pc_changed";
    case event_kind::idle_decay: return "idle_decay";
    case event_kind::anomalies_reshuffled: return "anomalies_reshuffled";
    case event_kind::turn_ended: return "turn_ended";
    case event_kind::turn_started: return "turn_started";
    case event_kind::game_over: return "game_over";
  }
  return "unknown";
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

void taixu_codec::event_fields(object_text& o, const taixu::event& e) {
  o.text("type", event_name(e.kind));
  switch (e.kind) {
    case event_kind::summoned:
      o.text("at", square_name(e.at));
      o.integer("player", e.player);
      break;
    case event_kind::moved:
      o.text("from", square_name(e.at));
      o.text("to", square_name(e.to));
      o.integer("player", e.player);
      break;
    case event_kind::captured:
      o.text("at", square_name(e.at));
      o.integer("by", e.player);
      o.integer("owner", e.owner);
      o.integer("charge", e.from);
      o.boolean("removed", e.flag);
      break;
    case event_kind::repelled:
      o.text("from", square_name(e.at));
      o.text("to", square_name(e.to));
      o.integer("player", e.player);
      o.integer("defender", e.owner);
      break;
    case event_kind::swapped:
      o.text("a", square_name(e.at));
      o.text("b", square_name(e.to));
      o.integer("player", e.player);
      break;
    case event_kind::charge_changed:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      o.integer("from", e.from);
      o.integer("to", e.value);
      o.text("cause", cause_name(e.why));
      break;
    case event_kind::zone_bonus:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      break;
    case event_kind::anomaly_triggered:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      o.text("effect", effect_name(e.what));
      break;
    case event_kind::teleported:
      o.text("from", square_name(e.at));
      if (e.to == taixu::no_square) o.null("to");
      else o.text("to", square_name(e.to));
      o.integer("owner", e.owner);
      break;
    case event_kind::exploded:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      o.integer("charge", e.from);
      break;
    case event_kind::wave: {
      o.text("center", square_name(e.at));
      o.integer("player", e.player);
      std::vector<std::string> ring;
      for (int i = 0; i < e.count; ++i) ring.push_back(square_name(e.ring[i]));
      o.strings("squares", std::move(ring));
      std::string hits = "[";
      for (int i = 0; i < e.hit_count; ++i) {
        const auto& h = e.hits[i];
        if (i) hits += ',';
        object_text hit;
        hit.text("at", square_name(h.at)).integer("owner", h.owner).integer("from", h.from).integer("to", h.to)
            .boolean("destroyed", h.destroyed);
        hit.append_to(hits);
      }
      o.json_text("hits", hits + ']');
      break;
    }
    case event_kind::destroyed:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      o.boolean("removed", e.flag);
      break;
    case event_kind::bonus_earned:
      o.integer("player", e.player);
      o.text("center", square_name(e.at));
      o.integer("pending", e.value);
      break;
    case event_kind::pc_changed:
      o.integer("player", e.player);
      o.integer("from", e.from);
      o.integer("to", e.value);
      o.text("cause", cause_name(e.why));
      break;
    case event_kind::idle_decay:
      o.text("at", square_name(e.at));
      o.integer("owner", e.owner);
      o.integer("from", e.from);
      o.integer("to", e.value);
      break;
    case event_kind::anomalies_reshuffled: {
      o.integer("round", e.round);
      object_text placed;  // keyed by square: the names outlive it (a static table)
      for (int i = 0; i < e.count; ++i) placed.text(square_name(e.placed[i].at), effect_name(e.placed[i].what));
      std::string text;
      placed.append_to(text);
      o.json_text("anomalies", std::move(text));
      break;
    }
    case event_kind::turn_ended:
      o.integer("player", e.player);
      o.integer("round", e.round);
      o.boolean("automatic", e.flag);
      break;
    case event_kind::turn_started:
      o.integer("player", e.player);
      o.integer("round", e.round);
      o.integer("pc", e.value);
      o.integer("bonus", e.from);
      break;
    case event_kind::game_over:
      o.seat_or_null("winner", e.player);
      o.text("reason", cause_name(e.why));
      break;
  }
}

}  // namespace tabuleiro::protocol
