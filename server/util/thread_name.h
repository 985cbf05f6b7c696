// Names for the server's threads, as `top -H`, `ps -L`, perf and /proc/<pid>/task/*/comm show
// them: tab-io (the I/O threads past the first), tab-store (the store's writer), tab-bot (the
// computer players, from their first decision), tab-notify (notifications: deliveries, the
// API's reads), tab-outbound (outbound HTTPS). The main thread, which is also an I/O thread,
// and the small pools of reads keep the program's name. Thread-safety: names only the calling
// thread.
#pragma once

namespace tabuleiro::server {

// Gives the calling thread name (at most 15 bytes; longer is cut). Failure is ignored.
void name_this_thread(const char* name);

}  // namespace tabuleiro::server
