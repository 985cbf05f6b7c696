// What a link preview shows of a match: its board as coloured squares and marked pieces, and a
// caption, read from the spectator's view (PROTOCOL.md, each game's "view") — the one
// redaction every outbound path uses, so a preview can show nothing a spectator cannot see.
// Pure values; no drawing here (server/preview/png.h draws them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server::preview {

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
// bottom), with a caption (the game, and whose turn or the result).
struct board_picture {
  int files = 0;
  int ranks = 0;
  std::vector<picture_square> squares;
  std::string title;
  std::string caption;
};

// A game's name as players know it ("TAIXU", "Cyvasse", "QU4DRI"; else the id itself).
std::string game_title(const std::string& game);

// The picture of a spectator view (its "game" says which); nullopt for a view it cannot read.
std::optional<board_picture> picture_of(const nlohmann::json& spectator_view);

// The file and rank of a square name "a1" … "j10" on a board of files × ranks; nullopt when
// it is not one.
std::optional<std::pair<int, int>> square_of(const std::string& name, int files, int ranks);

}  // namespace tabuleiro::server::preview
