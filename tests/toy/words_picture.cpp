// The toy game's link preview picture (codec::picture): a rank per seat, one square per letter of
// the seat's word as the spectator's view reveals it (its "masks"; an unguessed letter is '_' and
// stays blank). Built here only: the server draws it as it draws the hosted games' pictures.
#include <algorithm>

#include "words_codec.h"

namespace tabuleiro::words {

std::optional<protocol::board_picture> codec::picture(const json& view) {
  if (!view.is_object() || !view.contains("masks") || !view["masks"].is_array()) return std::nullopt;
  const json& masks = view["masks"];
  std::size_t longest = 1;
  for (const auto& mask : masks)
    if (mask.is_string()) longest = std::max(longest, mask.get<std::string>().size());
  protocol::board_picture p = protocol::checkered_picture(static_cast<int>(longest), 2);
  for (int seat = 1; seat <= 2 && seat <= static_cast<int>(masks.size()); ++seat) {
    const json& mask = masks[static_cast<std::size_t>(seat - 1)];
    if (!mask.is_string()) continue;
    const std::string letters = mask.get<std::string>();
    for (std::size_t i = 0; i < letters.size(); ++i) {
      auto& square = p.squares[static_cast<std::size_t>(seat - 1) * longest + i];
      square.piece = protocol::picture_piece{seat, letters[i] == '_' ? "" : std::string(1, letters[i]), false};
    }
  }
  p.caption = protocol::text_member(view, "phase") == "setup" ? "Choosing words" : protocol::picture_caption(view, "");
  return p;
}

}  // namespace tabuleiro::words
