// The connection record's rows in the store (schema/016_connections.sql): one row per change,
// numbered in the match's order; one SQL text for both databases (store/connection.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/room/connection_log.h"
#include "server/store/store.h"

namespace tabuleiro::server {

// Stores change c as the next of match code's record (its number one past the last stored).
// conflict: no such match.
write_work insert_connection_work(const std::string& code, connection_change c);

// Match code's changes in order (at most connection_log::max_changes + 1, so that a full record
// reads as incomplete).
read_status read_connections(sql_connection& db, const std::string& code, std::vector<connection_change>& changes,
                             std::string& error);

}  // namespace tabuleiro::server
