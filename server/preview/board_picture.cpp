#include "server/preview/board_picture.h"

#include <array>
#include <string_view>
#include <utility>

namespace tabuleiro::server::preview {

using json = nlohmann::json;

namespace {

constexpr rgb light_square = 0x2a3150, dark_square = 0x1c2140;

// The string member key of j, or "" when it is missing or not a string.
std::string text_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The integer member key of j, or fallback.
int int_of(const json& j, const char* key, int fallback = 0) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// An empty board of files × ranks in checkered grounds.
board_picture checkered(int files, int ranks) {
  board_picture p;
  p.files = files;
  p.ranks = ranks;
  p.squares.resize(static_cast<std::size_t>(files * ranks));
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f)
      p.squares[static_cast<std::size_t>(r * files + f)].ground = (f + r) % 2 ? light_square : dark_square;
  return p;
}

// The square of p named name, or nullptr.
picture_square* at(board_picture& p, const std::string& name) {
  const auto fr = square_of(name, p.files, p.ranks);
  return fr ? &p.squares[static_cast<std::size_t>(fr->second * p.files + fr->first)] : nullptr;
}

// Calls each(square, value) for every member of the object view[key] that names a square.
template <class Each>
void each_square(board_picture& p, const json& view, const char* key, Each each) {
  const auto it = view.find(key);
  if (it == view.end() || !it->is_object()) return;
  for (const auto& [name, value] : it->items())
    if (auto* sq = at(p, name); sq && value.is_object()) each(*sq, value);
}

// "Player N to move", the result, or what the match waits for (round: prefix, may be "").
std::string caption(const json& view, const std::string& round) {
  const auto o = view.find("outcome");
  if (o != view.end() && o->is_object()) {
    const int winner = int_of(*o, "winner");
    const std::string reason = text_of(*o, "reason");
    return (winner ? "Player " + std::to_string(winner) + " won" : std::string("Draw")) +
           (reason.empty() ? "" : " (" + reason + ")");
  }
  const int to_move = int_of(view, "to_move");
  const std::string turn = to_move == 1 || to_move == 2 ? "Player " + std::to_string(to_move) + " to move" : "";
  if (round.empty()) return turn;
  return turn.empty() ? round : round + " · " + turn;
}

board_picture taixu_picture(const json& view) {
  board_picture p = checkered(8, 8);
  p.title = game_title("taixu");
  // An anomaly tints its square.
  const auto anomalies = view.find("anomalies");
  if (anomalies != view.end() && anomalies->is_object())
    for (const auto& [name, effect] : anomalies->items())
      if (auto* sq = at(p, name)) sq->ground = 0x4c1d95;
  each_square(p, view, "pieces", [](picture_square& sq, const json& piece) {
    const int charge = int_of(piece, "charge");
    sq.piece = picture_piece{int_of(piece, "owner"), charge > 0 ? std::to_string(charge) : "", charge > 0};
  });
  p.caption = caption(view, "Round " + std::to_string(int_of(view, "round", 1)));
  return p;
}

// A Cyvasse piece's letters.
std::string cyvasse_mark(const std::string& kind) {
  static const std::array<std::pair<std::string_view, std::string_view>, 10> marks = {{{"king", "K"},
                                                                                       {"tower", "T"},
                                                                                       {"dragon", "D"},
                                                                                       {"trebuchet", "Tb"},
                                                                                       {"crossbow", "C"},
                                                                                       {"elephant", "E"},
                                                                                       {"heavy_horse", "HH"},
                                                                                       {"light_horse", "LH"},
                                                                                       {"spearman", "S"},
                                                                                       {"militia", "M"}}};
  for (const auto& [k, m] : marks)
    if (k == kind) return std::string(m);
  return "?";
}

board_picture cyvasse_picture(const json& view) {
  board_picture p = checkered(10, 10);
  p.title = game_title("cyvasse");
  const auto terrain = view.find("terrain");
  if (terrain != view.end() && terrain->is_object())
    for (const auto& [key, ground] : {std::pair{"mountains", rgb{0x7c5a3a}}, std::pair{"water", rgb{0x1d4ed8}}}) {
      const auto list = terrain->find(key);
      if (list == terrain->end() || !list->is_array()) continue;
      for (const auto& name : *list)
        if (name.is_string())
          if (auto* sq = at(p, name.get<std::string>())) sq->ground = ground;
    }
  each_square(p, view, "pieces", [](picture_square& sq, const json& piece) {
    const std::string kind = text_of(piece, "kind");
    sq.piece = picture_piece{int_of(piece, "owner"), cyvasse_mark(kind), kind == "king"};
  });
  p.caption = text_of(view, "phase") == "setup" ? "Secret set-up" : caption(view, "");
  return p;
}

board_picture quadri_picture(const json& view) {
  board_picture p = checkered(10, 10);
  p.title = game_title("quadri");
  // A talisman colours its square by its aura; a value shows only when the view carries it.
  each_square(p, view, "tiles", [](picture_square& sq, const json& tile) {
    sq.ground = text_of(tile, "aura") == "green" ? 0x166534 : 0x991b1b;
    if (tile.contains("value") && tile["value"].is_number_integer())
      sq.label = std::to_string(tile["value"].get<int>());
  });
  each_square(p, view, "predictors", [](picture_square& sq, const json& pred) {
    const bool queen = pred.value("queen", false);
    sq.piece = picture_piece{int_of(pred, "owner"), queen ? "Q" : "", queen};
  });
  p.caption = caption(view, "");
  return p;
}

}  // namespace

std::string game_title(const std::string& game) {
  if (game == "taixu") return "TAIXU";
  if (game == "cyvasse") return "Cyvasse";
  if (game == "quadri") return "QU4DRI";
  return game;
}

std::optional<std::pair<int, int>> square_of(const std::string& name, int files, int ranks) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] >= 'a' + files) return std::nullopt;
  int rank = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    rank = rank * 10 + (name[i] - '0');
  }
  if (rank < 1 || rank > ranks) return std::nullopt;
  return std::pair{name[0] - 'a', rank - 1};
}

std::optional<board_picture> picture_of(const json& view) {
  if (!view.is_object()) return std::nullopt;
  const std::string game = text_of(view, "game");
  if (game == "taixu") return taixu_picture(view);
  if (game == "cyvasse") return cyvasse_picture(view);
  if (game == "quadri") return quadri_picture(view);
  return std::nullopt;
}

}  // namespace tabuleiro::server::preview
