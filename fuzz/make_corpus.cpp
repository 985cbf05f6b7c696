// Writes the seed corpora of the game fuzzers from real play: for each game, seeds and prefix
// lengths, the legal actions available after the prefix (action_fuzz) and the full position
// and default options (position_fuzz), each behind the header fuzz_input.h reads; and bodies of
// POST /api/matches/publish (publish_fuzz): games played to their end, resigned, and refused.
// Usage: make_corpus DIR  (creates DIR/action_fuzz, DIR/position_fuzz and DIR/publish_fuzz)
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/rng.h"
#include "fuzz/fuzz_input.h"

using namespace tabuleiro;
namespace fs = std::filesystem;

namespace {

// The 10-byte header for game index g, seed and prefix (seat 2 when second).
std::string header(std::uint8_t g, std::uint64_t seed, int prefix, bool second) {
  std::string h(10, '\0');
  h[0] = static_cast<char>(g);
  for (int i = 0; i < 8; ++i) h[1 + i] = static_cast<char>((seed >> (8 * (7 - i))) & 0xff);
  h[9] = static_cast<char>((prefix & 0x3f) | (second ? 0x80 : 0));
  return h;
}

// Writes bytes to dir/name.
void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

// A publication of kind's game from seed: up to count legal actions (a listed one, or a preset),
// each of a seat to act chosen by a PRNG seeded with seed, stopping at the game's end.
protocol::json publication(const protocol::game_kind& kind, std::uint64_t seed, int count) {
  auto created = kind.create(protocol::json::object(), nullptr, seed);
  auto& m = *std::get<std::unique_ptr<protocol::match>>(created);
  engine::rng r(seed);
  protocol::json actions = protocol::json::array();
  for (int i = 0; i < count && !m.outcome(); ++i) {
    const auto to_act = m.seats_to_act();
    const engine::seat s = to_act[r.uniform(to_act.size())];
    const protocol::legal_json legal = m.legal(s);
    protocol::json action = legal.actions.empty() ? protocol::json{{"type", "setup"}, {"preset", "standard"}}
                                                  : legal.actions[r.uniform(legal.actions.size())];
    if (m.advance(s, action)) break;
    actions.push_back({{"seat", s}, {"action", std::move(action)}});
  }
  return {{"game", kind.name()},
          {"options", protocol::json::object()},
          {"seed", std::to_string(seed)},
          {"actions", std::move(actions)},
          {"end", nullptr}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_corpus DIR\n");
    return 2;
  }
  const fs::path actions = fs::path(argv[1]) / "action_fuzz";
  const fs::path positions = fs::path(argv[1]) / "position_fuzz";
  const fs::path publications = fs::path(argv[1]) / "publish_fuzz";
  fs::create_directories(actions);
  fs::create_directories(positions);
  fs::create_directories(publications);
  const auto names = protocol::game_names();
  for (std::uint8_t g = 0; g < names.size(); ++g) {
    const protocol::game_kind& kind = *protocol::find_game(names[g]);
    const std::string game(names[g]);
    for (std::uint64_t seed : {1ULL, 77ULL}) {
      for (int prefix : {0, 5, 30, 63}) {
        auto created = kind.create(protocol::json::object(), nullptr, seed);
        auto& m = *std::get<std::unique_ptr<protocol::match>>(created);
        fuzz::play_prefix(m, prefix, seed ^ 0x9e3779b97f4a7c15ULL);
        const std::string tag = game + "-" + std::to_string(seed) + "-" + std::to_string(prefix);
        write(positions, tag, header(g, seed, prefix, false) + kind.secret_position(m).dump());
        for (engine::seat s : m.seats_to_act()) {
          const protocol::legal_json legal = m.legal(s);
          const std::size_t step = legal.actions.size() / 3 + 1;
          for (std::size_t i = 0; i < legal.actions.size(); i += step)
            write(actions, tag + "-s" + std::to_string(s) + "-" + std::to_string(i),
                  header(g, seed, prefix, s == 2) + legal.actions[i].dump());
          if (!legal.complete)
            write(actions, tag + "-s" + std::to_string(s) + "-expects",
                  header(g, seed, prefix, s == 2) + legal.expects.dump());
        }
      }
    }
    // Publications (under the fuzzers' 16 KiB inputs): a game to its end where one fits, one
    // resigned by seat 2 against the computer in seat 1 with names, one refused at its 8th step.
    for (std::uint64_t seed : {1ULL, 77ULL}) {
      const protocol::json whole = publication(kind, seed, 400);
      const std::string tag = game + "-" + std::to_string(seed);
      if (whole.dump().size() < 16000) write(publications, tag + "-end", whole.dump());
      protocol::json resigned = publication(kind, seed, 12);
      resigned["end"] = {{"type", "resign"}, {"seat", 2}};
      resigned["bot"] = "easy";
      resigned["bot_seat"] = 1;
      resigned["names"] = {{"2", "Ana"}};
      write(publications, tag + "-resign", resigned.dump());
      protocol::json refused = publication(kind, seed, 12);
      if (refused["actions"].size() >= 8) refused["actions"][7]["seat"] = 3 - refused["actions"][7]["seat"].get<int>();
      write(publications, tag + "-refused", refused.dump());
    }
    write(positions, game + "-options",
          header(g, 1, 0, true) + kind.secret_position(*std::get<std::unique_ptr<protocol::match>>(
                                                           kind.create(protocol::json::object(), nullptr, 1)))
                                      .dump());
  }
  return 0;
}
