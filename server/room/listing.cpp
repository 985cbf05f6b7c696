#include "server/room/listing.h"

namespace tabuleiro::server {

room_listing::room_listing(std::string code, bool is_public, const nlohmann::json& options, list_sink sink)
    : code_(std::move(code)),
      public_(is_public),
      options_(std::make_shared<const nlohmann::json>(options)),
      sink_(std::move(sink)) {}

summary_ptr room_listing::summary() const {
  mutex_lock lock(mu_);
  return summary_;
}

list_entry room_listing::entry() const {
  mutex_lock lock(mu_);
  return {summary_, preview_, code_, finished_};
}

bool room_listing::evictable() const {
  mutex_lock lock(mu_);
  return evictable_;
}

void room_listing::publish(summary_inputs in, bool version_moved, bool idle) {
  const bool over = in.outcome.has_value();
  protocol::view_ptr preview = in.preview;
  auto next = live_summary(std::move(in));
  // A new version always changes it; otherwise only a change the list shows is posted.
  const bool changed = version_moved || next->value() != own_summary()->value();
  {
    mutex_lock lock(mu_);
    preview_ = preview;
    if (changed) {
      summary_ = next;  // one summary for all readers, built when first read
      finished_ = over;
    }
    evictable_ = idle;
  }
  if (changed && public_ && sink_) sink_({std::move(next), std::move(preview), code_, over});
}

}  // namespace tabuleiro::server
