// Fuzzes a publication (POST /api/matches/publish) as the registry reads it: the body's size and
// depth gate, the request's parse and the replay of its log by the engine. Properties: nothing
// crashes; a refusal of the log names a step within it (1 … actions + 1, or 5,001 for too many)
// and a reason its message repeats; an accepted log runs from version 1 without a gap, holds one
// game action or one resignation per version (the resignation last), ends the game, and replays
// through advance and conclude — as a room is restored from the store — to the same outcome and
// the same full position.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "protocol/core/json_util.h"
#include "protocol/core/room_change.h"
#include "server/registry/publish_request.h"
#include "server/util/wire.h"

using namespace tabuleiro;

namespace {

// Aborts unless refusal r is well formed for a log of n actions.
void check_refusal(const server::log_refusal& r, std::size_t n) {
  const auto last = static_cast<std::int64_t>(n) + 1;
  const bool too_many = r.reason == "too_many_actions";
  if (too_many ? r.step != static_cast<std::int64_t>(server::max_published_actions) + 1 : r.step < 1 || r.step > last)
    std::abort();
  if (r.reason.empty() || r.message.rfind("step " + std::to_string(r.step), 0) != 0 ||
      r.message.find(": " + r.reason + " ") == std::string::npos)
    std::abort();
}

// Aborts unless the accepted log replays from r's options and seed, as a restored room replays
// its stored log, to the very match the publication's replay produced.
void check_replays(const server::publish_request& r, const server::replayed_log& out) {
  if (out.log.empty() || !out.match->outcome()) std::abort();
  auto created = r.kind->create(r.options, nullptr, r.seed);
  auto* m = std::get_if<std::unique_ptr<protocol::match>>(&created);
  if (!m) std::abort();  // the publication's replay created it from the same options
  std::int64_t version = 0;
  for (const server::action_row& a : out.log) {
    if (a.version != ++version || (*m)->outcome() || a.action.is_null() == a.change.is_null()) std::abort();
    if (!a.change.is_null()) {
      const auto change = protocol::parse_room_change(a.change);
      if (!change || change->kind != protocol::room_change_kind::resign || change->seat != a.seat ||
          a.version != static_cast<std::int64_t>(out.log.size()))
        std::abort();
      (*m)->conclude(protocol::outcome_of(*change));
    } else if ((*m)->advance(a.seat, a.action)) {
      std::abort();
    }
  }
  const auto outcome = (*m)->outcome();
  if (!outcome || protocol::outcome_json(outcome) != protocol::outcome_json(out.outcome) ||
      protocol::outcome_json(out.match->outcome()) != protocol::outcome_json(out.outcome))
    std::abort();
  if (r.kind->secret_position(**m) != r.kind->secret_position(*out.match)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string why;
  const auto body = server::parse_client_json(text, why, server::max_publish_bytes);
  if (!body) return 0;
  const auto n = body->is_object() && body->contains("actions") && (*body)["actions"].is_array()
                     ? (*body)["actions"].size()
                     : 0;
  auto parsed = server::parse_publish_request(*body);
  if (auto* e = std::get_if<server::log_refusal>(&parsed)) {
    check_refusal(*e, n);
    return 0;
  }
  if (auto* e = std::get_if<server::request_error>(&parsed)) {
    if (e->code.empty() || e->message.empty()) std::abort();
    return 0;
  }
  const auto& request = std::get<server::publish_request>(parsed);
  auto replayed = server::replay_publication(request);
  if (auto* e = std::get_if<server::log_refusal>(&replayed)) {
    check_refusal(*e, n);
    return 0;
  }
  if (auto* e = std::get_if<server::request_error>(&replayed)) {
    if (e->code != "bad_options") std::abort();  // the only refusal of the game before the log
    return 0;
  }
  check_replays(request, std::get<server::replayed_log>(replayed));
  return 0;
}
