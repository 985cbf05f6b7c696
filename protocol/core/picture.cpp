#include "protocol/core/picture.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;

namespace {

constexpr rgb light_square = 0x2a3150, dark_square = 0x1c2140;

}  // namespace

std::string text_member(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int int_member(const json& j, const char* key, int fallback) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

board_picture checkered_picture(int files, int ranks) {
  board_picture p;
  p.files = files;
  p.ranks = ranks;
  p.squares.resize(static_cast<std::size_t>(files * ranks));
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f)
      p.squares[static_cast<std::size_t>(r * files + f)].ground = (f + r) % 2 ? light_square : dark_square;
  return p;
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

picture_square* square_at(board_picture& p, const std::string& name) {
  const auto fr = square_of(name, p.files, p.ranks);
  return fr ? &p.squares[static_cast<std::size_t>(fr->second * p.files + fr->first)] : nullptr;
}

std::string picture_caption(const json& view, const std::string& prefix) {
  const auto o = view.find("outcome");
  if (o != view.end() && o->is_object()) {
    const int winner = int_member(*o, "winner");
    const std::string reason = text_member(*o, "reason");
    return (winner ? "Player " + std::to_string(winner) + " won" : std::string("Draw")) +
           (reason.empty() ? "" : " (" + reason + ")");
  }
  const int to_move = int_member(view, "to_move");
  const std::string turn = to_move == 1 || to_move == 2 ? "Player " + std::to_string(to_move) + " to move" : "";
  if (prefix.empty()) return turn;
  return turn.empty() ? prefix : prefix + " · " + turn;
}

}  // namespace tabuleiro::protocol
