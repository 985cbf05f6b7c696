// patch_writer: JSON Patch operations written as text (see patch_writer.h).
#include "protocol/core/patch_writer.h"

#include <algorithm>

namespace tabuleiro::protocol {

void patch_writer::begin(std::string_view op, std::string_view path) {
  if (out_.size() > 1) out_ += ',';
  out_ += "{\"op\":\"";
  out_ += op;
  out_ += "\",\"path\":";
  append_json_string(out_, path);
}

void patch_writer::replace(std::string_view path, std::int64_t value) {
  begin("replace", path);
  out_ += ",\"value\":";
  append_json_integer(out_, value);
  out_ += '}';
}

void patch_writer::replace_bool(std::string_view path, bool value) {
  begin("replace", path);
  out_ += value ? ",\"value\":true}" : ",\"value\":false}";
}

void patch_writer::replace(std::string_view path, std::string_view value) {
  begin("replace", path);
  out_ += ",\"value\":";
  append_json_string(out_, value);
  out_ += '}';
}

void patch_writer::put(std::string_view op, std::string_view path, std::string_view value_text) {
  begin(op, path);
  out_ += ",\"value\":";
  out_ += value_text;
  out_ += '}';
}

void patch_writer::remove(std::string_view path) {
  begin("remove", path);
  out_ += '}';
}

void patch_writer::int_array(std::string_view path, std::span<const int> before, std::span<const int> after) {
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i)
    if (before[i] != after[i]) replace(std::string(path) + '/' + std::to_string(i), after[i]);
}

std::vector<keyed_name> names_in_key_order(int count, const std::function<std::string(int)>& name) {
  std::vector<keyed_name> out;
  for (int i = 0; i < count; ++i) out.push_back({i, name(i)});
  std::sort(out.begin(), out.end(), [](const keyed_name& a, const keyed_name& b) { return a.name < b.name; });
  return out;
}

std::string patch_writer::finish() && {
  out_ += ']';
  return std::move(out_);
}

std::string json_string_text(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

}  // namespace tabuleiro::protocol
