// Small JSON helpers shared by every codec, the server and the offline engine tool: strict
// field checks, bounded integers, seeds, and the one outcome JSON.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;

// The first key of object j (in j's order) that is not in allowed, or nullopt when every key
// is allowed (also for a non-object j). The empty key "" is unknown like any other.
std::optional<std::string> first_unknown_key(const json& j, std::initializer_list<std::string_view> allowed);

// j[key] as an int in [lo, hi], or nullopt when j has no such key, it is not an integer, or
// it is out of range (signed and unsigned JSON integers alike).
std::optional<int> int_field(const json& j, std::string_view key, long long lo, long long hi);

// j[key] as a pair [x, y] of ints in [lo, hi], or nullopt for anything else.
std::optional<std::array<int, 2>> int_pair_field(const json& j, std::string_view key, long long lo, long long hi);

// A seed: a JSON string of 1–20 decimal digits whose value fits an unsigned 64-bit integer
// ("0" … "18446744073709551615"); nullopt for anything else (numbers, signs, spaces).
std::optional<std::uint64_t> parse_seed(const json& j);

// Reads a full position's optional "seed" and "rng" (persistence codecs): rng from "rng" when
// given (a state written by this engine), else seeded from "seed", or, with neither, from
// fallback, which then becomes the seed. Returns the error message of a malformed value.
std::optional<std::string> read_position_rng(const json& j, std::uint64_t fallback, std::optional<std::uint64_t>& seed,
                                             engine::rng& rng);

// The refusal of a seat's view sent back to the engine: bad_view, "view.<what>".
inline engine::rule_error bad_view(std::string what) { return {"bad_view", "view." + std::move(what)}; }

// The opening every codec's parse_observation shares: view must be a JSON object, and its
// "options" (absent: the defaults) must parse with parse_options (a codec's, returning a
// variant of Options and rule_error). The options, or the bad_view refusal.
template <class Options, class Parse>
std::variant<Options, engine::rule_error> view_options(const json& view, Parse&& parse_options) {
  if (!view.is_object()) return engine::rule_error{"bad_view", "a view must be a JSON object"};
  auto opts = parse_options(view.contains("options") ? view["options"] : json());
  if (auto* err = std::get_if<engine::rule_error>(&opts)) return bad_view(err->message);
  return std::get<Options>(std::move(opts));
}

// The longest note an outcome carries (the host's reason for aborting a match), in bytes.
inline constexpr std::size_t max_host_note_bytes = 200;

// The JSON form of an engine outcome: null, or {"winner": 1|2|null, "reason": "…"} plus
// "note": "…" when the outcome has one.
json outcome_json(const std::optional<engine::outcome>& o);

// Reads what outcome_json wrote, strictly: null, or an object with exactly "winner" (1, 2 or
// null) and "reason" (1–64 characters). Sets out; returns the error message otherwise
// ("outcome…"), leaving out unchanged.
std::optional<std::string> read_outcome(const json& j, std::optional<engine::outcome>& out);

// The RFC 6902 patch that turns source into target, as JSON text: byte for byte
// json::diff(source, target).dump() (the same operations in the same order), written in one
// walk of both trees instead of comparing every subtree again at each level and building the
// patch as JSON first.
std::string diff_text(const json& source, const json& target);

}  // namespace tabuleiro::protocol
