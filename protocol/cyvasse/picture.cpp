// Cyvasse's link preview picture (cyvasse_codec::picture): the 10 × 10 board with its mountains
// and water, each piece by its letters (the king ringed), and whose turn; during the secret
// set-up the spectator's view shows no piece, and the caption says so.
#include <array>
#include <string_view>
#include <utility>

#include "protocol/cyvasse/codec.h"

namespace tabuleiro::protocol {

namespace {

// A Cyvasse piece's letters on the picture.
std::string cyvasse_mark(const std::string& kind) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> marks = {{
      {"king", "K"},
      {"tower", "T"},
      {"dragon", "D"},
      {"trebuchet", "Tb"},
      {"crossbow", "C"},
      {"elephant", "E"},
      {"heavy_horse", "HH"},
      {"light_horse", "LH"},
      {"spearman", "S"},
      {"militia", "M"},
  }};
  for (const auto& [k, m] : marks)
    if (k == kind) return std::string(m);
  return "?";
}

}  // namespace

std::optional<board_picture> cyvasse_codec::picture(const json& view) {
  if (!view.is_object()) return std::nullopt;
  board_picture p = checkered_picture(10, 10);
  const auto terrain = view.find("terrain");
  if (terrain != view.end() && terrain->is_object())
    for (const auto& [key, ground] : {std::pair{"mountains", rgb{0x7c5a3a}}, std::pair{"water", rgb{0x1d4ed8}}}) {
      const auto list = terrain->find(key);
      if (list == terrain->end() || !list->is_array()) continue;
      for (const auto& name : *list)
        if (name.is_string())
          if (auto* sq = square_at(p, name.get<std::string>())) sq->ground = ground;
    }
  each_square(p, view, "pieces", [](picture_square& sq, const json& piece) {
    const std::string kind = text_member(piece, "kind");
    sq.piece = picture_piece{int_member(piece, "owner"), cyvasse_mark(kind), kind == "king"};
  });
  p.caption = text_member(view, "phase") == "setup" ? "Secret set-up" : picture_caption(view, "");
  return p;
}

}  // namespace tabuleiro::protocol
