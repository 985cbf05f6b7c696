#include "server/room/feed.h"

#include "protocol/core/messages.h"

namespace tabuleiro::server {

namespace {

// Patches kept per viewer class for catch-up after a reconnection.
constexpr std::size_t recent_patches = 32;

}  // namespace

feed_text::feed_text(std::string text, protocol::messages::legal_span span)
    : body_(std::make_shared<body>(body{std::move(text), span, std::string()})) {}

feed_text feed_text::without_legal(std::string text) {
  feed_text out;
  out.body_ = std::make_shared<body>(body{std::string(), protocol::messages::legal_span{}, std::move(text)});
  return out;
}

shared_text feed_text::other_form(bool legal) const {
  if (!body_ || legal) return nullptr;
  body& b = *body_;
  if (b.without.empty()) {
    if (b.span.size == 0) return shared_text(body_, &b.with);
    b.without = protocol::messages::without_legal(b.with, b.span);
  }
  return shared_text(body_, &b.without);
}

match_feed::match_feed(const protocol::match& m, std::int64_t version, const json& outcome)
    : version_(version), outcome_(outcome) {
  const auto pub = m.observe();
  for (int c = 0; c < 3; ++c) views_[c] = pub.view_for(c);
}

std::array<feed_text, 3> match_feed::publish(const protocol::match& m, std::int64_t version, protocol::publication pub,
                                             const json& outcome, const std::string& clock_text,
                                             std::array<bool, 3> with_legal) {
  version_ = version;
  outcome_ = outcome;
  const std::vector<protocol::view_ptr>& next = pub.views;
  static const std::string no_events = "[]";
  const auto events_text = [&](std::size_t g) -> const std::string& {
    return g < pub.events.size() ? pub.events[g]->text() : no_events;
  };
  // One patch per distinct (view before, view after) pair. A room-level ending changes the
  // views' own outcome: the match concluded with it, so its observations show it.
  struct diff {
    const protocol::view* before;
    int group;
    std::string ops;
  };
  std::vector<diff> diffs;
  std::array<std::size_t, 3> diff_of{};
  for (int c = 0; c < 3; ++c) {
    const protocol::view* before = views_[c].get();
    const int g = pub.group_of[c];
    std::size_t i = 0;
    while (i < diffs.size() && !(diffs[i].before == before && diffs[i].group == g)) ++i;
    if (i == diffs.size()) diffs.push_back({before, g, next[g]->patch_from(*before)});
    diff_of[c] = i;
  }
  const std::string& to_act = to_act_text(m);
  std::array<feed_text, 3> out;
  for (int c = 0; c < 3; ++c) {
    // Classes share a message when its bytes are equal: the same patch and events, and the
    // same legal fields, or none for both.
    const std::string* legal = with_legal[c] ? &legal_text(m, c) : nullptr;
    const int g = pub.group_of[c];
    for (int e = 0; e < c && !out[c]; ++e)
      if (diff_of[e] == diff_of[c] && pub.group_of[e] == g && with_legal[e] == with_legal[c] &&
          (!legal || legal_text(m, e) == *legal))
        out[c] = out[e];
    if (out[c]) continue;
    const std::string& ops = diffs[diff_of[c]].ops;
    if (legal) {
      protocol::messages::legal_span span;
      std::string text = protocol::messages::patch(version, ops, events_text(g), *legal, to_act, clock_text, &span);
      out[c] = feed_text(std::move(text), span);
    } else {
      out[c] = feed_text::without_legal(
          protocol::messages::patch(version, ops, events_text(g), {}, to_act, clock_text));
    }
  }
  for (int c = 0; c < 3; ++c) {
    views_[c] = next[pub.group_of[c]];
    auto& buffer = recent_[c];
    buffer.emplace_back(version, out[c]);
    if (buffer.size() > recent_patches) buffer.pop_front();
  }
  return out;
}

const std::string& match_feed::legal_text(const protocol::match& m, int c) {
  auto& slot = legal_[c];
  if (slot.version != version_) {
    const bool can_act = c != 0 && outcome_.is_null();
    slot.value = can_act ? m.legal_fields(c) : protocol::messages::legal_fields(protocol::legal_json{});
    slot.version = version_;
  }
  return slot.value;
}

const std::string& match_feed::to_act_text(const protocol::match& m) {
  if (to_act_.version != version_) {
    to_act_.value = protocol::messages::to_act_field(outcome_.is_null() ? m.seats_to_act()
                                                                        : std::vector<engine::seat>{});
    to_act_.version = version_;
  }
  return to_act_.value;
}

shared_text match_feed::snapshot(const protocol::match& m, int c, const std::string& clock_text, bool legal) {
  auto& slot = snapshots_[c];
  if (slot.version != version_ || snapshot_clock_[c] != clock_text || !slot.value.text(legal)) {
    const json& view = views_[c]->value();
    if (legal) {
      protocol::messages::legal_span span;
      std::string text = protocol::messages::snapshot(version_, view, legal_text(m, c), to_act_text(m), outcome_,
                                                      clock_text, &span);
      slot.value = feed_text(std::move(text), span);
    } else {
      slot.value = feed_text::without_legal(
          protocol::messages::snapshot(version_, view, {}, to_act_text(m), outcome_, clock_text));
    }
    slot.version = version_;
    snapshot_clock_[c] = clock_text;
  }
  return slot.value.text(legal);
}

std::optional<std::vector<shared_text>> match_feed::catch_up(int c, std::int64_t from, bool legal) const {
  const auto& buffer = recent_[c];
  if (from > version_) return std::nullopt;
  if (from < version_ && (buffer.empty() || buffer.front().first > from + 1)) return std::nullopt;
  std::vector<shared_text> out;
  for (const auto& [v, msg] : buffer) {
    if (v <= from) continue;
    shared_text text = msg.text(legal);
    if (!text) return std::nullopt;  // written without the legal fields this connection wants
    out.push_back(std::move(text));
  }
  return out;
}

}  // namespace tabuleiro::server
