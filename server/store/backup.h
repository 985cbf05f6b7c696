// Online, consistent copies of a database, safe while a server keeps writing to it: SQLite's
// VACUUM INTO, or pg_dump for a PostgreSQL URL (`tabuleiro backup`, deploy/README.md).
#pragma once

#include <string>

namespace tabuleiro::server {

// Copies the database db (a SQLite file, or a PostgreSQL URL) into the new file dest (0600): a
// SQLite copy by VACUUM INTO, checked afterwards with quick_check, or pg_dump's custom-format
// archive of one snapshot (Debian's postgresql-client; its arguments go to it directly, not
// through a shell). False, with error and no file left behind, on failure.
bool backup_database(const std::string& db, const std::string& dest, std::string& error);

}  // namespace tabuleiro::server
