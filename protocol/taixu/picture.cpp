// TAIXU's link preview picture (taixu_codec::picture): the 8 × 8 board, anomalies tinting their
// squares, each piece marked and ringed by its charge, the round and whose turn.
#include "protocol/taixu/codec.h"

namespace tabuleiro::protocol {

std::optional<board_picture> taixu_codec::picture(const json& view) {
  if (!view.is_object()) return std::nullopt;
  board_picture p = checkered_picture(8, 8);
  // An anomaly tints its square.
  const auto anomalies = view.find("anomalies");
  if (anomalies != view.end() && anomalies->is_object())
    for (const auto& [name, effect] : anomalies->items())
      if (auto* sq = square_at(p, name)) sq->ground = 0x4c1d95;
  each_square(p, view, "pieces", [](picture_square& sq, const json& piece) {
    const int charge = int_member(piece, "charge");
    sq.piece = picture_piece{int_member(piece, "owner"), charge > 0 ? std::to_string(charge) : "", charge > 0};
  });
  p.caption = picture_caption(view, "Round " + std::to_string(int_member(view, "round", 1)));
  return p;
}

}  // namespace tabuleiro::protocol
