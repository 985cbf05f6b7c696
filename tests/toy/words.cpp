#include "words.h"

#include <algorithm>

namespace tabuleiro::words {

namespace {

// True in the set-up phase (some seat has not chosen yet).
bool in_setup(const state& s) { return s.word[0].empty() || s.word[1].empty(); }

// The bit of letter c.
std::uint32_t bit(char c) { return 1u << (c - 'a'); }

// A refusal.
engine::rule_error refuse(const char* code, const char* message) { return {code, message}; }

}  // namespace

state new_game(const options& o, std::uint64_t seed) {
  state s;
  s.opts = o;
  s.rng = engine::rng(seed);
  s.seed = seed;
  return s;
}

std::string mask_of(const state& s, seat p) {
  std::string m = s.word[p - 1];
  for (char& c : m)
    if (!(s.guessed[2 - p] & bit(c))) c = '_';
  return m;
}

std::optional<engine::rule_error> game::check(const state& s, seat p, const action& a) {
  if (s.outcome) return refuse("game_over", "the game is over");
  if (p != 1 && p != 2) return refuse("not_your_turn", "no such seat");
  if (a.kind == action::choose) {
    if (!in_setup(s)) return refuse("not_your_turn", "the words are chosen; guess a letter");
    if (!s.word[p - 1].empty()) return refuse("already_chosen", "your word is already chosen");
    const bool letters = std::all_of(a.word.begin(), a.word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (!letters || a.word.size() < min_letters || a.word.size() > max_letters)
      return refuse("bad_word", "a word has 4 to 8 letters a-z");
    return std::nullopt;
  }
  if (in_setup(s)) return refuse("not_your_turn", "choose your word first");
  if (p != s.to_move) return refuse("not_your_turn", "it is not your turn");
  if (a.letter < 'a' || a.letter > 'z') return refuse("bad_action", "a letter is a-z");
  if (s.guessed[p - 1] & bit(a.letter)) return refuse("already_guessed", "you guessed that letter");
  return std::nullopt;
}

std::vector<action> game::legal_actions(const state& s, seat p) {
  std::vector<action> out;
  if (s.outcome || in_setup(s) || p != s.to_move) return out;
  for (char c = 'a'; c <= 'z'; ++c)
    if (!(s.guessed[p - 1] & bit(c))) out.push_back({action::guess, "", c});
  return out;
}

bool game::legal_complete(const state& s, seat p) {
  return !(in_setup(s) && !s.outcome && (p == 1 || p == 2) && s.word[p - 1].empty());
}

engine::apply_result<event> game::apply(state& s, seat p, const action& a) {
  if (auto e = check(s, p, a)) return *e;
  std::vector<event> out;
  if (a.kind == action::choose) {
    s.word[p - 1] = a.word;
    out.push_back({event::chosen, p, a.word, 0, "", {}});
    return out;
  }
  s.guessed[p - 1] |= bit(a.letter);
  const std::string mask = mask_of(s, 3 - p);
  out.push_back({event::guessed, p, "", a.letter, mask, {}});
  if (mask.find('_') == std::string::npos) {
    s.outcome = engine::outcome{p, "solved"};
    out.push_back({event::game_over, p, "", 0, "", s.word});
  } else {
    s.to_move = 3 - p;
  }
  return out;
}

std::vector<seat> game::seats_to_act(const state& s) {
  if (s.outcome) return {};
  if (!in_setup(s)) return {s.to_move};
  std::vector<seat> out;
  for (seat p = 1; p <= 2; ++p)
    if (s.word[p - 1].empty()) out.push_back(p);
  return out;
}

observation game::observe(const state& s, viewer v) {
  observation o;
  o.setup = in_setup(s);
  o.guessed = s.guessed;
  o.to_move = o.setup || s.outcome ? 0 : s.to_move;
  o.outcome = s.outcome;
  for (seat p = 1; p <= 2; ++p) {
    o.chosen[p - 1] = !s.word[p - 1].empty();
    if (s.outcome || s.opts.leak || static_cast<int>(v) == p) o.word[p - 1] = s.word[p - 1];
    if (!o.setup) o.mask[p - 1] = mask_of(s, p);
  }
  return o;
}

std::optional<event> game::redact(const event& e, viewer v) {
  if (e.kind != event::chosen || static_cast<int>(v) == e.by) return e;
  event r = e;
  r.word.clear();
  return r;
}

}  // namespace tabuleiro::words
