// `tabuleiro admin`: the owner's operations from a shell (also `docker exec`), on the same
// database as the server: `create-user NAME [--admin]`, the way to make the first
// administrator, and `invite [--days N]`, an invitation for a server run with --access invite. The password is read from the terminal without echo (asked twice), or as one
// line from standard input when it is not a terminal; it is never an argument, so it does not
// reach the shell's history or the process list.
#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <future>
#include <iostream>
#include <string>

#include "server/accounts/accounts.h"
#include "server/cli/commands.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro {

namespace {

constexpr std::string_view admin_usage =
    "usage: tabuleiro admin create-user NAME [--admin] [--db PATH]\n"
    "       tabuleiro admin invite [--days N] [--db PATH]\n"
    "\n"
    "create-user: creates the account NAME; --admin makes it an administrator. The password is\n"
    "asked on the terminal (twice, not shown), or read as one line from standard input, e.g.\n"
    "  docker exec -i tabuleiro tabuleiro admin create-user ana --admin < password.txt\n"
    "invite: prints a new invitation code, valid for N days (default 7, at most 365), for a\n"
    "server run with --access invite; whoever signs up with it uses it up.\n"
    "\n"
    "  --db PATH    database file or postgres:// URL (env TABULEIRO_DB; default ./data/tabuleiro.db)\n";

// One line of standard input without its line end; prompt and no echo on a terminal.
std::string read_secret_line(const char* prompt) {
  const bool tty = ::isatty(STDIN_FILENO) != 0;
  termios saved{};
  if (tty) {
    std::cerr << prompt << std::flush;
    ::tcgetattr(STDIN_FILENO, &saved);
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  std::getline(std::cin, line);
  if (tty) {
    ::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    std::cerr << "\n";
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

// Opens the store at db, or says why not on stderr.
std::unique_ptr<server::store> open_store(const std::string& db) {
  std::string error;
  auto store = server::store::open(db, error);
  if (!store)
    std::cerr << "tabuleiro admin: cannot open database " << server::loggable_db_target(db) << ": " << error << "\n";
  return store;
}

// create-user NAME [--admin]: asks for the password and creates the account.
int create_user(const std::string& db, const std::string& name, bool admin) {
  if (auto why = server::accounts::username_refusal(name)) {
    std::cerr << "tabuleiro admin: " << *why << "\n";
    return 1;
  }
  const std::string password = read_secret_line("Password: ");
  if (::isatty(STDIN_FILENO) && read_secret_line("Again: ") != password) {
    std::cerr << "tabuleiro admin: the passwords differ\n";
    return 1;
  }
  auto store = open_store(db);
  if (!store) return 1;
  const auto time = server::system_time();
  std::promise<std::variant<server::accounts::account, server::accounts::refusal>> result;
  {
    server::accounts::account_service service(*store, *time);
    service.create_user(name, password, admin, [&result](auto r) { result.set_value(std::move(r)); });
    const auto r = result.get_future().get();
    if (const auto* no = std::get_if<server::accounts::refusal>(&r)) {
      std::cerr << "tabuleiro admin: " << no->message << "\n";
      return 1;
    }
    const auto& made = std::get<server::accounts::account>(r);
    std::cout << "created user " << made.username << " (id " << made.id << (made.admin ? ", administrator" : "") << ")\n";
  }
  store->close();
  return 0;
}

// invite [--days N]: prints a new invitation code.
int make_invitation(const std::string& db, long days) {
  auto store = open_store(db);
  if (!store) return 1;
  const auto time = server::system_time();
  std::promise<std::variant<server::accounts::invitation, server::accounts::refusal>> result;
  {
    server::accounts::account_service service(*store, *time);
    service.create_invitation(0, days * 24 * 3600 * 1000, [&result](auto r) { result.set_value(std::move(r)); });
    const auto r = result.get_future().get();
    if (const auto* no = std::get_if<server::accounts::refusal>(&r)) {
      std::cerr << "tabuleiro admin: " << no->message << "\n";
      return 1;
    }
    std::cout << std::get<server::accounts::invitation>(r).code << "\n";
    std::cerr << "invitation valid for " << days << " day" << (days == 1 ? "" : "s")
              << "; give it once: the sign-up page takes it (or /signup?invite=CODE)\n";
  }
  store->close();
  return 0;
}

}  // namespace

int run_admin(const args& a) {
  std::string db = "./data/tabuleiro.db";
  if (const char* env = std::getenv("TABULEIRO_DB"); env && *env) db = env;
  std::string command, name;
  bool admin = false;
  long days = 7;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << admin_usage;
      return 0;
    }
    if (a[i] == "--db" && i + 1 < a.size()) db = a[++i];
    else if (a[i] == "--admin") admin = true;
    else if (a[i] == "--days" && i + 1 < a.size()) {
      const std::string& v = a[++i];
      char* end = nullptr;
      days = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || days < 1 || days > 365) {
        std::cerr << "tabuleiro admin: --days takes 1 to 365\n";
        return 2;
      }
    }
    else if (command.empty() && !a[i].starts_with("-")) command = a[i];
    else if (name.empty() && !a[i].starts_with("-")) name = a[i];
    else {
      std::cerr << "tabuleiro admin: unexpected argument '" << a[i] << "'\n" << admin_usage;
      return 2;
    }
  }
  if (command == "invite" && name.empty()) return make_invitation(db, days);
  if (command != "create-user" || name.empty()) {
    std::cerr << admin_usage;
    return 2;
  }
  return create_user(db, name, admin);
}

}  // namespace tabuleiro
