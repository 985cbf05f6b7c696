// Link previews of matches: PNGs of the spectator's view (server/preview/png.h), drawn on a
// thread of their own, cached per match at the newest version drawn, and bounded: at most
// per_address drawings a minute for one client address and total for everyone (a cached
// image costs nothing).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include <boost/asio/thread_pool.hpp>

#include "protocol/core/game.h"
#include "server/util/clock.h"
#include "server/util/mutex.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server::preview {

// Thread-safety: every method may be called from any thread (one mutex, held briefly).
class preview_images {
 public:
  using png_ptr = std::shared_ptr<const std::string>;
  // done(png, 0): the image; done(nullptr, s): refused by the limits, try again in s seconds;
  // done(nullptr, 0): the view has no picture. Called on the drawing thread or the caller's.
  using done_fn = std::function<void(png_ptr, std::int64_t retry_after_s)>;

  preview_images(const time_source& time, int per_address, int total, std::size_t capacity = 256);
  // Waits for the drawing in progress, if any.
  ~preview_images();

  // The preview of match code at version, whose spectator view is view, for a client at
  // address: from the cache, or drawn.
  void get(const std::string& code, std::int64_t version, protocol::view_ptr view, const std::string& address,
           done_fn done) EXCLUDES(mu_);

 private:
  struct cached {
    std::int64_t version = 0;
    png_ptr png;
    std::uint64_t used = 0;  // when last read (a counter): the least recently used goes first
  };
  // Keeps png as code's image at version, dropping the least recently used past capacity.
  void keep(const std::string& code, std::int64_t version, png_ptr png) EXCLUDES(mu_);

  window_limiter per_address_;
  window_limiter total_;
  const std::size_t capacity_;
  mutex mu_;
  std::map<std::string, cached> cache_ GUARDED_BY(mu_);
  std::uint64_t reads_ GUARDED_BY(mu_) = 0;
  boost::asio::thread_pool drawing_{1};
};

}  // namespace tabuleiro::server::preview
