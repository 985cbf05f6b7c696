// What a link preview shows of a match: its board as coloured squares and marked pieces, and a
// caption. Each game draws its own picture from its spectator view (PROTOCOL.md, each game's
// "view": the one redaction every outbound path uses, so a picture can show nothing a spectator
// cannot see), through game_kind::picture; the server draws the picture as a PNG without knowing
// which game it is (server/preview/png.h). Pure values and pure helpers for the games' pictures.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol {

// A colour as 0xRRGGBB.
using rgb = std::uint32_t;

// A piece on a square: its owner's seat (1 or 2), one or two letters, and whether it is ringed
// (a TAIXU charge, a Cyvasse king, a QU4DRI queen).
struct picture_piece {
  int owner = 0;
  std::string mark;
  bool ringed = false;
};

// One square: its ground, what stands on it, and a small corner label (a revealed value).
struct picture_square {
  rgb ground = 0;
  std::optional<picture_piece> piece;
  std::string label;
};

// A board of files × ranks squares, index rank * files + file (rank 0 is rank 1, drawn at the
// bottom), with a title (the game's name) and a caption (whose turn or the result).
struct board_picture {
  int files = 0;
  int ranks = 0;
  std::vector<picture_square> squares;
  std::string title;
  std::string caption;
};

// An empty board of files × ranks in the checkered grounds every picture starts from.
board_picture checkered_picture(int files, int ranks);

// The file and rank of a square name "a1" … "j10" on a board of files × ranks; nullopt when
// it is not one.
std::optional<std::pair<int, int>> square_of(const std::string& name, int files, int ranks);

// The square of p named name, or nullptr when p has no such square.
picture_square* square_at(board_picture& p, const std::string& name);

// Calls each(square, value) for every member of the object view[key] whose name is a square of
// p and whose value is an object (a view's "pieces", say).
template <class Each>
void each_square(board_picture& p, const nlohmann::json& view, const char* key, Each each) {
  const auto it = view.find(key);
  if (it == view.end() || !it->is_object()) return;
  for (const auto& [name, value] : it->items())
    if (auto* sq = square_at(p, name); sq && value.is_object()) each(*sq, value);
}

// "Player N to move", the result ("Player N won (reason)", "Draw"), or "" from a view's
// "to_move" and "outcome"; a non-empty prefix (a round) comes first, joined by " · ".
std::string picture_caption(const nlohmann::json& view, const std::string& prefix);

// The string member key of j, or "" when it is missing or not a string.
std::string text_member(const nlohmann::json& j, const char* key);

// The integer member key of j, or fallback when it is missing or not an integer.
int int_member(const nlohmann::json& j, const char* key, int fallback = 0);

}  // namespace tabuleiro::protocol
