// Parsing hostile client text into JSON, and sharing serialized messages between connections.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

using json = nlohmann::json;

// Deepest array/object nesting accepted from a client.
constexpr std::size_t max_json_depth = 32;

// Largest WebSocket message or HTTP body accepted from a client (16 KiB).
constexpr std::size_t max_message_bytes = 16 * 1024;

// Largest body of the one route that takes a whole game's log, POST /api/matches/publish
// (512 KiB: a log at its cap of 5,000 actions is about 330 KiB of compact JSON).
constexpr std::size_t max_publish_bytes = 512 * 1024;

// Deepest nesting of arrays/objects in text, found by scanning bytes outside strings
// (so a hostile document is measured before any parser recurses into it).
std::size_t json_depth(std::string_view text);

// Parses text (at most max_bytes long) as one JSON value within max_json_depth; nullopt (and a
// reason) on failure.
std::optional<json> parse_client_json(std::string_view text, std::string& why,
                                      std::size_t max_bytes = max_message_bytes);
// Reads the string member key of object o into out (left as it is when absent); false when
// the member is present but not a string.
bool string_member(const json& o, const char* key, std::string& out);

// A serialized message shared by every connection that sends it.
using shared_text = std::shared_ptr<const std::string>;

// A serialized message (built by protocol/core/messages.h) made shareable between write queues.
inline shared_text share_text(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

}  // namespace tabuleiro::server
