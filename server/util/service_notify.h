// The service manager's readiness protocol (systemd's sd_notify(3), Type=notify units): state
// lines such as "READY=1", "STATUS=…", "EXTEND_TIMEOUT_USEC=…", "STOPPING=1" sent as one datagram
// to the socket $NOTIFY_SOCKET names. Without that variable (not started by systemd, a
// container) nothing is sent. deploy/tabuleiro.service is Type=notify: the server says READY=1
// once it serves, and while it migrates or waits for a lock at start it extends the unit's
// start timeout, so a long migration that makes progress is not killed and restarted.
#pragma once

#include <string_view>

namespace tabuleiro::server {

// Sends state (newline-separated VAR=value lines) to the service manager; false when there is
// none or the datagram could not be sent (never fatal: the server runs the same either way).
// Thread-safety: may be called from any thread.
bool notify_service(std::string_view state);

}  // namespace tabuleiro::server
