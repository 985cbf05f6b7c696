// Link previews through the real server: a match page's Open Graph and Twitter card tags (names
// escaped), its PNG (decoded with cairo: 1200 × 630, the same bytes again from the cache, a new
// one after a move), the same picture for two matches that differ only in hidden set-ups, and
// the per-address bound on drawings.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <cairo.h>
#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// A server with a minimal web root (its index.html has a title the tags follow).
struct preview_server {
  temp_dir dir;
  server_process srv;
  preview_server() : srv(make_web(dir.path), {"--web", dir.path + "/web"}) {}
  static std::string make_web(const std::string& root) {
    std::filesystem::create_directories(root + "/web");
    std::ofstream(root + "/web/index.html")
        << "<!doctype html><html><head><title>Tabuleiro</title></head><body></body></html>";
    return root + "/t.db";
  }
  unsigned short port() const { return srv.port(); }
};

// Reads a PNG from bytes with cairo; {width, height}, or {0, 0} when it does not decode.
std::pair<int, int> png_size(const std::string& bytes) {
  struct reader {
    const std::string* bytes;
    std::size_t at = 0;
  } r{&bytes};
  auto read = [](void* closure, unsigned char* data, unsigned int length) {
    auto* rd = static_cast<reader*>(closure);
    if (rd->at + length > rd->bytes->size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, rd->bytes->data() + rd->at, length);
    rd->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(read, &r);
  std::pair<int, int> size{0, 0};
  if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
    size = {cairo_image_surface_get_width(s), cairo_image_surface_get_height(s)};
  cairo_surface_destroy(s);
  return size;
}

std::string png_path(const std::string& code) { return "/api/matches/" + code + "/preview.png"; }

// Creates a Cyvasse match, seats both players, and submits seat 1's set-up from preset;
// returns the code once the set-up is acknowledged.
std::string cyvasse_with_setup(unsigned short port, const std::string& preset) {
  const auto made = create_match(port, {{"game", "cyvasse"}, {"seat", 1}});
  ws_client one(port), two(port);
  one.send({{"type", "join"}, {"code", made.code}, {"token", made.token}});
  one.until("joined");
  two.send({{"type", "join"}, {"code", made.code}, {"as", "player"}});
  two.until("joined");
  one.send({{"type", "act"}, {"id", "setup"}, {"action", {{"type", "setup"}, {"preset", preset}}}});
  REQUIRE(one.until("ack")["id"] == "setup");
  return made.code;
}

}  // namespace

TEST_CASE(
    "link previews: a match page names the game, the players and whose turn, and its picture is a 1200 x 630 PNG") {
  preview_server s;
  const named_match made = seat_named(s.port(), "Ana \"<b>", "Bruno");

  const auto page = http_call(s.port(), "GET", "/m/" + made.code);
  REQUIRE(page.status == 200);
  CHECK(page.content_type == "text/html; charset=utf-8");
  CHECK(page.body.find(R"(<meta property="og:title" content="TAIXU · Ana &quot;&lt;b&gt; vs Bruno">)") !=
        std::string::npos);
  CHECK(page.body.find("Ana \"<b>") == std::string::npos);  // never unescaped
  CHECK(page.body.find(R"(<meta name="twitter:card" content="summary_large_image">)") != std::string::npos);
  CHECK(page.body.find(R"(<meta property="og:description" content="Ana &quot;&lt;b&gt; to move)") != std::string::npos);

  const std::string image = "http://127.0.0.1:" + std::to_string(s.port()) + png_path(made.code) + "?v=";
  CHECK(page.body.find(R"(<meta property="og:image" content=")" + image) != std::string::npos);
  CHECK(page.body.find("<title>Tabuleiro</title>") != std::string::npos);

  const auto png = http_call(s.port(), "GET", png_path(made.code));
  REQUIRE(png.status == 200);
  CHECK(png.content_type == "image/png");
  CHECK(png_size(png.body) == std::pair{1200, 630});
  CHECK(http_call(s.port(), "GET", png_path(made.code)).body == png.body);

  // A move changes the picture.
  std::mt19937 rng(3);
  table tb = table::open(s.port());
  const auto before = http_call(s.port(), "GET", png_path(tb.code));
  REQUIRE(tb.play(1, rng) == 1);
  const auto after = http_call(s.port(), "GET", png_path(tb.code));
  CHECK(before.status == 200);
  CHECK(after.status == 200);
  CHECK(after.body != before.body);

  // No match, no tags and no picture.
  CHECK(http_call(s.port(), "GET", "/m/ZZZZZZ").body.find("og:") == std::string::npos);
  CHECK(http_call(s.port(), "GET", png_path("ZZZZZZ")).status == 404);
}

TEST_CASE("link previews: two Cyvasse matches that differ only in their secret set-ups have the same picture") {
  preview_server s;
  const std::string a = cyvasse_with_setup(s.port(), "standard");
  const std::string b = cyvasse_with_setup(s.port(), "random");
  const auto pa = http_call(s.port(), "GET", png_path(a)), pb = http_call(s.port(), "GET", png_path(b));
  REQUIRE(pa.status == 200);
  REQUIRE(pb.status == 200);
  CHECK(png_size(pa.body) == std::pair{1200, 630});
  CHECK(pa.body == pb.body);
}

TEST_CASE("link previews: one address may have 30 pictures drawn a minute, and is then told when to come back") {
  preview_server s;
  std::mt19937 rng(7);
  table tb = table::open(s.port());
  int drawn = 0;
  http_answer refused;
  for (int i = 0; i < 40 && refused.status == 0; ++i) {
    const auto answer = http_call(s.port(), "GET", png_path(tb.code));
    if (answer.status == 200) ++drawn;
    else refused = answer;
    REQUIRE(tb.play(1, rng) == 1);  // a new version: the next picture is drawn anew
  }
  CHECK(drawn == 30);
  CHECK(refused.status == 429);
  CHECK(refused.json_body()["error"]["code"] == "rate_limited");
  CHECK(std::stoi(refused.header("Retry-After")) >= 1);
}
