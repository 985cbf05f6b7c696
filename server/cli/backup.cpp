// `tabuleiro backup DEST`: its arguments and checks; the copy itself is the store's
// (server/store/backup.h: SQLite VACUUM INTO, or pg_dump for a PostgreSQL URL), safe while
// `tabuleiro serve` keeps writing; used by deploy/README.md's backup commands.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "server/cli/commands.h"
#include "server/store/backup.h"
#include "server/store/pg.h"
#include "server/store/store.h"

namespace tabuleiro {

namespace {

constexpr std::string_view backup_usage =
    "usage: tabuleiro backup [--db PATH] DEST\n"
    "\n"
    "Writes a consistent copy of the database to DEST (a new file) with SQLite's VACUUM INTO,\n"
    "while the server keeps running. Restore: stop the server, replace the database file with\n"
    "the copy (and remove its -wal and -shm files), start the server.\n"
    "\n"
    "With a PostgreSQL URL as --db, runs pg_dump (Debian's postgresql-client) instead: DEST is a\n"
    "custom-format archive of one consistent snapshot; restore it with pg_restore (see\n"
    "deploy/README.md).\n"
    "\n"
    "  --db PATH    database file or postgres:// URL (env TABULEIRO_DB; default ./data/tabuleiro.db)\n";

}  // namespace

int run_backup(const args& a) {
  std::string db = "./data/tabuleiro.db";
  if (const char* env = std::getenv("TABULEIRO_DB"); env && *env) db = env;
  std::string dest;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << backup_usage;
      return 0;
    }
    if (a[i] == "--db" && i + 1 < a.size()) {
      db = a[++i];
    } else if (dest.empty() && !a[i].starts_with("-")) {
      dest = a[i];
    } else {
      std::cerr << "tabuleiro backup: unexpected argument '" << a[i] << "'\n" << backup_usage;
      return 2;
    }
  }
  if (dest.empty()) {
    std::cerr << backup_usage;
    return 2;
  }
  std::error_code ec;
  const bool postgres = server::is_postgres_url(db);
  if (!postgres && !std::filesystem::is_regular_file(db, ec)) {
    std::cerr << "tabuleiro backup: no database at " << db << "\n";
    return 1;
  }
  if (std::filesystem::exists(dest, ec)) {
    std::cerr << "tabuleiro backup: " << dest << " already exists\n";
    return 1;
  }
  std::string error;
  if (!server::backup_database(db, dest, error)) {
    std::cerr << "tabuleiro backup: " << error << "\n";
    return 1;
  }
  std::cout << "backed up " << server::loggable_db_target(db) << " to " << dest << " ("
            << std::filesystem::file_size(dest, ec) << " bytes)\n";
  return 0;
}

}  // namespace tabuleiro
