// Writes an RFC 6902 patch as JSON text one operation at a time, in the form diff_text writes
// (`{"op":…,"path":…,"value":…}`, no spaces), for the codecs' typed patches (patch_text).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/core/object_text.h"

namespace tabuleiro::protocol {

// One patch being written. Paths are JSON Pointers the caller has already escaped (square names
// and member names need no escaping). A value object; not thread-safe.
class patch_writer {
 public:
  // A replace of the integer at path.
  void replace(std::string_view path, std::int64_t value);
  // A replace of the boolean at path.
  void replace_bool(std::string_view path, bool value);
  // A replace of the string at path.
  void replace(std::string_view path, std::string_view value);
  // A replace (op "replace") or an add (op "add") of the value whose JSON text is value_text.
  void put(std::string_view op, std::string_view path, std::string_view value_text);
  // A remove of path.
  void remove(std::string_view path);
  // The replaces of an integer array member of a fixed size (its elements that differ).
  void int_array(std::string_view path, std::span<const int> before, std::span<const int> after);

  // The patch: a JSON array of the operations written ("[]" when none).
  std::string finish() &&;

 private:
  // Starts an operation: its separator, op and path; the caller adds the value (or not) and '}'.
  void begin(std::string_view op, std::string_view path);

  std::string out_ = "[";
};

// The JSON text of a string value (quoted and escaped).
std::string json_string_text(std::string_view s);

// One key of an object member keyed by name (a board keyed by square): the entry's index in
// the game's arrays and its name. Lists of them are kept in name order, the order of the keys.
struct keyed_name {
  int index;
  std::string name;
};

// The keys 0 … count-1 named by name(i), sorted by name as a JSON object orders its keys.
std::vector<keyed_name> names_in_key_order(int count, const std::function<std::string(int)>& name);

// The name of square sq (0 … Count-1) of a board whose files and ranks FileOf and RankOf give:
// its file's letter from 'a', then its rank from 1 ("a1", "h8", "j10"); each board's names
// are built once. Throws std::out_of_range for a square off the board.
template <int Count, auto FileOf, auto RankOf>
const std::string& file_rank_name(int sq) {
  static const auto names = [] {
    std::array<std::string, Count> out;
    for (int i = 0; i < Count; ++i)
      out[i] = std::string(1, static_cast<char>('a' + FileOf(i))) + std::to_string(RankOf(i) + 1);
    return out;
  }();
  return names.at(static_cast<std::size_t>(sq));
}

// The operations for one keyed entry present on both sides, as json::diff writes them: a flat
// object member by member, a string (a view of a name that outlives the patch) replaced when
// it differs.
inline void diff_entry(patch_writer& w, const std::string& path, const object_text& a, const object_text& b) {
  diff_members(w, path, a, b);
}
inline void diff_entry(patch_writer& w, const std::string& path, std::string_view a, std::string_view b) {
  if (a != b) w.replace(path, b);
}
// Appends one keyed entry's JSON text (an object, or a string quoted and escaped).
inline void append_entry(std::string& out, const object_text& o) { o.append_to(out); }
inline void append_entry(std::string& out, std::string_view s) { append_json_string(out, s); }

// Writes the operations of an object member at prefix whose entries are keyed by name, as
// json::diff writes them: changed and removed entries in key order, then added ones. Value is
// the entries' kind: object_text (flat objects) or std::string_view (strings). keys: every possible
// entry in name order. unchanged(i): entry i is the same on both sides (a cheap typed check; no
// text is built for it). entry(side, i, v): fills v with entry i before (side 0) or after
// (side 1); false when there is no entry i on that side.
template <class Value, class Unchanged, class Entry>
void keyed_entries(patch_writer& w, std::string_view prefix, const std::vector<keyed_name>& keys, Unchanged unchanged,
                   Entry entry) {
  std::vector<std::pair<const keyed_name*, Value>> added;  // written after the others
  for (const keyed_name& k : keys) {
    if (unchanged(k.index)) continue;
    Value a, b;
    const bool had = entry(0, k.index, a);
    const bool has = entry(1, k.index, b);
    const std::string path = std::string(prefix) + '/' + k.name;
    if (had && has) diff_entry(w, path, a, b);
    else if (had) w.remove(path);
    else if (has) added.emplace_back(&k, std::move(b));
  }
  std::string text;
  for (const auto& [k, b] : added) {
    text.clear();
    append_entry(text, b);
    w.put("add", std::string(prefix) + '/' + k->name, text);
  }
}

}  // namespace tabuleiro::protocol
