// Draws a board picture (protocol/core/picture.h: each game draws its own) as a PNG with cairo: the board on the
// left, the game and caption on the right, at the size link previews use (1200 × 630).
// Thread-safety: draw_png is a pure function; calls may run at once on any threads.
#pragma once

#include <string>

#include "protocol/core/picture.h"

namespace tabuleiro::server::preview {

using protocol::board_picture;
using protocol::picture_square;
using protocol::rgb;

inline constexpr int png_width = 1200;
inline constexpr int png_height = 630;

// The PNG file's bytes of picture p ("" when cairo could not draw or encode it).
std::string draw_png(const board_picture& p);

}  // namespace tabuleiro::server::preview
