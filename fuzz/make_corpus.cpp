// Writes the seed corpora of the game fuzzers from real play: for each game, seeds and prefix
// lengths, the legal actions available after the prefix (action_fuzz) and the full position
// and default options (position_fuzz), each behind the header fuzz_input.h reads.
// Usage: make_corpus DIR  (creates DIR/action_fuzz and DIR/position_fuzz)
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

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

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_corpus DIR\n");
    return 2;
  }
  const fs::path actions = fs::path(argv[1]) / "action_fuzz";
  const fs::path positions = fs::path(argv[1]) / "position_fuzz";
  fs::create_directories(actions);
  fs::create_directories(positions);
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
    write(positions, game + "-options", header(g, 1, 0, true) + kind.secret_position(
        *std::get<std::unique_ptr<protocol::match>>(kind.create(protocol::json::object(), nullptr, 1))).dump());
  }
  return 0;
}
