// A game added beside the hosted ones (the toy "words", in this folder only) gets its link
// preview picture and its name in notifications with no change in server/: the server asks the
// game's game_kind for its title and picture, and draws the picture as it draws any game's.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "harness.h"
#include "protocol/core/push_messages.h"
#include "words_codec.h"

using namespace tabuleiro;
using namespace tabuleiro::test;
using protocol::json;

namespace {

// The width and height of a PNG file's bytes (its IHDR chunk), or {0, 0} when it is not one.
std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0)
    return {0, 0};
  auto big_endian = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  return {big_endian(16), big_endian(20)};
}

// The toy game registered in this process (once).
const protocol::game_kind& words_kind() {
  if (!protocol::find_game("words")) REQUIRE(protocol::register_game(&words::game_kind()));
  return *protocol::find_game("words");
}

// Applies action for seat s to m, REQUIREing that it is accepted.
void act(protocol::match& m, int s, const json& action) {
  const auto done = m.apply(static_cast<engine::seat>(s), action);
  REQUIRE(std::holds_alternative<protocol::applied>(done));
}

// The marks of seat's rank of picture p, as one string ('.' for a square without a mark).
std::string rank_marks(const protocol::board_picture& p, int seat) {
  std::string out;
  for (int f = 0; f < p.files; ++f) {
    const auto& sq = p.squares[static_cast<std::size_t>((seat - 1) * p.files + f)];
    out += sq.piece && !sq.piece->mark.empty() ? sq.piece->mark : ".";
  }
  return out;
}

}  // namespace

TEST_CASE("toy game: the server names it in a match page's preview and draws its picture as a 1200 x 630 PNG") {
  temp_dir dir;
  // A web folder of its own (the match page is its index.html with the preview's tags added),
  // so the test does not depend on the directory it runs in.
  std::filesystem::create_directories(dir.path + "/web");
  std::ofstream(dir.path + "/web/index.html") << "<!doctype html><html><head><title>Tabuleiro</title></head></html>";
  server_process s(dir.path + "/toy.db", {"--web", dir.path + "/web"}, "", TABULEIRO_TOY_BIN);
  const auto made = create_match(s.port(), {{"game", "words"}, {"seat", 1}});

  const auto page = http_call(s.port(), "GET", "/m/" + made.code);
  REQUIRE(page.status == 200);
  CHECK(page.body.find(R"(<meta property="og:title" content="Words · )") != std::string::npos);

  const auto png = http_call(s.port(), "GET", "/api/matches/" + made.code + "/preview.png");
  REQUIRE(png.status == 200);
  CHECK(png.content_type == "image/png");
  CHECK(png_size(png.body) == std::pair<std::uint32_t, std::uint32_t>{1200, 630});
}

TEST_CASE("toy game: its notifications carry its title, from its game kind") {
  words_kind();
  const json payload = protocol::messages::push_payload(
      {.kind = "turn", .code = "ABCDEF", .game = "words", .opponent = "Ana"}, "en");
  CHECK(payload["title"] == "Your turn");
  CHECK(payload["body"] == "Words against Ana");
  const json pt = protocol::messages::push_payload({.kind = "started", .code = "ABCDEF", .game = "words"}, "pt-BR");
  CHECK(pt["body"] == "Words");
}

TEST_CASE("toy game: its picture shows each word only as far as the spectator's view reveals it") {
  const auto& kind = words_kind();
  auto created = kind.create(json(), json(), 7);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  auto& m = *std::get<std::unique_ptr<protocol::match>>(created);
  const int spectator = static_cast<int>(engine::viewer::spectator);

  const auto setup = kind.picture(m.observe().view_of(spectator));
  REQUIRE(setup);
  CHECK(setup->title == "Words");
  CHECK(setup->caption == "Choosing words");

  act(m, 1, {{"type", "choose"}, {"word", "apple"}});
  act(m, 2, {{"type", "choose"}, {"word", "grape"}});
  const auto hidden = kind.picture(m.observe().view_of(spectator));
  REQUIRE(hidden);
  CHECK(hidden->files == 5);
  CHECK(rank_marks(*hidden, 1) == ".....");
  CHECK(rank_marks(*hidden, 2) == ".....");

  // The seat to move guesses a letter of both words: it shows on the other's rank, nothing else.
  act(m, static_cast<int>(m.seats_to_act().at(0)), {{"type", "guess"}, {"letter", "p"}});
  const auto guessed = kind.picture(m.observe().view_of(spectator));
  REQUIRE(guessed);
  CHECK((rank_marks(*guessed, 1) + rank_marks(*guessed, 2)).find_first_not_of(".p") == std::string::npos);
  CHECK(rank_marks(*guessed, 1) + rank_marks(*guessed, 2) != "..........");
}
