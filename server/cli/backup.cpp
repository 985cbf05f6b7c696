// `tabuleiro backup DEST`: its arguments and checks; the copy itself is the store's
// (server/store/backup.h: SQLite VACUUM INTO, or pg_dump for a PostgreSQL URL), safe while
// `tabuleiro serve` keeps writing; used by deploy/README.md's backup commands.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "server/cli/commands.h"
#include "server/config/config.h"
#include "server/store/backup.h"
#include "server/store/db_file.h"
#include "server/store/pg.h"
#include "server/store/store.h"

namespace tabuleiro {

namespace {

constexpr std::string_view backup_usage =
    "usage: tabuleiro backup [--db PATH] DEST\n"
    "\n"
    "Writes a consistent copy of the database to DEST (a new file) with SQLite's VACUUM INTO,\n"
    "while the server keeps running, then checks the copy with quick_check. The copy is made\n"
    "0600 (it holds password hashes and secrets); a failed copy leaves no file. Restore: stop\n"
    "the server, then tabuleiro restore DEST (tabuleiro restore --help).\n"
    "\n"
    "With a PostgreSQL URL as --db, runs pg_dump (Debian's postgresql-client) instead: DEST is a\n"
    "custom-format archive of one consistent snapshot; restore it with pg_restore (see\n"
    "deploy/README.md).\n"
    "\n"
    "  --db PATH    database file or postgres:// URL (env TABULEIRO_DB; default ./data/tabuleiro.db)\n";

constexpr std::string_view restore_usage =
    "usage: tabuleiro restore [--db PATH] BACKUP\n"
    "\n"
    "Replaces the SQLite database PATH by the copy BACKUP (made by tabuleiro backup), with the\n"
    "server stopped (refused while a server holds PATH). The copy must pass quick_check. The\n"
    "database it replaces is kept beside it as PATH.replaced-<time> (with its -wal), the old -shm\n"
    "is removed, and the new file is 0600 and, run as root, owned by the owner of PATH's folder\n"
    "(the systemd unit's user, the container's user).\n"
    "\n"
    "  --db PATH    database file (env TABULEIRO_DB; default ./data/tabuleiro.db)\n";

// Reads `[--db PATH] FILE` (the database defaults as serve's) into db and file: -1 to go on,
// else the exit status (0 after --help, 2 after a usage error, said on stderr).
int parse_db_and_file(const args& a, std::string_view command, std::string_view usage, std::string& db,
                      std::string& file) {
  db = default_database();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << usage;
      return 0;
    }
    if (a[i] == "--db" && i + 1 < a.size()) {
      db = a[++i];
    } else if (file.empty() && !a[i].starts_with("-")) {
      file = a[i];
    } else {
      std::cerr << "tabuleiro " << command << ": unexpected argument '" << a[i] << "'\n" << usage;
      return 2;
    }
  }
  if (!file.empty()) return -1;
  std::cerr << usage;
  return 2;
}

}  // namespace

std::string default_database() {
  if (const char* env = std::getenv("TABULEIRO_DB"); env && *env) return env;
  return server::config{}.db;
}

int run_backup(const args& a) {
  std::string db, dest;
  if (const int status = parse_db_and_file(a, "backup", backup_usage, db, dest); status >= 0) return status;
  std::error_code ec;
  std::string error;
  if (!server::check_db_file(db, server::if_missing::refuse, error)) {
    std::cerr << "tabuleiro backup: " << error << "\n";
    return 1;
  }
  if (std::filesystem::exists(dest, ec)) {
    std::cerr << "tabuleiro backup: " << dest << " already exists\n";
    return 1;
  }
  if (!server::backup_database(db, dest, error)) {
    std::cerr << "tabuleiro backup: " << error << "\n";
    return 1;
  }
  std::cout << "backed up " << server::loggable_db_target(db) << " to " << dest << " ("
            << std::filesystem::file_size(dest, ec) << " bytes"
            << (server::is_postgres_url(db) ? "" : ", passed quick_check") << ")\n";
  return 0;
}

int run_restore(const args& a) {
  std::string db, from;
  if (const int status = parse_db_and_file(a, "restore", restore_usage, db, from); status >= 0) return status;
  if (server::is_postgres_url(db)) {
    std::cerr << "tabuleiro restore: a PostgreSQL database is restored with pg_restore (deploy/README.md, "
                 "\"PostgreSQL\")\n";
    return 2;
  }
  std::string kept, error;
  if (!server::restore_db_file(from, db, kept, error)) {
    std::cerr << "tabuleiro restore: " << error << "\n";
    return 1;
  }
  std::error_code ec;
  std::cout << "restored " << std::filesystem::absolute(db, ec).lexically_normal().string() << " from " << from << " ("
            << std::filesystem::file_size(db, ec) << " bytes, passed quick_check)"
            << (kept.empty() ? std::string() : "; the database it replaced is kept as " + kept)
            << ". Start the server.\n";
  return 0;
}

}  // namespace tabuleiro
