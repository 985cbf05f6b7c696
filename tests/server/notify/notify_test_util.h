// What the notification rows' tests (push_sql_test, webhook_test) share: members made directly
// in a test database.
#pragma once

#include <cstdint>
#include <string>

#include <catch2/catch.hpp>

#include "tests/server/store/store_test_util.h"

namespace tabuleiro::server::test {

// A new member named name (language "en") in db; their id.
inline std::int64_t new_member(test_db& db, const std::string& name) {
  REQUIRE(db.run("INSERT INTO users (username, username_key, display_name, password_hash, created_ms) VALUES ('" +
                 name + "', '" + name + "', '" + name + "', 'x', 0)") == write_status::ok);
  return db.scalar("SELECT id FROM users WHERE username_key = '" + name + "'");
}

}  // namespace tabuleiro::server::test
