// QU4DRI's link preview picture (quadri_codec::picture): the 10 × 10 board, each talisman's
// square coloured by its aura with its value only where the spectator's view reveals it, the
// predictors (queens ringed), and whose turn.
#include "protocol/quadri/codec.h"

namespace tabuleiro::protocol {

std::optional<board_picture> quadri_codec::picture(const json& view) {
  if (!view.is_object()) return std::nullopt;
  board_picture p = checkered_picture(10, 10);
  // A talisman colours its square by its aura; a value shows only when the view carries it.
  each_square(p, view, "tiles", [](picture_square& sq, const json& tile) {
    sq.ground = text_member(tile, "aura") == "green" ? 0x166534 : 0x991b1b;
    if (tile.contains("value") && tile["value"].is_number_integer())
      sq.label = std::to_string(tile["value"].get<int>());
  });
  each_square(p, view, "predictors", [](picture_square& sq, const json& pred) {
    const bool queen = pred.value("queen", false);
    sq.piece = picture_piece{int_member(pred, "owner"), queen ? "Q" : "", queen};
  });
  p.caption = picture_caption(view, "");
  return p;
}

}  // namespace tabuleiro::protocol
