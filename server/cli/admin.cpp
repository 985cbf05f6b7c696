// `tabuleiro admin`: the owner's operations from a shell (also `docker exec`), on the same
// database as the server: `create-user NAME [--admin]` (a way to make the first
// administrator), and the admin page's operations on users, invitations, the audit log and
// maintenance mode, recorded as done by `shell`. A password is read from the terminal without
// echo (asked twice), or as one line from standard input when it is not a terminal; it is never
// an argument, so it does not reach the shell's history or the process list.
#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <future>
#include <iostream>
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "server/accounts/accounts.h"
#include "server/accounts/admin.h"
#include "server/cli/commands.h"
#include "server/store/db_file.h"
#include "server/store/pg.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/secrets.h"

namespace tabuleiro {

namespace {

constexpr std::string_view admin_usage =
    "usage: tabuleiro admin COMMAND [ARGS] [--db PATH]\n"
    "\n"
    "  create-user NAME [--admin]   create the account NAME (--admin: an administrator); the\n"
    "                               password is asked twice on a terminal, or read as one line\n"
    "                               from standard input, e.g.\n"
    "    docker exec -i tabuleiro tabuleiro admin create-user ana --admin < password.txt\n"
    "  users [--search TEXT]        list the users (name or display name containing TEXT)\n"
    "  disable NAME | enable NAME   disable a user (their sessions end; every node closes their\n"
    "                               connections within seconds) or enable them again\n"
    "  promote NAME | demote NAME   make a user an administrator, or not\n"
    "  reset-link NAME [--url URL]  print a one-time password-reset code, valid for a day (and\n"
    "                               the link URL/reset?code=CODE when --url is given)\n"
    "  invite [--days N] [--uses N] print an invitation code, valid for N days (default 7, at most\n"
    "                               365) and N sign-ups (default 1, at most 1000)\n"
    "  invitations                  list the invitations\n"
    "  revoke ID                    revoke the invitation listed with ID\n"
    "  audit [--limit N]            the newest administrators' actions (default 50)\n"
    "  matches [--search PLAYER]    list the matches (newest change first), with a player's name\n"
    "  delete CODE                  delete a finished match and its log, while no server runs on\n"
    "                               this SQLite file (a running server's admin page deletes it\n"
    "                               then; a running match is aborted there first)\n"
    "  maintenance on|off           no new matches on any node (running ones go on), or again\n"
    "\n"
    "Every change is recorded in the audit log as done by `shell`. The database must exist: the\n"
    "server's first start makes it (pass the server's --db when it is not the default).\n"
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

// Opens the store at db, or says why not on stderr: a SQLite file must be there already (the
// shell never makes a database; a server's first start does).
std::unique_ptr<server::store> open_store(const std::string& db) {
  std::string error;
  if (!server::check_db_file(db, server::if_missing::refuse, error)) {
    std::cerr << "tabuleiro admin: " << error << "\n";
    return nullptr;
  }
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
    std::cout << "created user " << made.username << " (id " << made.id << (made.admin ? ", administrator" : "")
              << ")\n";
  }
  store->close();
  return 0;
}

// The value a callback of the services gives, waited for.
template <class T, class Call>
T wait_for(Call call) {
  std::promise<T> p;
  call([&p](T v) { p.set_value(std::move(v)); });
  return p.get_future().get();
}

// A Unix ms time as ISO 8601 (UTC, to the second).
std::string when(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// The database's services for one command of the owner's shell.
struct services {
  std::unique_ptr<server::store> db;
  std::unique_ptr<server::time_source> time = server::system_time();
  std::unique_ptr<server::accounts::account_service> accounts;
  std::unique_ptr<server::accounts::admin_service> admin;
  explicit services(std::unique_ptr<server::store> s) : db(std::move(s)) {
    accounts = std::make_unique<server::accounts::account_service>(*db, *time);
    admin = std::make_unique<server::accounts::admin_service>(*db, *time, *accounts);
  }
  ~services() {
    admin.reset();
    accounts.reset();
    db->close();
  }
};

// The user called name (any spelling with its key), or nullopt after saying why on stderr.
std::optional<server::accounts::user_row> find_user(services& s, const std::string& name) {
  using rows = std::optional<std::vector<server::accounts::user_row>>;
  const auto listed = wait_for<rows>([&](auto done) { s.admin->list_users(name, done); });
  if (!listed) {
    std::cerr << "tabuleiro admin: the database cannot be read\n";
    return std::nullopt;
  }
  const std::string key = server::accounts::username_refusal(name) ? "" : server::accounts::username_key(name);
  for (const auto& u : *listed)
    if (!key.empty() && u.username_key == key) return u;
  std::cerr << "tabuleiro admin: no user is called " << name << "\n";
  return std::nullopt;
}

// 0 when a change was made, else 1 after saying why.
int changed(const std::optional<server::accounts::refusal>& no, const std::string& what) {
  if (no) {
    std::cerr << "tabuleiro admin: " << no->message << "\n";
    return 1;
  }
  std::cout << what << "\n";
  return 0;
}

// A link made once (invitation or reset): prints its code (and URL with base), 0; else 1.
int made_link(const std::variant<server::accounts::invitation, server::accounts::refusal>& r, const std::string& page) {
  if (const auto* no = std::get_if<server::accounts::refusal>(&r)) {
    std::cerr << "tabuleiro admin: " << no->message << "\n";
    return 1;
  }
  const auto& made = std::get<server::accounts::invitation>(r);
  std::cout << made.code << "\n";
  std::cerr << "valid until " << when(made.expires_ms) << "; give it once"
            << (page.empty() ? "" : ": " + page + made.code) << "\n";
  return 0;
}

// One command on an open database; name is its argument.
struct command_line {
  std::string command, name, search, url;
  bool admin = false;
  long days = 7, uses = 1, limit = 50;
};

int run_command(services& s, const command_line& c) {
  namespace acc = server::accounts;
  using change = std::optional<acc::refusal>;
  using link = std::variant<acc::invitation, acc::refusal>;
  const acc::actor shell;
  if (c.command == "users") {
    const auto rows = wait_for<std::optional<std::vector<acc::user_row>>>(
        [&](auto d) { s.admin->list_users(c.search, d); });
    if (!rows) return changed(acc::refusal{"unavailable", "the database cannot be read"}, "");
    for (const auto& u : *rows)
      std::cout << u.id << "\t" << u.username << "\t" << u.display_name << "\t" << (u.admin ? "admin" : "member")
                << (u.disabled ? "\tdisabled" : "") << "\n";
    return 0;
  }
  if (c.command == "invite")
    return made_link(
        wait_for<link>([&](auto d) { s.admin->invite(shell, c.days * 24 * 3600 * 1000, static_cast<int>(c.uses), d); }),
        c.url.empty() ? "" : c.url + "/signup?invite=");
  if (c.command == "invitations") {
    const auto rows = wait_for<std::optional<std::vector<acc::invitation_row>>>(
        [&](auto d) { s.admin->list_invitations(d); });
    if (!rows) return changed(acc::refusal{"unavailable", "the database cannot be read"}, "");
    const std::int64_t now = s.time->now_ms();
    for (const auto& i : *rows)
      std::cout << i.code_hash.substr(0, 16) << "\t" << i.uses << "/" << i.max_uses << " used\tuntil "
                << when(i.expires_ms)
                << (i.revoked             ? "\trevoked"
                    : i.expires_ms <= now ? "\tlapsed"
                                          : "")
                << (i.grants_admin ? "\tset-up link" : "") << "\n";
    return 0;
  }
  if (c.command == "revoke")
    return changed(wait_for<change>([&](auto d) { s.admin->revoke_invitation(shell, c.name, d); }), "revoked");
  if (c.command == "audit") {
    const auto rows = wait_for<std::optional<std::vector<acc::audit_row>>>(
        [&](auto d) { s.admin->audit_log(static_cast<std::size_t>(c.limit), d); });
    if (!rows) return changed(acc::refusal{"unavailable", "the database cannot be read"}, "");
    for (const auto& a : *rows)
      std::cout << when(a.at_ms) << "\t" << a.actor_name << "\t" << a.address << "\t" << a.action << "\t" << a.target
                << (a.detail.empty() ? "" : "\t" + a.detail) << "\n";
    return 0;
  }
  if (c.command == "matches") {
    const auto rows = wait_for<std::optional<std::vector<acc::admin_match_row>>>(
        [&](auto d) { s.admin->list_matches("", "", c.search, d); });
    if (!rows) return changed(acc::refusal{"unavailable", "the database cannot be read"}, "");
    for (const auto& m : *rows)
      std::cout << m.code << "\t" << m.game << "\t" << m.status << "\t" << (m.seat1.empty() ? "-" : m.seat1) << " vs "
                << (m.seat2.empty() ? "-" : m.seat2) << "\t" << when(m.updated_ms) << "\n";
    return 0;
  }
  if (c.command == "delete") {
    const auto code = server::normalize_share_code(c.name);
    if (!code) return changed(acc::refusal{"not_found", "no match has this code"}, "");
    return changed(wait_for<change>([&](auto d) { s.admin->delete_match(shell, *code, "", d); }), "deleted " + *code);
  }
  if (c.command == "maintenance") {
    if (c.name != "on" && c.name != "off") {
      std::cerr << "tabuleiro admin: maintenance on|off\n";
      return 2;
    }
    return changed(wait_for<change>([&](auto d) { s.admin->set_maintenance(shell, c.name == "on", d); }),
                   "maintenance " + c.name);
  }
  const auto user = find_user(s, c.name);
  if (!user) return 1;
  if (c.command == "disable" || c.command == "enable")
    return changed(wait_for<change>([&](auto d) { s.admin->set_disabled(shell, user->id, c.command == "disable", d); }),
                   c.command == "disable" ? "disabled " + user->username : "enabled " + user->username);
  if (c.command == "promote" || c.command == "demote")
    return changed(wait_for<change>([&](auto d) { s.admin->set_admin(shell, user->id, c.command == "promote", d); }),
                   c.command == "promote" ? user->username + " is an administrator" : user->username + " is a member");
  return made_link(wait_for<link>([&](auto d) { s.admin->reset_link(shell, user->id, d); }),
                   c.url.empty() ? "" : c.url + "/reset?code=");
}

}  // namespace

int run_admin(const args& a) {
  // Standard output carries only the answers (codes, lists); the log goes to standard error.
  spdlog::set_default_logger(spdlog::stderr_color_st("admin"));
  std::string db = default_database();
  command_line c;
  // The whole number after flag, within [low, high], or -1 after saying why.
  const auto number = [](const std::string& flag, const std::string& v, long low, long high) {
    char* end = nullptr;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < low || n > high) {
      std::cerr << "tabuleiro admin: " << flag << " takes " << low << " to " << high << "\n";
      return -1L;
    }
    return n;
  };
  for (std::size_t i = 0; i < a.size(); ++i) {
    const bool has_value = i + 1 < a.size();
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << admin_usage;
      return 0;
    }
    if (a[i] == "--db" && has_value) db = a[++i];
    else if (a[i] == "--admin") c.admin = true;
    else if (a[i] == "--search" && has_value) c.search = a[++i];
    else if (a[i] == "--url" && has_value) c.url = a[++i];
    else if (a[i] == "--days" && has_value) {
      if ((c.days = number("--days", a[++i], 1, 365)) < 0) return 2;
    } else if (a[i] == "--uses" && has_value) {
      if ((c.uses = number("--uses", a[++i], 1, 1000)) < 0) return 2;
    } else if (a[i] == "--limit" && has_value) {
      if ((c.limit = number("--limit", a[++i], 1, 500)) < 0) return 2;
    } else if (c.command.empty() && !a[i].starts_with("-")) c.command = a[i];
    else if (c.name.empty() && !a[i].starts_with("-")) c.name = a[i];
    else {
      std::cerr << "tabuleiro admin: unexpected argument '" << a[i] << "'\n" << admin_usage;
      return 2;
    }
  }
  const bool takes_name = c.command == "create-user" || c.command == "disable" || c.command == "enable" ||
                          c.command == "promote" || c.command == "demote" || c.command == "reset-link" ||
                          c.command == "revoke" || c.command == "maintenance" || c.command == "delete";
  const bool takes_none = c.command == "users" || c.command == "invite" || c.command == "invitations" ||
                          c.command == "audit" || c.command == "matches";
  if ((!takes_name && !takes_none) || takes_name == c.name.empty()) {
    std::cerr << admin_usage;
    return 2;
  }
  // Deleting rows a running server holds in memory would leave it serving a ghost: on a SQLite
  // file the shell's delete holds the server's lock (db_file.h), so it runs only while no server
  // does, and the running server's admin page (which also closes the match's sockets) is the way.
  std::unique_ptr<server::db_lock> held;
  if (c.command == "delete" && !server::is_postgres_url(db)) {
    std::string error;
    if (server::check_db_file(db, server::if_missing::refuse, error))
      held = server::db_lock::take(db, "tabuleiro admin delete", error);
    if (!held) {
      std::cerr << "tabuleiro admin: " << error
                << (error.find("in use by") != std::string::npos
                        ? ".\nWhile a server runs, delete the match on its admin page (/admin, Matches) or with "
                          "POST /api/admin/matches/" +
                              c.name + "/delete, which also closes its connections\n"
                        : "\n");
      return 1;
    }
  }
  if (c.command == "create-user") return create_user(db, c.name, c.admin);
  auto store = open_store(db);
  if (!store) return 1;
  services s(std::move(store));
  return run_command(s, c);
}

}  // namespace tabuleiro
