#include "words_codec.h"

#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"

namespace tabuleiro::words {

namespace {

// A rule error.
engine::rule_error fail(const char* code, std::string message) { return {code, std::move(message)}; }

// The letters of a guessed-set as a string ("aez").
std::string letters(std::uint32_t set) {
  std::string out;
  for (int i = 0; i < 26; ++i)
    if (set & (1u << i)) out.push_back(static_cast<char>('a' + i));
  return out;
}

// The guessed-set of a string of distinct letters, or nullopt.
std::optional<std::uint32_t> letter_set(const json& j) {
  if (!j.is_string()) return std::nullopt;
  std::uint32_t set = 0;
  for (char c : j.get<std::string>()) {
    if (c < 'a' || c > 'z' || (set & (1u << (c - 'a')))) return std::nullopt;
    set |= 1u << (c - 'a');
  }
  return set;
}

}  // namespace

result<action> codec::parse_action(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    return fail("bad_action", "an action is an object with a string type");
  const auto& type = j["type"].get_ref<const std::string&>();
  if (type == "choose") {
    if (auto k = protocol::first_unknown_key(j, {"type", "word"})) return fail("bad_action", "unknown field " + *k);
    if (!j.contains("word") || !j["word"].is_string() || j["word"].get_ref<const std::string&>().size() > 64)
      return fail("bad_action", "choose needs a word");
    return action{action::choose, j["word"].get<std::string>(), 0};
  }
  if (type == "guess") {
    if (auto k = protocol::first_unknown_key(j, {"type", "letter"})) return fail("bad_action", "unknown field " + *k);
    if (!j.contains("letter") || !j["letter"].is_string() || j["letter"].get_ref<const std::string&>().size() != 1)
      return fail("bad_action", "guess needs one letter");
    return action{action::guess, "", j["letter"].get<std::string>()[0]};
  }
  return fail("bad_action", "unknown action type");
}

json codec::action_json(const action& a) {
  if (a.kind == action::choose) return {{"type", "choose"}, {"word", a.word}};
  return {{"type", "guess"}, {"letter", std::string(1, a.letter)}};
}

json codec::legal_action_json(const state&, const action& a) { return action_json(a); }

json codec::expects_json(const observation&, seat) {
  return {{"type", "choose"}, {"letters", {min_letters, max_letters}}};
}

json codec::event_json(const event& e) {
  switch (e.kind) {
    case event::chosen: {
      json j = {{"type", "chosen"}, {"by", e.by}};
      if (!e.word.empty()) j["word"] = e.word;
      return j;
    }
    case event::guessed:
      return {{"type", "guessed"}, {"by", e.by}, {"letter", std::string(1, e.letter)}, {"mask", e.mask}};
    case event::game_over: return {{"type", "game_over"}, {"winner", e.by}, {"words", e.words}};
  }
  return nullptr;
}

json codec::progress_json(const observation&) { return json::object(); }

json codec::observation_json(const observation& o) {
  json words = json::array(), masks = json::array(), guessed = json::array();
  for (int p = 0; p < 2; ++p) {
    words.push_back(o.word[p].empty() ? json() : json(o.word[p]));
    masks.push_back(o.mask[p].empty() ? json() : json(o.mask[p]));
    guessed.push_back(letters(o.guessed[p]));
  }
  return {{"game", name},
          {"phase", o.setup ? "setup" : "play"},
          {"chosen", o.chosen},
          {"words", std::move(words)},
          {"masks", std::move(masks)},
          {"guessed", std::move(guessed)},
          {"to_move", o.to_move == 0 ? json() : json(o.to_move)},
          {"outcome", protocol::outcome_json(o.outcome)}};
}

result<options> codec::parse_options(const json& j) {
  options o;
  if (j.is_null()) return o;
  if (!j.is_object()) return fail("bad_options", "options must be an object");
  if (auto k = protocol::first_unknown_key(j, {"leak"})) return fail("bad_options", "unknown option " + *k);
  if (j.contains("leak")) {
    if (!j["leak"].is_boolean()) return fail("bad_options", "leak is a boolean");
    o.leak = j["leak"].get<bool>();
  }
  return o;
}

json persistence::position_json(const state& s) {
  json j = {{"game", codec::name},     {"options", {{"leak", s.opts.leak}}},
            {"words", s.word},         {"guessed", {letters(s.guessed[0]), letters(s.guessed[1])}},
            {"to_move", s.to_move},    {"outcome", protocol::outcome_json(s.outcome)},
            {"rng", s.rng.to_string()}};
  if (s.seed) j["seed"] = std::to_string(*s.seed);
  return j;
}

result<state> persistence::parse_position(const json& j, std::uint64_t seed) {
  auto bad = [](const char* m) { return fail("bad_position", m); };
  if (!j.is_object() || j.value("game", json()) != codec::name) return bad("position.game must be \"words\"");
  if (protocol::first_unknown_key(j, {"game", "options", "words", "guessed", "to_move", "outcome", "rng", "seed"}))
    return bad("unknown position field");
  state s = new_game({}, seed);
  auto o = codec::parse_options(j.value("options", json()));
  if (auto* e = std::get_if<engine::rule_error>(&o)) return *e;
  s.opts = std::get<options>(o);
  const json w = j.value("words", json()), g = j.value("guessed", json());
  if (!w.is_array() || w.size() != 2 || !g.is_array() || g.size() != 2) return bad("words and guessed are pairs");
  for (int p = 0; p < 2; ++p) {
    if (!w[p].is_string()) return bad("a word is a string");
    s.word[p] = w[p].get<std::string>();
    const auto set = letter_set(g[p]);
    if (!set) return bad("guessed holds distinct letters a-z");
    s.guessed[p] = *set;
  }
  if (!j.value("outcome", json()).is_null()) return bad("a position of a finished game is not accepted");
  const auto to_move = protocol::int_field(j, "to_move", 1, 2);
  if (!to_move) return bad("to_move is 1 or 2");
  s.to_move = *to_move;
  if (j.contains("seed")) {
    const auto sd = protocol::parse_seed(j["seed"]);
    if (!sd) return bad("bad seed");
    s.seed = *sd;
    s.rng = engine::rng(*sd);
  }
  if (j.contains("rng")) {
    const auto r = j["rng"].is_string() ? engine::rng::from_string(j["rng"].get<std::string>()) : std::nullopt;
    if (!r) return bad("bad rng");
    s.rng = *r;
  }
  return s;
}

result<state> persistence::create(const json& options, const json& position, std::uint64_t seed) {
  if (!position.is_null()) return parse_position(position, seed);
  auto o = codec::parse_options(options);
  if (auto* e = std::get_if<engine::rule_error>(&o)) return *e;
  return new_game(std::get<words::options>(o), seed);
}

const protocol::game_kind& game_kind() {
  static const protocol::codec_game_kind<game, codec, persistence> kind;
  return kind;
}

}  // namespace tabuleiro::words
