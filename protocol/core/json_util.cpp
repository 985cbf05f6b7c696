#include "protocol/core/json_util.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace tabuleiro::protocol {

std::optional<std::string> first_unknown_key(const json& j, std::initializer_list<std::string_view> allowed) {
  if (!j.is_object()) return std::nullopt;
  for (const auto& [key, value] : j.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return key;
  return std::nullopt;
}

std::optional<int> int_field(const json& j, std::string_view key, long long lo, long long hi) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  long long v = 0;
  if (it->is_number_unsigned()) {  // nlohmann parses every non-negative integer as unsigned
    const auto u = it->get<std::uint64_t>();
    if (hi < 0 || u > static_cast<std::uint64_t>(hi)) return std::nullopt;
    v = static_cast<long long>(u);
  } else {
    v = it->get<long long>();
  }
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

std::optional<std::array<int, 2>> int_pair_field(const json& j, std::string_view key, long long lo, long long hi) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->size() != 2) return std::nullopt;
  std::array<int, 2> out{};
  for (std::size_t i = 0; i < 2; ++i) {
    const json wrap = {{"v", (*it)[i]}};
    const auto v = int_field(wrap, "v", lo, hi);
    if (!v) return std::nullopt;
    out[i] = *v;
  }
  return out;
}

std::optional<std::uint64_t> parse_seed(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const auto& text = j.get_ref<const std::string&>();
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

json outcome_json(const std::optional<engine::outcome>& o) {
  if (!o) return nullptr;
  json j{{"winner", o->winner ? json(*o->winner) : json(nullptr)}, {"reason", o->reason}};
  if (!o->note.empty()) j["note"] = o->note;
  return j;
}

std::optional<std::string> read_outcome(const json& o, std::optional<engine::outcome>& out) {
  if (o.is_null()) {
    out.reset();
    return std::nullopt;
  }
  if (!o.is_object()) return "outcome must be null or an object";
  if (auto k = first_unknown_key(o, {"winner", "reason", "note"})) return "unknown outcome field '" + *k + "'";
  engine::outcome read;
  if (!o.contains("winner")) return "outcome.winner is required";
  if (!o["winner"].is_null()) {
    const auto w = int_field(o, "winner", 1, 2);
    if (!w) return "outcome.winner must be 1, 2 or null";
    read.winner = *w;
  }
  const json* reason = o.contains("reason") ? &o["reason"] : nullptr;
  if (!reason || !reason->is_string() || reason->get_ref<const std::string&>().empty() ||
      reason->get_ref<const std::string&>().size() > 64)
    return "outcome.reason must be a short non-empty string";
  read.reason = reason->get<std::string>();
  if (o.contains("note")) {
    if (!o["note"].is_string() || o["note"].get_ref<const std::string&>().size() > max_host_note_bytes)
      return "outcome.note must be a string of at most 200 bytes";
    read.note = o["note"].get<std::string>();
  }
  out = std::move(read);
  return std::nullopt;
}

std::optional<std::string> read_position_rng(const json& j, std::uint64_t fallback, std::optional<std::uint64_t>& seed,
                                             engine::rng& rng) {
  if (j.contains("seed")) {
    const auto sd = parse_seed(j["seed"]);
    if (!sd) return "position.seed must be an unsigned 64-bit integer in a string";
    seed = *sd;
  }
  if (j.contains("rng")) {
    const auto r = j["rng"].is_string() ? engine::rng::from_string(j["rng"].get<std::string>()) : std::nullopt;
    if (!r) return "position.rng is not a PRNG state written by this engine";
    rng = *r;
  } else {
    if (!seed) seed = fallback;
    rng = engine::rng(*seed);
  }
  return std::nullopt;
}

namespace {

// Appends one operation of a patch being written into out ("[" so far, or operations).
void append_op(std::string& out, std::string_view op, const std::string& path, const json* value) {
  if (out.back() != '[') out += ',';
  out += "{\"op\":\"";
  out += op;
  out += "\",\"path\":";
  out += json(path).dump();
  if (value) {
    out += ",\"value\":";
    out += value->dump();
  }
  out += '}';
}

// Appends the JSON Pointer token of key (RFC 6901: "~" as "~0", "/" as "~1") to path.
void append_token(std::string& path, const std::string& key) {
  path += '/';
  for (char c : key) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

// The operations turning s into t at path, in json::diff's order; path is restored on return.
void diff_into(const json& s, const json& t, std::string& path, std::string& out) {
  const bool same_container = s.type() == t.type() && (s.is_array() || s.is_object());
  if (!same_container) {  // scalars, or containers of different kinds: equal or replaced whole
    if (!(s == t)) append_op(out, "replace", path, &t);
    return;
  }
  const std::size_t at = path.size();
  if (s.is_array()) {
    const std::size_t common = std::min(s.size(), t.size());
    for (std::size_t i = 0; i < common; ++i) {
      path += '/';
      path += std::to_string(i);
      diff_into(s[i], t[i], path, out);
      path.resize(at);
    }
    for (std::size_t i = s.size(); i > common; --i) {  // the last element first
      path += '/';
      path += std::to_string(i - 1);
      append_op(out, "remove", path, nullptr);
      path.resize(at);
    }
    for (std::size_t i = common; i < t.size(); ++i) {
      path += "/-";
      append_op(out, "add", path, &t[i]);
      path.resize(at);
    }
    return;
  }
  // Both objects' keys are sorted: one merge walk pairs them. Changes and removals come in
  // the source's order, additions after them in the target's, as json::diff writes them.
  const auto& so = s.get_ref<const json::object_t&>();
  const auto& to = t.get_ref<const json::object_t&>();
  std::vector<json::object_t::const_iterator> added;
  auto a = so.begin();
  auto b = to.begin();
  while (a != so.end() || b != to.end()) {
    if (b == to.end() || (a != so.end() && a->first < b->first)) {
      append_token(path, a->first);
      append_op(out, "remove", path, nullptr);
      ++a;
    } else if (a == so.end() || b->first < a->first) {
      added.push_back(b++);
      continue;
    } else {
      append_token(path, a->first);
      diff_into(a->second, b->second, path, out);
      ++a;
      ++b;
    }
    path.resize(at);
  }
  for (const auto& it : added) {
    append_token(path, it->first);
    append_op(out, "add", path, &it->second);
    path.resize(at);
  }
}

}  // namespace

std::string diff_text(const json& source, const json& target) {
  std::string out = "[";
  std::string path;
  diff_into(source, target, path, out);
  out += ']';
  return out;
}

}  // namespace tabuleiro::protocol
