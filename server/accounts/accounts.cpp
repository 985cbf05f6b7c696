// The account service (see accounts.h).
#include "server/accounts/accounts.h"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <memory>

#include "server/accounts/account_sql.h"
#include "server/accounts/admin_sql.h"
#include "server/util/display_name.h"
#include "server/util/secrets.h"

namespace tabuleiro::server::accounts {
namespace {

namespace net = boost::asio;

// Bytes of CSPRNG output in a session id (264 bits, 44 characters).
constexpr std::size_t session_id_bytes = 33;
constexpr std::size_t invitation_bytes = 18;  // 144 bits, 24 characters

// The one answer to a wrong name or a wrong password.
refusal bad_credentials() { return {"bad_credentials", "the user name or the password is wrong"}; }
refusal bad_invitation() { return {"bad_invitation", "this invitation is unknown, already used, revoked or lapsed"}; }
refusal unavailable() { return {"unavailable", "accounts cannot be reached right now; try again"}; }

// The account a stored user shows.
account account_of(const user_row& u) { return {u.id, u.username, u.display_name, u.language, u.admin}; }

}  // namespace

std::string csrf_of(std::string_view session_id) {
  return sha256_hex(std::string("tabuleiro csrf\n").append(session_id)).substr(0, 48);
}

account_service::account_service(store& db, const time_source& time, service_options options)
    : db_(db),
      time_(time),
      options_(options),
      sign_ups_(time, options.sign_ups_per_hour, 3600 * 1000),
      failures_(time, options.free_failures, options.max_delay_s, 3600 * 1000),
      workers_(static_cast<std::size_t>(std::max(1, options.threads))) {}

account_service::~account_service() {
  workers_.join();
  db_.flush();  // the completions of queued writes refer to this service
}

const std::string& account_service::dummy_hash() {
  std::call_once(dummy_once_, [this] { dummy_hash_ = hash_password(new_seat_token(), options_.cost); });
  return dummy_hash_;
}

void account_service::sign_up(std::string username, std::string password, std::string display_name,
                              std::string language, std::string invitation, const std::string& address,
                              std::function<void(sign_result)> done) {
  if (auto why = username_refusal(username)) return done(refusal{"bad_username", *why});
  if (auto why = password_refusal(password)) return done(refusal{"bad_password", *why});
  if (options_.invitation_required && invitation.empty())
    return done(refusal{"invitation_required", "signing up on this server needs an invitation"});
  if (invitation.size() > 256) return done(bad_invitation());
  if (language != "en" && language != "pt-BR") language = "en";
  display_name = clean_display_name(display_name);
  if (display_name.empty()) display_name = username;
  if (const auto wait_s = sign_ups_.admit(address); wait_s > 0)
    return done(refusal{"rate_limited", "too many accounts created from this address", wait_s});
  insert_user(std::move(username), std::move(password), std::move(display_name), std::move(language), false,
              std::move(invitation), [this, done = std::move(done)](std::variant<account, refusal> r) mutable {
                if (auto* no = std::get_if<refusal>(&r)) return done(std::move(*no));
                open_session(std::get<account>(r), std::move(done));
              });
}

void account_service::create_user(std::string username, std::string password, bool admin,
                                  std::function<void(std::variant<account, refusal>)> done) {
  if (auto why = username_refusal(username)) return done(refusal{"bad_username", *why});
  if (auto why = password_refusal(password)) return done(refusal{"bad_password", *why});
  std::string display_name = username;
  insert_user(std::move(username), std::move(password), std::move(display_name), "en", admin, "", std::move(done));
}

void account_service::create_invitation(std::int64_t created_by, std::int64_t valid_ms, int max_uses, bool grants_admin,
                                        std::function<void(std::variant<invitation, refusal>)> done) {
  invitation made{new_random_token(invitation_bytes), time_.now_ms() + valid_ms};
  invitation_row row;
  row.code_hash = sha256_hex(made.code);
  row.created_by = created_by;
  row.created_ms = time_.now_ms();
  row.expires_ms = made.expires_ms;
  row.max_uses = std::max(1, max_uses);
  row.grants_admin = grants_admin;
  write_work insert = insert_invitation_work(row);
  db_.queue_write(std::move(insert), [made = std::move(made), done = std::move(done)](write_status s) mutable {
    if (s != write_status::ok) return done(unavailable());
    done(std::move(made));
  });
}

namespace {

// insert followed, in the same write, by an audit row when the user it made is an administrator
// (every way an administrator is made is in the audit log): from the shell (tabuleiro admin
// create-user --admin), or by signing up with the set-up link (by_link).
write_work with_admin_audit(write_work insert, const user_row& u, std::shared_ptr<inserted_user> out, bool by_link,
                            std::int64_t now_ms) {
  return [insert = std::move(insert), u, out, by_link, now_ms](sql_connection& db, std::string& error) {
    const write_status s = insert(db, error);
    if (s != write_status::ok || !out->admin) return s;
    audit_row a;
    a.at_ms = now_ms;
    a.actor_id = by_link ? out->id : 0;
    a.actor_name = by_link ? u.username : "shell";
    a.address = by_link ? "" : "shell";
    a.action = "create_admin";
    a.target = "user " + std::to_string(out->id);
    a.detail = by_link ? "signed up with the set-up link"
                       : "created as an administrator (tabuleiro admin create-user --admin)";
    return insert_audit_work(a)(db, error);
  };
}

}  // namespace

void account_service::insert_user(std::string username, std::string password, std::string display_name,
                                  std::string language, bool admin, std::string invitation,
                                  std::function<void(std::variant<account, refusal>)> done) {
  net::post(workers_, [this, username = std::move(username), password = std::move(password),
                       display_name = std::move(display_name), language = std::move(language), admin,
                       invitation = std::move(invitation), done = std::move(done)]() mutable {
    user_row u;
    u.username = username;
    u.username_key = username_key(username);
    u.display_name = display_name;
    u.language = language;
    u.admin = admin;
    u.created_ms = time_.now_ms();
    try {
      u.password_hash = hash_password(password, options_.cost);
    } catch (const std::exception& e) {
      spdlog::error("accounts: creating a user: {}", e.what());
      return done(unavailable());
    }
    auto out = std::make_shared<inserted_user>();
    const std::string invitation_hash = invitation.empty() ? "" : sha256_hex(invitation);
    write_work insert = with_admin_audit(insert_user_work(u, out, invitation_hash, time_.now_ms(),
                                                          options_.invitation_required),
                                         u, out, !invitation_hash.empty(), time_.now_ms());
    db_.queue_write(std::move(insert), [u, out, done = std::move(done)](write_status s) mutable {
      if (s == write_status::conflict && out->invitation_refused) return done(bad_invitation());
      if (s == write_status::conflict) return done(refusal{"name_taken", "this user name is taken"});
      if (s != write_status::ok) return done(unavailable());
      u.id = out->id;
      u.admin = out->admin;
      spdlog::info("accounts: user {} created{}", u.id, u.admin ? " (admin)" : "");
      done(account_of(u));
    });
  });
}

void account_service::sign_in(std::string username, std::string password, const std::string& address,
                              std::function<void(sign_result)> done) {
  const std::string key = username_refusal(username) ? std::string() : username_key(username);
  const std::string by_address = "a:" + address;
  const std::string by_name = "u:" + (key.empty() ? username : key);
  if (const auto wait_s = std::max(failures_.wait_s(by_address), failures_.wait_s(by_name)); wait_s > 0)
    return done(refusal{"rate_limited", "too many failed sign-ins; wait before trying again", wait_s});
  net::post(workers_, [this, key, by_address, by_name, password = std::move(password), done = std::move(done)] {
    user_row u;
    std::string stored;
    read_status found = read_status::absent;
    if (!key.empty()) {
      found = db_.run_read("reading a user",
                           [&](sql_connection& db, std::string& error) { return read_user_by_key(db, key, u, error); });
      if (found == read_status::unavailable) return done(unavailable());
    }
    // An unknown name costs the same hashing as a known one.
    const bool right = verify_password(found == read_status::found ? u.password_hash : dummy_hash(), password);
    if (found != read_status::found || !right) {
      failures_.failed(by_address);
      failures_.failed(by_name);
      return done(bad_credentials());
    }
    failures_.succeeded(by_name);
    if (u.disabled) return done(refusal{"account_disabled", "this account is disabled"});
    open_session(account_of(u), std::move(done));
  });
}

void account_service::open_session(const account& who, std::function<void(sign_result)> done) {
  opened_session o;
  o.id = new_random_token(session_id_bytes);
  o.s.who = who;
  o.s.csrf = csrf_of(o.id);
  o.s.id_hash = sha256_hex(o.id);
  const std::int64_t now = time_.now_ms();
  o.s.expires_ms = now + options_.session_ms;
  write_work insert = insert_session_work(o.s.id_hash, who.id, now, o.s.expires_ms);
  db_.queue_write(std::move(insert), [o = std::move(o), done = std::move(done)](write_status s) mutable {
    if (s != write_status::ok) return done(unavailable());
    done(std::move(o));
  });
}

void account_service::authenticate(std::string session_id, std::function<void(auth_result)> done) {
  if (session_id.empty() || session_id.size() > 256) return done(auth_result{});
  std::string id_hash = sha256_hex(session_id);
  const std::int64_t now = time_.now_ms();
  std::optional<auth_result> known;
  {
    mutex_lock lock(mu_);
    const auto it = cache_.find(id_hash);
    if (it != cache_.end() && now - it->second.read_ms < options_.cache_ms && it->second.result.s.expires_ms > now)
      known = it->second.result;
  }
  if (known) return done(std::move(*known));
  net::post(workers_, [this, id_hash = std::move(id_hash), csrf = csrf_of(session_id), done = std::move(done)] {
    const std::int64_t now = time_.now_ms();
    session_row row;
    const read_status s = db_.run_read("reading a session", [&](sql_connection& db, std::string& error) {
      return read_session(db, id_hash, now, row, error);
    });
    auth_result r;
    if (s == read_status::unavailable) {
      r.state = auth_result::status::unavailable;
      return done(r);
    }
    if (s == read_status::found && !row.user.disabled) {
      r.state = auth_result::status::signed_in;
      r.s = session{account_of(row.user), csrf, row.expires_ms, id_hash};
      mutex_lock lock(mu_);
      if (cache_.size() > 100000) cache_.clear();
      cache_[id_hash] = cached{r, now};
    } else {
      forget(id_hash, 0);
    }
    done(std::move(r));
  });
}

void account_service::held_seats(std::int64_t user_id,
                                 std::function<void(std::optional<std::vector<held_seat_row>>)> done) {
  net::post(workers_, [this, user_id, done = std::move(done)] {
    std::vector<held_seat_row> rows;
    const read_status s = db_.run_read("listing a user's seats", [&](sql_connection& db, std::string& error) {
      return read_held_seats(db, user_id, 100, rows, error);
    });
    if (s == read_status::unavailable) return done(std::nullopt);
    done(std::move(rows));
  });
}

void account_service::update_profile(std::int64_t user_id, std::string display_name, std::string language,
                                     std::function<void(std::variant<account, refusal>)> done) {
  if (language != "en" && language != "pt-BR")
    return done(refusal{"bad_language", "the language is \"en\" or \"pt-BR\""});
  net::post(workers_, [this, user_id, display_name = clean_display_name(display_name), language = std::move(language),
                       done = std::move(done)]() mutable {
    user_row u;
    const read_status r = db_.run_read("reading a user", [&](sql_connection& db, std::string& error) {
      return read_user_by_id(db, user_id, u, error);
    });
    if (r != read_status::found) return done(unavailable());
    u.display_name = display_name.empty() ? u.username : display_name;
    u.language = language;
    db_.queue_write(update_profile_work(user_id, u.display_name, u.language),
                    [this, u, done = std::move(done)](write_status s) {
                      forget("", u.id);
                      if (s != write_status::ok) return done(unavailable());
                      done(account_of(u));
                    });
  });
}

void account_service::change_password(std::int64_t user_id, std::string current, std::string replacement,
                                      const std::string& keep_session_id, const std::string& address,
                                      std::function<void(std::optional<refusal>)> done) {
  if (auto why = password_refusal(replacement)) return done(refusal{"bad_password", *why});
  const std::string by_address = "a:" + address;
  const std::string by_user = "i:" + std::to_string(user_id);
  if (const auto wait_s = std::max(failures_.wait_s(by_address), failures_.wait_s(by_user)); wait_s > 0)
    return done(refusal{"rate_limited", "too many wrong passwords; wait before trying again", wait_s});
  net::post(workers_,
            [this, user_id, by_address, by_user, current = std::move(current), replacement = std::move(replacement),
             keep = sha256_hex(keep_session_id), done = std::move(done)]() mutable {
              user_row u;
              const read_status r = db_.run_read("reading a user", [&](sql_connection& db, std::string& error) {
                return read_user_by_id(db, user_id, u, error);
              });
              if (r == read_status::unavailable) return done(unavailable());
              if (r != read_status::found || !verify_password(u.password_hash, current)) {
                failures_.failed(by_address);
                failures_.failed(by_user);
                return done(refusal{"bad_credentials", "the current password is wrong"});
              }
              failures_.succeeded(by_user);
              std::string hash;
              try {
                hash = hash_password(replacement, options_.cost);
              } catch (const std::exception& e) {
                spdlog::error("accounts: changing a password: {}", e.what());
                return done(unavailable());
              }
              db_.queue_write(update_password_work(user_id, hash, keep, time_.now_ms()),
                              [this, user_id, done = std::move(done)](write_status s) {
                                forget("", user_id);
                                if (s != write_status::ok) return done(unavailable());
                                spdlog::info("accounts: user {} changed their password", user_id);
                                done(std::nullopt);
                              });
            });
}

void account_service::create_reset(std::int64_t user_id, std::int64_t created_by, std::int64_t valid_ms,
                                   std::function<void(std::variant<invitation, refusal>)> done) {
  invitation made{new_random_token(invitation_bytes), time_.now_ms() + valid_ms};
  write_work insert = insert_reset_work(sha256_hex(made.code), user_id, created_by, time_.now_ms(), made.expires_ms);
  db_.queue_write(std::move(insert), [made = std::move(made), done = std::move(done)](write_status s) mutable {
    if (s != write_status::ok) return done(unavailable());
    done(std::move(made));
  });
}

void account_service::reset_password(std::string code, std::string replacement, const std::string& address,
                                     std::function<void(std::optional<refusal>)> done) {
  if (auto why = password_refusal(replacement)) return done(refusal{"bad_password", *why});
  const std::string by_address = "a:" + address;  // one count with failed sign-ins (SECURITY.md)
  if (const auto wait_s = failures_.wait_s(by_address); wait_s > 0)
    return done(refusal{"rate_limited", "too many unknown reset links; wait before trying again", wait_s});
  if (code.empty() || code.size() > 256) {
    failures_.failed(by_address);
    return done(refusal{"bad_reset", "this reset link is unknown, already used or lapsed"});
  }
  net::post(workers_, [this, by_address, code = std::move(code), replacement = std::move(replacement),
                       done = std::move(done)]() mutable {
    std::string hash;
    try {
      hash = hash_password(replacement, options_.cost);
    } catch (const std::exception& e) {
      spdlog::error("accounts: resetting a password: {}", e.what());
      return done(unavailable());
    }
    auto user_id = std::make_shared<std::int64_t>(0);
    db_.queue_write(use_reset_work(sha256_hex(code), hash, time_.now_ms(), user_id),
                    [this, by_address, user_id, done = std::move(done)](write_status s) {
                      if (s == write_status::conflict) {
                        failures_.failed(by_address);
                        return done(refusal{"bad_reset", "this reset link is unknown, already used or lapsed"});
                      }
                      if (s != write_status::ok) return done(unavailable());
                      forget("", *user_id);
                      spdlog::info("accounts: user {} set a new password through a reset link", *user_id);
                      done(std::nullopt);
                    });
  });
}

void account_service::forget(const std::string& id_hash, std::int64_t user_id) {
  mutex_lock lock(mu_);
  if (!id_hash.empty()) {
    cache_.erase(id_hash);
    return;
  }
  for (auto it = cache_.begin(); it != cache_.end();)
    it = it->second.result.s.who.id == user_id ? cache_.erase(it) : std::next(it);
}

void account_service::sign_out(const std::string& session_id, std::function<void(bool)> done) {
  const std::string id_hash = sha256_hex(session_id);
  forget(id_hash, 0);
  db_.queue_write(delete_session_work(id_hash, time_.now_ms()),
                  [this, id_hash, done = std::move(done)](write_status s) {
                    forget(id_hash, 0);  // a read that raced the delete may have cached the session again
                    done(s == write_status::ok);
                  });
}

void account_service::sign_out_everywhere(std::int64_t user_id, std::function<void(bool)> done) {
  forget("", user_id);
  db_.queue_write(delete_user_sessions_work(user_id, time_.now_ms()),
                  [this, user_id, done = std::move(done)](write_status s) {
                    forget("", user_id);  // a read that raced the delete may have cached a session again
                    done(s == write_status::ok);
                  });
}

}  // namespace tabuleiro::server::accounts
