// object_text: flat JSON objects written as text or JSON (see object_text.h).
#include "protocol/core/object_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "protocol/core/patch_writer.h"

namespace tabuleiro::protocol {

namespace {

// Whether key a sorts before key b as std::string's operator< orders them (bytewise, unsigned;
// a prefix first), written out so that the short literal keys of the codecs compare inline.
bool key_less(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  return a.size() < b.size();
}

}  // namespace

object_text& object_text::add(std::string_view key, value v) {
  // Members stay where they were added; their key order is kept as a list of indices, sorted
  // on insertion. A key given twice keeps its last value, as json[key] = v would.
  const auto at = std::lower_bound(order_.begin(), order_.end(), key,
                                   [&](std::uint8_t i, std::string_view k) { return key_less(members_[i].key, k); });
  if (at != order_.end() && !key_less(key, members_[*at].key)) {  // neither sorts first: the same key
    members_[*at].v = std::move(v);
    return *this;
  }
  if (members_.size() > std::numeric_limits<std::uint8_t>::max())
    throw std::length_error("object_text: too many members");
  order_.insert(at, static_cast<std::uint8_t>(members_.size()));
  members_.push_back(member{key, std::move(v)});
  return *this;
}

object_text& object_text::string(std::string_view key, std::string value) { return add(key, std::move(value)); }
object_text& object_text::text(std::string_view key, std::string_view value) { return add(key, value); }
object_text& object_text::null(std::string_view key) { return add(key, nullptr); }
object_text& object_text::seat_or_null(std::string_view key, std::int64_t value) {
  return value ? add(key, value) : add(key, nullptr);
}
object_text& object_text::json_text(std::string_view key, std::string json_text) {
  return add(key, written{std::move(json_text)});
}
object_text& object_text::integer(std::string_view key, std::int64_t value) { return add(key, value); }
object_text& object_text::boolean(std::string_view key, bool value) { return add(key, value); }
object_text& object_text::strings(std::string_view key, std::vector<std::string> values) {
  return add(key, std::move(values));
}

void append_json_integer(std::string& out, std::int64_t i) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, i).ptr);
}

namespace {

// Bytes written as they are in a JSON string: everything but control bytes, '"' and '\\'.
constexpr auto plain_byte = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 256; ++c) t[c] = c != '"' && c != '\\';
  return t;
}();

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  std::size_t plain = 0;  // start of the run of bytes written as they are
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (plain_byte[c]) continue;
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 0xf];
    }
  }
  out.append(s.data() + plain, s.size() - plain);
  out += '"';
}

std::optional<std::string_view> object_text::text_of(const value& v) {
  if (const auto* t = std::get_if<std::string_view>(&v)) return *t;
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  return std::nullopt;
}

bool object_text::same_value(const value& a, const value& b) {
  const auto x = text_of(a), y = text_of(b);
  if (x && y) return *x == *y;
  return a == b;
}

void object_text::append_value(std::string& out, const value& v) {
  if (const auto t = text_of(v)) {
    append_json_string(out, *t);
  } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
    append_json_integer(out, *i);
  } else if (const auto* b = std::get_if<bool>(&v)) {
    out += *b ? "true" : "false";
  } else if (std::holds_alternative<std::nullptr_t>(v)) {
    out += "null";
  } else if (const auto* w = std::get_if<written>(&v)) {
    out += w->text;
  } else {
    out += '[';
    const auto& list = std::get<std::vector<std::string>>(v);
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (k) out += ',';
      append_json_string(out, list[k]);
    }
    out += ']';
  }
}

void object_text::append_to(std::string& out) const {
  out += '{';
  bool first = true;
  in_key_order([&](const member& m) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, m.key);
    out += ':';
    append_value(out, m.v);
  });
  out += '}';
}

void diff_members(patch_writer& w, const std::string& path, const object_text& before, const object_text& after) {
  using list = std::vector<std::string>;
  std::string text;
  // The member key as a JSON Pointer token: codecs' keys are plain names.
  const auto member_path = [&](std::string_view key) { return path + '/' + std::string(key); };
  const auto value_text = [&](const object_text::value& v) {
    text.clear();
    object_text::append_value(text, v);
    return std::string_view(text);
  };
  using member = object_text::member;
  const auto ordered = [](const object_text& o) {
    boost::container::small_vector<const member*, 6> out;
    o.in_key_order([&](const member& m) { out.push_back(&m); });
    return out;
  };
  const auto before_members = ordered(before), after_members = ordered(after);
  auto ia = before_members.begin();
  auto ib = after_members.begin();
  boost::container::small_vector<const member*, 6> added;
  while (ia != before_members.end() || ib != after_members.end()) {
    if (ib == after_members.end() || (ia != before_members.end() && key_less((*ia)->key, (*ib)->key))) {
      w.remove(member_path((*ia++)->key));
    } else if (ia == before_members.end() || key_less((*ib)->key, (*ia)->key)) {
      added.push_back(*ib++);
    } else {
      const member* a = *ia++;
      const member* b = *ib++;
      const auto* la = std::get_if<list>(&a->v);
      const auto* lb = std::get_if<list>(&b->v);
      if (la && lb) {  // arrays: common elements, then removals from the end, then additions
        const std::string base = member_path(a->key);
        const std::size_t common = std::min(la->size(), lb->size());
        for (std::size_t i = 0; i < common; ++i)
          if ((*la)[i] != (*lb)[i]) w.replace(base + '/' + std::to_string(i), std::string_view((*lb)[i]));
        for (std::size_t i = la->size(); i > common; --i) w.remove(base + '/' + std::to_string(i - 1));
        for (std::size_t i = common; i < lb->size(); ++i) w.put("add", base + "/-", json_string_text((*lb)[i]));
      } else if (!object_text::same_value(a->v, b->v)) {
        w.put("replace", member_path(a->key), value_text(b->v));
      }
    }
  }
  for (const auto* m : added) w.put("add", member_path(m->key), value_text(m->v));
}

nlohmann::json object_text::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const member& m : members_) {
    const std::string key(m.key);
    std::visit(
        [&](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, written>) j[key] = nlohmann::json::parse(v.text);
          else j[key] = v;
        },
        m.v);
  }
  return j;
}

}  // namespace tabuleiro::protocol
