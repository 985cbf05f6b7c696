// The administration service (see admin.h).
#include "server/accounts/admin.h"

#include <filesystem>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/store/backup.h"
#include "server/util/secrets.h"

namespace tabuleiro::server::accounts {
namespace {

namespace net = boost::asio;

refusal database_unavailable() { return {"unavailable", "the database cannot be reached right now; try again"}; }
refusal not_found(const char* what) { return {"not_found", std::string("no such ") + what}; }

constexpr std::int64_t hour_ms = 3600LL * 1000;
constexpr std::int64_t day_ms = 24 * hour_ms;

}  // namespace

admin_service::admin_service(store& db, const time_source& time, account_service& accounts)
    : db_(db), time_(time), accounts_(accounts) {}

admin_service::~admin_service() {
  workers_.join();
  db_.flush();  // the completions of queued writes refer to this service
}

template <class Rows>
void admin_service::read_rows(const char* what, std::function<read_status(sql_connection&, Rows&, std::string&)> read,
                              std::function<void(std::optional<Rows>)> done) {
  net::post(workers_, [this, what, read = std::move(read), done = std::move(done)] {
    Rows rows{};
    const read_status s = db_.run_read(what,
                                       [&](sql_connection& db, std::string& error) { return read(db, rows, error); });
    if (s == read_status::unavailable) return done(std::nullopt);
    done(std::move(rows));
  });
}

void admin_service::list_users(std::string search, std::function<void(std::optional<std::vector<user_row>>)> done) {
  if (search.size() > 100) search.resize(100);
  read_rows<std::vector<user_row>>(
      "listing users",
      [search](sql_connection& db, std::vector<user_row>& rows, std::string& error) {
        return read_users(db, search, 500, rows, error);
      },
      std::move(done));
}

void admin_service::record(const actor& by, std::string action, std::string target, std::string detail,
                           std::function<void(bool)> done) {
  audit_row a;
  a.at_ms = time_.now_ms();
  a.actor_id = by.id;
  a.actor_name = by.name;
  a.address = by.address;
  a.action = std::move(action);
  a.target = std::move(target);
  a.detail = std::move(detail);
  spdlog::info("admin: {} ({}) {} {}{}{}", a.actor_name, a.address, a.action, a.target, a.detail.empty() ? "" : ": ",
               a.detail);
  db_.queue_write(insert_audit_work(a), [done = std::move(done)](write_status s) {
    if (s != write_status::ok) spdlog::error("admin: an action could not be recorded in the audit table");
    if (done) done(s == write_status::ok);
  });
}

void admin_service::change_user(const actor& by, std::int64_t user_id, write_work work,
                                std::shared_ptr<user_change> out, std::string action, change_done done) {
  db_.queue_write(std::move(work), [this, by, user_id, out, action = std::move(action),
                                    done = std::move(done)](write_status s) {
    accounts_.forget_user(user_id);
    if (s == write_status::conflict && out->absent) return done(not_found("user"));
    if (s == write_status::conflict && out->last_admin)
      return done(refusal{"last_admin", "the server would be left without an administrator"});
    if (s != write_status::ok) return done(database_unavailable());
    record(by, action, "user " + std::to_string(user_id), "", [done = std::move(done)](bool) { done(std::nullopt); });
  });
}

void admin_service::set_disabled(const actor& by, std::int64_t user_id, bool disabled, change_done done) {
  if (by.id != 0 && by.id == user_id) return done(refusal{"own_account", "you cannot disable your own account"});
  auto out = std::make_shared<user_change>();
  change_user(by, user_id, set_disabled_work(user_id, disabled, time_.now_ms(), out), out,
              disabled ? "disable" : "enable", std::move(done));
}

void admin_service::set_admin(const actor& by, std::int64_t user_id, bool admin, change_done done) {
  if (!admin && by.id != 0 && by.id == user_id)
    return done(refusal{"own_account", "another administrator has to demote you"});
  auto out = std::make_shared<user_change>();
  change_user(by, user_id, set_admin_work(user_id, admin, out), out, admin ? "promote" : "demote", std::move(done));
}

void admin_service::reset_link(const actor& by, std::int64_t user_id,
                               std::function<void(std::variant<invitation, refusal>)> done) {
  read_rows<std::vector<user_row>>(
      "reading a user",
      [user_id](sql_connection& db, std::vector<user_row>& rows, std::string& error) {
        user_row u;
        const read_status s = read_user_by_id(db, user_id, u, error);
        if (s == read_status::found) rows.push_back(std::move(u));
        return s == read_status::unavailable ? s : read_status::found;
      },
      [this, by, user_id, done = std::move(done)](std::optional<std::vector<user_row>> rows) mutable {
        if (!rows) return done(database_unavailable());
        if (rows->empty()) return done(not_found("user"));
        accounts_.create_reset(
            user_id, by.id, day_ms, [this, by, user_id, done = std::move(done)](std::variant<invitation, refusal> r) {
              if (!std::holds_alternative<invitation>(r)) return done(std::move(r));
              record(by, "reset_link", "user " + std::to_string(user_id), "valid for a day",
                     [r = std::move(r), done = std::move(done)](bool) mutable { done(std::move(r)); });
            });
      });
}

void admin_service::invite(const actor& by, std::int64_t valid_ms, int max_uses,
                           std::function<void(std::variant<invitation, refusal>)> done) {
  if (valid_ms < hour_ms || valid_ms > 365 * day_ms)
    return done(refusal{"bad_request", "an invitation is valid for 1 hour to 365 days"});
  if (max_uses < 1 || max_uses > 1000) return done(refusal{"bad_request", "an invitation admits 1 to 1000 sign-ups"});
  accounts_.create_invitation(
      by.id, valid_ms, max_uses, false,
      [this, by, valid_ms, max_uses, done = std::move(done)](std::variant<invitation, refusal> r) {
        if (!std::holds_alternative<invitation>(r)) return done(std::move(r));
        // Named before r moves into the callback (argument order is unspecified).
        std::string target = "invitation " + sha256_hex(std::get<invitation>(r).code).substr(0, 16);
        record(by, "invite", std::move(target),
               std::to_string(max_uses) + " sign-up(s), " + std::to_string(valid_ms / hour_ms) + " hour(s)",
               [r = std::move(r), done = std::move(done)](bool) mutable { done(std::move(r)); });
      });
}

void admin_service::list_invitations(std::function<void(std::optional<std::vector<invitation_row>>)> done) {
  read_rows<std::vector<invitation_row>>(
      "listing invitations",
      [](sql_connection& db, std::vector<invitation_row>& rows, std::string& error) {
        return read_invitations(db, 200, rows, error);
      },
      std::move(done));
}

void admin_service::revoke_invitation(const actor& by, std::string id, change_done done) {
  const bool hex16 = id.size() == 16 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!hex16) return done(not_found("invitation"));
  db_.queue_write(revoke_invitation_work(id), [this, by, id, done = std::move(done)](write_status s) {
    if (s == write_status::conflict) return done(not_found("invitation"));
    if (s != write_status::ok) return done(database_unavailable());
    record(by, "revoke_invitation", "invitation " + id, "", [done = std::move(done)](bool) { done(std::nullopt); });
  });
}

