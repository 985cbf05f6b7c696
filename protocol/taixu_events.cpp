// TAIXU events and enum names as JSON (rules §11; fields listed in engine/taixu/RULES.md).
#include "protocol/taixu_codec.h"
#include "protocol/taixu_names.h"

namespace tabuleiro::protocol {

using taixu::cause;
using taixu::effect;
using taixu::event_kind;

namespace {

constexpr std::array<std::string_view, 6> effect_names = {"none", "overload", "echo", "drain", "rift",
                                                          "free_distortion"};

// A square's name, or null for no_square.
json square_or_null(int sq) { return sq == taixu::no_square ? json(nullptr) : json(square_name(sq)); }

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

json taixu_codec::event_json(const taixu::event& e) {
  json j = {{"type", event_name(e.kind)}};
  switch (e.kind) {
    case event_kind::summoned:
      j["at"] = square_name(e.at);
      j["player"] = e.player;
      break;
    case event_kind::moved:
      j["from"] = square_name(e.at);
      j["to"] = square_name(e.to);
      j["player"] = e.player;
      break;
    case event_kind::captured:
      j["at"] = square_name(e.at);
      j["by"] = e.player;
      j["owner"] = e.owner;
      j["charge"] = e.from;
      j["removed"] = e.flag;
      break;
    case event_kind::repelled:
      j["from"] = square_name(e.at);
      j["to"] = square_name(e.to);
      j["player"] = e.player;
      j["defender"] = e.owner;
      break;
    case event_kind::swapped:
      j["a"] = square_name(e.at);
      j["b"] = square_name(e.to);
      j["player"] = e.player;
      break;
    case event_kind::charge_changed:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      j["from"] = e.from;
      j["to"] = e.value;
      j["cause"] = cause_name(e.why);
      break;
    case event_kind::zone_bonus:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      break;
    case event_kind::anomaly_triggered:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      j["effect"] = effect_name(e.what);
      break;
    case event_kind::teleported:
      j["from"] = square_name(e.at);
      j["to"] = square_or_null(e.to);
      j["owner"] = e.owner;
      break;
    case event_kind::exploded:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      j["charge"] = e.from;
      break;
    case event_kind::wave: {
      j["center"] = square_name(e.at);
      j["player"] = e.player;
      json ring = json::array();
      for (int i = 0; i < e.count; ++i) ring.push_back(square_name(e.ring[i]));
      j["squares"] = std::move(ring);
      json hits = json::array();
      for (int i = 0; i < e.hit_count; ++i) {
        const auto& h = e.hits[i];
        hits.push_back({{"at", square_name(h.at)}, {"owner", h.owner}, {"from", h.from}, {"to", h.to},
                        {"destroyed", h.destroyed}});
      }
      j["hits"] = std::move(hits);
      break;
    }
    case event_kind::destroyed:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      j["removed"] = e.flag;
      break;
    case event_kind::bonus_earned:
      j["player"] = e.player;
      j["center"] = square_name(e.at);
      j["pending"] = e.value;
      break;
    case event_kind::pc_changed:
      j["player"] = e.player;
      j["from"] = e.from;
      j["to"] = e.value;
      j["cause"] = cause_name(e.why);
      break;
    case event_kind::idle_decay:
      j["at"] = square_name(e.at);
      j["owner"] = e.owner;
      j["from"] = e.from;
      j["to"] = e.value;
      break;
    case event_kind::anomalies_reshuffled: {
      j["round"] = e.round;
      json placed = json::object();
      for (int i = 0; i < e.count; ++i) placed[square_name(e.placed[i].at)] = effect_name(e.placed[i].what);
      j["anomalies"] = std::move(placed);
      break;
    }
    case event_kind::turn_ended:
      j["player"] = e.player;
      j["round"] = e.round;
      j["automatic"] = e.flag;
      break;
    case event_kind::turn_started:
      j["player"] = e.player;
      j["round"] = e.round;
      j["pc"] = e.value;
      j["bonus"] = e.from;
      break;
    case event_kind::game_over:
      j["winner"] = e.player ? json(e.player) : json(nullptr);
      j["reason"] = cause_name(e.why);
      break;
  }
  return j;
}

}  // namespace tabuleiro::protocol
