// The room's side of its match clock: the clock of a stored row, the timer that flags a seat
// whose time ran out, the timeout change, and the wire's clock field.
#include "server/room.h"

#include <spdlog/spdlog.h>

namespace tabuleiro::server {

// The clock of a stored row's option (a stored option that no longer parses runs no clock).
match_clock stored_clock(const match_row& row) {
  std::string error;
  const auto o = parse_clock_options(row.clock, error);
  if (!o) spdlog::error("match {}: stored clock {} ignored: {}", row.code, row.clock.dump(), error);
  return match_clock(o.value_or(clock_options{}));
}

// Arms the clock timer for the moment the running time may be out (replacing the last one).
void room::arm_clock() {
  if (clock_timer_) clock_timer_->cancel();
  clock_timer_.reset();
  const auto at = clock_.timer_at();
  if (!at || seq_.outcome()) return;
  std::weak_ptr<room> weak = shared_from_this();
  clock_timer_ = svc_.time->call_at(*at, strand_, [weak] {
    if (auto self = weak.lock()) self->on_clock_timer();
  });
}

// Flags the seat whose time is out (even with any credit still possible), else re-arms.
void room::on_clock_timer() {
  if (seq_.outcome() || closing_) return;
  if (auto flagged = clock_.timed_out(svc_.time->now_ms())) return submit_flag(*flagged);
  arm_clock();
}

// Queues the timeout of seat (0: both), logged at the deadline that passed.
void room::submit_flag(int seat) {
  if (seq_.outcome() || seq_.has_pending(protocol::room_change_kind::timeout)) return;
  change_request r{0, nullptr, 0, nullptr,
                   protocol::room_change{protocol::room_change_kind::timeout, seat, std::nullopt}};
  r.at_ms = clock_.deadline().value_or(svc_.time->now_ms());
  spdlog::info("match {}: {} out of time", code_, seat == 0 ? "both seats" : "seat " + std::to_string(seat));
  seq_.submit(std::move(r));
}

std::string room::clock_text() const { return clock_field(clock_, svc_.time->now_ms()); }

}  // namespace tabuleiro::server
