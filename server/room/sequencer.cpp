#include "server/room/sequencer.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"

namespace tabuleiro::server {

namespace {

// State-changing requests a match queues while a write is in flight.
constexpr std::size_t queue_limit = 64;

// The refusal of every change once another node holds the match.
const rule_error moved_away{"match_moved", "this match is now served by another node; reconnect to continue"};

}  // namespace

sequencer::sequencer(sequencer_host& host, room_strand strand, store& db, time_source& time, std::string code,
                     std::unique_ptr<protocol::match> m, std::int64_t version, std::optional<engine::outcome> outcome)
    : host_(host),
      strand_(std::move(strand)),
      db_(db),
      time_(time),
      code_(std::move(code)),
      match_(std::move(m)),
      version_(version),
      outcome_(std::move(outcome)) {}

void sequencer::submit(change_request r) {
  if (lost_) return host_.on_refused(r, moved_away);
  if (queue_.size() >= queue_limit) return host_.on_refused(r, {"busy", "too many pending requests"});
  queue_.push_back(std::move(r));
  pump();
}

bool sequencer::has_pending(protocol::room_change_kind k) const {
  if (in_flight_change_ == k) return true;
  return std::any_of(queue_.begin(), queue_.end(), [k](const change_request& r) { return r.is(k); });
}

void sequencer::pump() {
  while (!busy_ && !queue_.empty()) {
    change_request r = std::move(queue_.front());
    queue_.pop_front();
    rule_error refused;
    auto s = stage(r, refused);
    if (!s) {
      host_.on_refused(r, refused);
      continue;
    }
    return do_append(std::move(*s));
  }
}

// Checks and applies r on a copy of the committed state; nullopt (and refused) if it cannot be.
std::optional<sequencer::staged> sequencer::stage(change_request& r, rule_error& refused) {
  if (outcome_) {
    refused = {"game_over", "the match is over"};
    return std::nullopt;
  }
  if (auto e = host_.vet(r)) {
    refused = *e;
    return std::nullopt;
  }
  staged s;
  if (const auto* change = r.room_change()) {
    s.outcome = protocol::outcome_of(*change);
    s.next = match_->clone();
    s.next->conclude(*s.outcome);
    s.pub = s.next->observe();
    s.pub.events.assign(s.pub.views.size(),
                        protocol::make_event_list(json::array({protocol::room_change_event(*change)})));
    s.request = std::move(r);
    return s;
  }
  if (auto e = protocol::turn_refusal(*match_, r.seat)) {
    refused = *e;
    return std::nullopt;
  }
  auto next = match_->clone();
  json& action = std::get<game_action>(r.what).action;
  auto applied = next->apply(r.seat, action);
  if (auto* e = std::get_if<rule_error>(&applied)) {
    refused = *e;
    return std::nullopt;
  }
  auto& a = std::get<protocol::applied>(applied);
  s.outcome = next->outcome();
  s.pub = std::move(a.pub);
  s.next = std::move(next);
  action = std::move(a.action);  // the canonical form is what the log keeps
  s.request = std::move(r);
  return s;
}

void sequencer::do_append(staged s) {
  busy_ = true;
  action_row row;
  row.version = version_ + 1;
  row.seat = s.request.seat;
  row.at_ms = s.request.at_ms != 0 ? s.request.at_ms : time_.now_ms();
  row.lag_ms = s.request.lag_credit_ms;
  s.request.at_ms = row.at_ms;
  if (const auto* change = s.request.room_change()) {
    row.change = protocol::room_change_json(*change);
    in_flight_change_ = change->kind;
  } else {
    row.action = std::get<game_action>(s.request.what).action;
  }
  const json outcome = protocol::outcome_json(s.outcome);
  // The completion runs on the writer thread; it only posts back to the strand. std::function
  // needs a copyable callable, so the move-only staged change sits behind a shared_ptr.
  auto held = std::make_shared<staged>(std::move(s));
  auto done = [this, keep = host_.anchor(), held](write_status status) {
    net::post(strand_, [this, keep, held, status] { on_append(status, std::move(*held)); });
  };
  if (outcome.is_null()) db_.append_action(code_, row, std::move(done), fence_);
  else db_.append_and_finish(code_, row, outcome, std::move(done), fence_);
}

void sequencer::on_append(write_status status, staged s) {
  busy_ = false;
  in_flight_change_.reset();
  if (status == write_status::conflict && fence_.epoch != 0) {
    // Another node claimed the match: this state may already be behind the log.
    spdlog::warn("match {}: version {} refused by the lease fence (epoch {}); the match moved", code_, version_ + 1,
                 fence_.epoch);
    lost_ = true;
    host_.on_refused(s.request, moved_away);
    while (!queue_.empty()) {
      host_.on_refused(queue_.front(), moved_away);
      queue_.pop_front();
    }
    return host_.on_lease_lost();
  }
  if (status != write_status::ok) {
    spdlog::error("match {}: storing version {} failed ({}); change dropped", code_, version_ + 1,
                  write_status_name(status));
    host_.on_refused(s.request, {"storage_error", "the change could not be stored; nothing changed"});
    return pump();
  }
  if (s.next) match_ = std::move(s.next);
  ++version_;
  outcome_ = std::move(s.outcome);
  host_.on_committed(s.request, std::move(s.pub));
  pump();
}

}  // namespace tabuleiro::server
