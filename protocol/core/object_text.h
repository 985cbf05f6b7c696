// A small flat JSON object (a legal action, an action) built as a list of members and written
// either as text or as nlohmann JSON, so that a codec describes each of its actions once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <nlohmann/json.hpp>

namespace tabuleiro::protocol {

class patch_writer;

// Members are strings, integers, booleans, nulls, arrays of strings, or values already written as
// JSON text (nested arrays and objects). append_to() writes byte for byte what to_json().dump()
// writes (members in key order, no spaces, nlohmann's string escapes) without building the tree:
// no map nodes, and no copy of a text that outlives the object.
// Keys must outlive the object (codecs pass literals). A value object; not thread-safe.
class object_text {
 public:
  // A string member holding its own copy of value.
  object_text& string(std::string_view key, std::string value);
  // A string member whose value outlives the object (a literal, a name from a static table).
  object_text& text(std::string_view key, std::string_view value);
  object_text& integer(std::string_view key, std::int64_t value);
  object_text& boolean(std::string_view key, bool value);
  object_text& strings(std::string_view key, std::vector<std::string> values);
  object_text& null(std::string_view key);
  // An integer member, or null when value is 0 (a seat that may be nobody: a winner, a flipper).
  object_text& seat_or_null(std::string_view key, std::int64_t value);
  // A member whose value is json_text, one JSON value written as nlohmann's dump() writes it
  // (an object's members in key order, no spaces): a nested array or object.
  object_text& json_text(std::string_view key, std::string json_text);

  // Appends the object's JSON text to out.
  void append_to(std::string& out) const;
  // The object as JSON.
  nlohmann::json to_json() const;

  // Writes into w the operations that turn before into after at path, as json::diff writes
  // them: changed and removed members in key order, then added ones; arrays of strings element
  // by element. A json_text member that differs is replaced whole (json::diff would go inside
  // it): objects with nested values (events) are written, never diffed.
  friend void diff_members(patch_writer& w, const std::string& path, const object_text& before,
                           const object_text& after);

 private:
  // A value already written as JSON text.
  struct written {
    std::string text;
    friend bool operator==(const written&, const written&) = default;
  };
  using value = std::variant<std::string_view, std::string, std::int64_t, bool, std::vector<std::string>,
                             std::nullptr_t, written>;
  struct member {
    std::string_view key;
    value v;
  };
  object_text& add(std::string_view key, value v);
  // Appends one member value's JSON text to out.
  static void append_value(std::string& out, const value& v);
  // The characters of a string value (a text or an owned string); nullopt for other values.
  static std::optional<std::string_view> text_of(const value& v);
  // Whether two member values write the same JSON (a text and a string with equal characters do).
  static bool same_value(const value& a, const value& b);
  // The members in key order (nlohmann's objects, std::maps, write theirs so).
  template <class Visit>
  void in_key_order(Visit visit) const {
    for (const std::uint8_t i : order_) visit(members_[i]);
  }
  boost::container::small_vector<member, 6> members_;      // in the order added; inline up to 6
  boost::container::small_vector<std::uint8_t, 6> order_;  // indices of members_ in key order
};

void diff_members(patch_writer& w, const std::string& path, const object_text& before, const object_text& after);

// Appends s as a JSON string literal, escaped as nlohmann::json::dump() escapes it (", \,
// \b \f \n \r \t, other control bytes as \u00xx; everything else as is).
void append_json_string(std::string& out, std::string_view s);

// Appends i as JSON text (decimal, as nlohmann::json::dump() writes an integer).
void append_json_integer(std::string& out, std::int64_t i);

}  // namespace tabuleiro::protocol
