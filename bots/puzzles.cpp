// Puzzle mining: every position of whole games, tried line by line for a win at once.
#include "bots/puzzles.h"

#include <algorithm>
#include <atomic>
#include <set>
#include <stdexcept>

#include "bots/arena.h"

namespace tabuleiro::bots {

namespace {

using protocol::json;
using line = std::vector<json>;

// The longest winning line looked for, all in the side's one turn (a game whose turn is one
// action never gets past the first).
constexpr int max_line = 2;
// Actions tried per position at most (TAIXU's second actions included).
constexpr int try_budget = 20000;
// Hidden parts drawn anew this many times; a win must hold in every draw.
constexpr int draws = 4;
// A position is a puzzle when at most this share of its first actions wins (1 in 4).
constexpr int alternatives_per_win = 4;
// Legal first actions a win puzzle must offer at least (a capture puzzle: two).
constexpr int min_legal = 4;

// Appends to out every line of at most depth actions by seat s from m (s acting throughout) that
// ends the game with s winning; spends budget per action tried.
void winning_lines(const protocol::match& m, engine::seat s, int depth, line& prefix, std::vector<line>& out,
                   int& budget) {
  const auto legal = m.legal(s);
  if (!legal.complete) return;
  for (const json& a : legal.actions) {
    if (--budget < 0) return;
    auto next = m.clone();
    if (next->advance(s, a)) continue;
    prefix.push_back(a);
    if (const auto o = next->outcome()) {
      if (o->winner == s) out.push_back(prefix);
    } else if (depth > 1 && next->seats_to_act() == std::vector<engine::seat>{s}) {
      winning_lines(*next, s, depth - 1, prefix, out, budget);
    }
    prefix.pop_back();
  }
}

// Whether playing l as seat s in m wins the game.
bool wins(const protocol::match& m, engine::seat s, const line& l) {
  auto next = m.clone();
  for (const json& a : l) {
    if (next->outcome() || next->advance(s, a)) return false;
  }
  const auto o = next->outcome();
  return o && o->winner == s;
}

// The pieces seat s's action a captures in m (its "captured" events), or -1 when refused.
int captures(const protocol::match& m, engine::seat s, const json& a) {
  auto next = m.clone();
  auto done = next->apply(s, a);
  if (!std::holds_alternative<protocol::applied>(done)) return -1;
  const json& events = std::get<protocol::applied>(done).pub.events_of(s);
  return static_cast<int>(
      std::count_if(events.begin(), events.end(), [](const json& e) { return e.value("type", "") == "captured"; }));
}

// Whether seat s is still to act (alone) after playing action a in m.
bool acts_again(const protocol::match& m, engine::seat s, const json& a) {
  auto next = m.clone();
  return !next->advance(s, a) && next->seats_to_act() == std::vector<engine::seat>{s};
}

// Whether seat s playing action a in m opens a line of at most depth actions that wins.
bool opens_win(const protocol::match& m, engine::seat s, const json& a, int depth) {
  auto next = m.clone();
  if (next->advance(s, a)) return false;
  if (const auto o = next->outcome()) return o->winner == s;
  if (depth <= 1 || next->seats_to_act() != std::vector<engine::seat>{s}) return false;
  std::vector<line> found;
  line prefix;
  int budget = try_budget;
  winning_lines(*next, s, depth - 1, prefix, found, budget);
  return !found.empty();
}

// The puzzle at m (seat s to move; view: s's view of m), or nullopt when m is none: neither a
// win nor a single best capture, too many winning first actions, too few actions, or a result
// that depends on what s cannot see.
std::optional<puzzle> puzzle_at(const protocol::game_kind& kind, const protocol::match& m, engine::seat s,
                                const json& view, std::uint64_t seed) {
  const auto legal = m.legal(s);
  // Two choices at least (a capture must be chosen among others); four for a win.
  if (!legal.complete || legal.actions.size() < 2) return std::nullopt;
  const int depth = max_line;
  std::vector<line> found;
  line prefix;
  int budget = try_budget;
  if (static_cast<int>(legal.actions.size()) >= min_legal) winning_lines(m, s, depth, prefix, found, budget);
  // Otherwise, one action that captures more than any other (two pieces at least) and ends the
  // turn (where a turn goes on, the next action could change the count).
  int most = 0;
  if (found.empty()) {
    std::vector<int> taken;
    for (const json& a : legal.actions) taken.push_back(captures(m, s, a));
    most = taken.empty() ? 0 : *std::max_element(taken.begin(), taken.end());
    const json& best = legal.actions[std::max_element(taken.begin(), taken.end()) - taken.begin()];
    if (most >= 2 && std::count(taken.begin(), taken.end(), most) == 1 && !acts_again(m, s, best))
      found.push_back({best});
    else most = 0;
  }
  if (found.empty()) return std::nullopt;
  // The result must not depend on hidden parts: it holds in matches drawn from s's view alone.
  std::vector<std::unique_ptr<protocol::match>> drawn;
  for (int k = 0; k < draws; ++k) {
    auto d = kind.from_view(view, engine::viewer_of(s), derive_seed(seed, static_cast<std::uint64_t>(k)));
    if (!std::holds_alternative<std::unique_ptr<protocol::match>>(d)) return std::nullopt;
    drawn.push_back(std::move(std::get<std::unique_ptr<protocol::match>>(d)));
  }
  const auto holds = [&](const protocol::match& d, const line& l) {
    return most ? captures(d, s, l.front()) == most : wins(d, s, l);
  };
  std::erase_if(found, [&](const line& l) {
    return !std::all_of(drawn.begin(), drawn.end(), [&](const auto& d) { return holds(*d, l); });
  });
  if (found.empty()) return std::nullopt;
  std::set<std::string> first;
  for (const line& l : found) first.insert(l.front().dump());
  const int legal_count = static_cast<int>(legal.actions.size());
  if (!most && static_cast<int>(first.size()) * alternatives_per_win > legal_count) return std::nullopt;

  puzzle p;
  p.kind = most ? "material" : "win";
  p.goal = most ? json{{"count", {{"event", {{"type", "captured"}}}, {"at_least", most}}}}
                : json{{"outcome", {{"winner", s}}}};
  p.side = s;
  p.legal = legal_count;
  p.solutions = found;
  p.position = kind.secret_position(*drawn.front());
  for (const json& a : legal.actions) {
    if (p.wrong.size() == 3) break;
    if (!first.count(a.dump())) p.wrong.push_back(a);
  }
  // Difficulty: the smallest search budget that finds a solution's first action from the
  // puzzle's position (the easy level's search with 1, then 8 playouts; the hard level's own
  // budget), 4 when none does; and at least the odds of a blind first action: one in 10 or
  // better 1, in 40 2, in 100 3, worse 4.
  const std::atomic<bool> never{false};
  const auto solved_by = [&](level l, int iterations) {
    limits lim;
    lim.iterations = iterations;
    const auto act = choose(*drawn.front(), s, l, lim, derive_seed(seed, 100), never);
    return act && (most ? captures(*drawn.front(), s, *act) == most : opens_win(*drawn.front(), s, *act, depth));
  };
  const int searched = solved_by(level::easy, 1)                                              ? 1
                       : solved_by(level::easy, 8)                                            ? 2
                       : solved_by(level::hard, default_iterations(kind.name(), level::hard)) ? 3
                                                                                              : 4;
  const int odds = legal_count / static_cast<int>(first.size());  // one winning first action in this many
  p.difficulty = std::max(searched, odds <= 10 ? 1 : odds <= 40 ? 2 : odds <= 100 ? 3 : 4);
  return p;
}

// Replays log through kind's rules into matches: calls visit(match before, seat, index) before
// each action. Throws std::invalid_argument naming the log and step the rules refuse.
template <typename Visit>
void replay(const protocol::game_kind& kind, const game_log& log, Visit visit) {
  auto created = kind.create(log.options, nullptr, log.seed);
  if (auto* err = std::get_if<protocol::rule_error>(&created))
    throw std::invalid_argument(log.source + ": " + err->code + " " + err->message);
  protocol::match& m = *std::get<0>(created);
  for (std::size_t i = 0; i < log.actions.size(); ++i) {
    const auto& [seat, action] = log.actions[i];
    visit(m, seat, static_cast<int>(i));
    if (auto err = m.advance(seat, action))
      throw std::invalid_argument(log.source + ": action " + std::to_string(i + 1) + " refused: " + err->code);
  }
}

// One arena game of c: hard against hard, as a log (stopped after c.max_actions).
game_log arena_log(const puzzle_config& c, const protocol::game_kind& kind, int index) {
  game_log log;
  log.source = "arena " + std::to_string(index);
  log.seed = derive_seed(c.seed, static_cast<std::uint64_t>(index));
  auto created = kind.create(log.options, nullptr, log.seed);
  protocol::match& m = *std::get<0>(created);
  const std::atomic<bool> never{false};
  limits lim;
  lim.iterations = c.iterations ? *c.iterations : default_iterations(kind.name(), level::hard);
  while (static_cast<int>(log.actions.size()) < c.max_actions) {
    const auto to_act = m.seats_to_act();
    if (to_act.empty()) break;
    const engine::seat s = to_act.front();
    auto act = choose(m, s, level::hard, lim, derive_seed(log.seed, log.actions.size()), never);
    if (!act || m.advance(s, *act)) break;
    log.actions.emplace_back(s, *act);
  }
  return log;
}

}  // namespace

puzzle_set mine_puzzles(const puzzle_config& c, const std::vector<game_log>& logs) {
  const protocol::game_kind* kind = protocol::find_game(c.game);
  if (!kind) throw std::invalid_argument("unknown game '" + c.game + "'");
  if (!plays(c.game)) throw std::invalid_argument("game '" + c.game + "' has no computer player to verify puzzles");
  if (c.games < 0 || c.games > 10000) throw std::invalid_argument("games must be 0..10000");
  if (c.max_actions < 1 || c.max_actions > 100000) throw std::invalid_argument("max_actions must be 1..100000");
  if (c.max_puzzles < 1) throw std::invalid_argument("max_puzzles must be positive");
  if (c.iterations && (*c.iterations < 1 || *c.iterations > 10000000))
    throw std::invalid_argument("iterations must be 1..10000000");
  std::vector<game_log> all = logs;
  for (int i = 0; i < c.games; ++i) all.push_back(arena_log(c, *kind, i));

  puzzle_set set;
  set.game = c.game;
  std::set<std::string> seen;  // the views already made puzzles (the same position twice)
  for (std::size_t g = 0; g < all.size(); ++g) {
    ++set.games_mined;
    replay(*kind, all[g], [&](const protocol::match& m, engine::seat s, int i) {
      if (m.seats_to_act() != std::vector<engine::seat>{s}) return;
      ++set.positions;
      const json view = m.observe().view_of(s);
      const std::string key = view.dump();
      if (seen.count(key)) return;
      auto p = puzzle_at(*kind, m, s, view,
                         derive_seed(c.seed, (static_cast<std::uint64_t>(g) << 20) + static_cast<std::uint64_t>(i)));
      if (!p) return;
      seen.insert(key);
      p->source = all[g].source + ", before action " + std::to_string(i + 1);
      set.puzzles.push_back(std::move(*p));
    });
  }
  // The first max_puzzles found (every difficulty as it comes), then easiest first.
  if (static_cast<int>(set.puzzles.size()) > c.max_puzzles) set.puzzles.resize(c.max_puzzles);
  std::stable_sort(set.puzzles.begin(), set.puzzles.end(),
                   [](const puzzle& a, const puzzle& b) { return a.difficulty < b.difficulty; });
  for (std::size_t i = 0; i < set.puzzles.size(); ++i) set.puzzles[i].id = c.game + "-" + std::to_string(i + 1);
  return set;
}

json puzzles_json(const puzzle_set& set) {
  json list = json::array();
  for (const puzzle& p : set.puzzles) {
    list.push_back({{"id", p.id},
                    {"source", p.source},
                    {"kind", p.kind},
                    {"side", p.side},
                    {"position", p.position},
                    {"goal", p.goal},
                    {"solutions", p.solutions},
                    {"wrong", p.wrong},
                    {"legal", p.legal},
                    {"difficulty", p.difficulty}});
  }
  return {{"game", set.game}, {"games_mined", set.games_mined}, {"positions", set.positions}, {"puzzles", list}};
}

}  // namespace tabuleiro::bots