void admin_service::audit_log(std::size_t limit, std::function<void(std::optional<std::vector<audit_row>>)> done) {
  limit = std::min<std::size_t>(std::max<std::size_t>(limit, 1), 500);
  read_rows<std::vector<audit_row>>(
      "reading the audit log",
      [limit](sql_connection& db, std::vector<audit_row>& rows, std::string& error) {
        return read_audit(db, limit, rows, error);
      },
      std::move(done));
}

void admin_service::list_matches(std::string status, std::string game, std::string player,
                                 std::function<void(std::optional<std::vector<admin_match_row>>)> done) {
  if (player.size() > 100) player.resize(100);
  read_rows<std::vector<admin_match_row>>(
      "listing matches",
      [status = std::move(status), game = std::move(game),
       player = std::move(player)](sql_connection& db, std::vector<admin_match_row>& rows, std::string& error) {
        return read_admin_matches(db, status, game, player, 200, rows, error);
      },
      std::move(done));
}

void admin_service::delete_match(const actor& by, std::string code, std::string node, change_done done) {
  auto out = std::make_shared<match_deletion>();
  db_.queue_write(delete_match_work(code, node, time_.now_ms(), out), [this, by, code, out,
                                                                       done = std::move(done)](write_status s) {
    if (s == write_status::conflict && out->absent) return done(not_found("match"));
    if (s == write_status::conflict && out->running)
      return done(refusal{"not_finished", "only a finished match can be deleted; abort it first"});
    if (s == write_status::conflict && !out->served_by.empty())
      return done(
          refusal{"served_elsewhere",
                  "node " + out->served_by + " serves this match (its lease runs for " +
                      std::to_string(std::max<std::int64_t>(0, (out->served_until_ms - time_.now_ms() + 999) / 1000)) +
                      " s more): delete it on that node's admin page, or once no node serves it"});
    if (s != write_status::ok) return done(database_unavailable());
    record(by, "delete_match", "match " + code, "", [done = std::move(done)](bool) { done(std::nullopt); });
  });
}

void admin_service::list_reports(std::function<void(std::optional<std::vector<chat_report_row>>)> done) {
  read_rows<std::vector<chat_report_row>>(
      "listing chat reports",
      [](sql_connection& db, std::vector<chat_report_row>& rows, std::string& error) {
        return read_chat_reports(db, 100, 8, rows, error);
      },
      std::move(done));
}

