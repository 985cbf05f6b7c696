#include "server/preview/previews.h"

#include <boost/asio/post.hpp>

#include "server/preview/png.h"

namespace tabuleiro::server::preview {

preview_images::preview_images(const time_source& time, int per_address, int total, std::size_t capacity)
    : per_address_(time, per_address, 60'000), total_(time, total, 60'000), capacity_(capacity) {}

preview_images::~preview_images() { drawing_.join(); }

void preview_images::get(const std::string& code, std::int64_t version, protocol::view_ptr view,
                         const std::string& address, done_fn done) {
  png_ptr hit;
  {
    mutex_lock lock(mu_);
    if (auto it = cache_.find(code); it != cache_.end() && it->second.version == version) {
      it->second.used = ++reads_;
      hit = it->second.png;
    }
  }
  if (hit) return done(std::move(hit), 0);
  if (!view) return done(nullptr, 0);
  if (const auto wait = per_address_.admit(address)) return done(nullptr, wait);
  if (const auto wait = total_.admit("")) return done(nullptr, wait);
  boost::asio::post(drawing_, [this, code, version, view = std::move(view), done = std::move(done)] {
    const auto& spectator_view = view->value();
    const auto* kind = protocol::find_game(spectator_view.value("game", std::string()));
    const auto picture = kind ? kind->picture(spectator_view) : std::nullopt;
    std::string bytes = picture ? draw_png(*picture) : std::string();
    if (bytes.empty()) return done(nullptr, 0);
    auto png = std::make_shared<const std::string>(std::move(bytes));
    keep(code, version, png);
    done(std::move(png), 0);
  });
}

void preview_images::keep(const std::string& code, std::int64_t version, png_ptr png) {
  mutex_lock lock(mu_);
  auto& entry = cache_[code];
  if (entry.png && entry.version > version) return;  // a newer one was drawn meanwhile
  entry = {version, std::move(png), ++reads_};
  if (cache_.size() <= capacity_) return;
  auto oldest = cache_.begin();
  for (auto it = cache_.begin(); it != cache_.end(); ++it)
    if (it->second.used < oldest->second.used) oldest = it;
  cache_.erase(oldest);
}

}  // namespace tabuleiro::server::preview