void admin_service::handle_report(const actor& by, std::int64_t id, change_done done) {
  db_.queue_write(handle_report_work(id, by.id, time_.now_ms()),
                  [this, by, id, done = std::move(done)](write_status s) {
                    if (s == write_status::conflict) return done(not_found("report"));
                    if (s != write_status::ok) return done(database_unavailable());
                    record(by, "handle_report", "chat report " + std::to_string(id), "",
                           [done = std::move(done)](bool) { done(std::nullopt); });
                  });
}

void admin_service::maintenance(std::function<void(std::optional<bool>)> done) {
  const std::int64_t now = time_.now_ms();
  std::optional<bool> known;
  {
    mutex_lock lock(mu_);
    if (maintenance_read_ms_ >= 0 && now - maintenance_read_ms_ < 1000) known = maintenance_;
  }
  if (known) return done(*known);
  net::post(workers_, [this, done = std::move(done)] {
    std::string value;
    const read_status s = db_.run_read("reading the maintenance mode", [&](sql_connection& db, std::string& error) {
      return read_setting(db, "maintenance", value, error);
    });
    if (s == read_status::unavailable) return done(std::nullopt);
    const bool on = value == "1";
    {
      mutex_lock lock(mu_);
      maintenance_ = on;
      maintenance_read_ms_ = time_.now_ms();
    }
    done(on);
  });
}

void admin_service::set_maintenance(const actor& by, bool on, change_done done) {
  db_.queue_write(set_setting_work("maintenance", on ? "1" : "0", time_.now_ms()),
                  [this, by, on, done = std::move(done)](write_status s) {
                    if (s != write_status::ok) return done(database_unavailable());
                    {
                      mutex_lock lock(mu_);
                      maintenance_ = on;
                      maintenance_read_ms_ = time_.now_ms();
                    }
                    record(by, on ? "maintenance_on" : "maintenance_off", "server", "",
                           [done = std::move(done)](bool) { done(std::nullopt); });
                  });
}

void admin_service::backup(const actor& by, std::string db,
                           std::function<void(std::variant<std::string, refusal>)> done) {
  net::post(workers_, [this, by, db = std::move(db), done = std::move(done)] {
    std::error_code ec;
    const auto dir = std::filesystem::temp_directory_path(ec);
    if (ec) return done(database_unavailable());
    const std::string path = (dir / ("tabuleiro-backup-" + new_random_token(12))).string();
    std::string error;
    if (!backup_database(db, path, error)) {
      spdlog::error("admin: backup for {} failed: {}", by.name, error);
      std::filesystem::remove(path, ec);
      return done(refusal{"unavailable", "the backup could not be made: " + error});
    }
    record(by, "backup", "server", "", [path, done](bool) { done(path); });
  });
}

void admin_service::database_bytes(bool postgres, std::function<void(std::int64_t)> done) {
  net::post(workers_, [this, postgres, done = std::move(done)] {
    std::int64_t bytes = -1;
    db_.run_read("measuring the database", [&](sql_connection& db, std::string& error) {
      return read_database_bytes(db, postgres, bytes, error);
    });
    done(bytes);
  });
}

void admin_service::session_changes_since(std::int64_t since_ms,
                                          std::function<void(std::optional<session_changes>)> done) {
  read_rows<session_changes>(
      "reading disabled users and ended sessions",
      [since_ms, now = time_.now_ms()](sql_connection& db, session_changes& rows, std::string& error) {
        return read_session_changes(db, since_ms, now, rows, error);
      },
      [this, done = std::move(done)](std::optional<session_changes> seen) {
        if (seen) {  // no cached session outlives them
          for (const std::int64_t id : seen->disabled) accounts_.forget_user(id);
          for (const auto& ended : seen->live) accounts_.forget_user(ended.first);
        }
        done(std::move(seen));
      });
}

void admin_service::setup_link(std::int64_t valid_ms, std::function<void(std::optional<std::string>)> done) {
  read_rows<std::int64_t>(
      "counting administrators",
      [](sql_connection& db, std::int64_t& count, std::string& error) { return read_admin_count(db, count, error); },
      [this, valid_ms, done = std::move(done)](std::optional<std::int64_t> admins) mutable {
        if (!admins || *admins > 0) return done(std::nullopt);
        accounts_.create_invitation(0, valid_ms, 1, true,
                                    [done = std::move(done)](std::variant<invitation, refusal> r) {
                                      if (const auto* made = std::get_if<invitation>(&r)) return done(made->code);
                                      done(std::nullopt);
                                    });
      });
}

}  // namespace tabuleiro::server::accounts
