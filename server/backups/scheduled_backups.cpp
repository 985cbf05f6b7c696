// Scheduled backups (server/backups/scheduled_backups.h).
#include "server/backups/scheduled_backups.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <regex>

#include <spdlog/spdlog.h>

#include "server/store/backup.h"
#include "server/store/pg.h"
#include "server/util/thread_name.h"

namespace tabuleiro::server {

namespace fs = std::filesystem;

namespace {

// The records kept besides the copies in the folder: the latest failures.
constexpr std::size_t extra_records = 10;
// How long the thread sleeps at most between looks at the clock (a manual clock moves in jumps).
constexpr std::int64_t poll_ms = 500;

// The names this schedule writes, and so the only files it deletes.
const std::regex& copy_name() {
  static const std::regex re(R"(tabuleiro-\d{8}T\d{6}Z(-\d{1,3})?\.(db|pgdump))");
  return re;
}

// Unix milliseconds of a copy's name, or 0.
std::int64_t time_of_name(const std::string& name) {
  std::tm tm{};
  if (!strptime(name.c_str() + 10, "%Y%m%dT%H%M%SZ", &tm)) return 0;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000;
}

// The order of copies' names, newest first: by time, then by the number of a second copy in
// one second (tabuleiro-…Z-2.db after tabuleiro-…Z.db).
bool newer_name(const std::string& a, const std::string& b) {
  const auto key = [](const std::string& n) {
    const auto dash = n.find('-', 10);
    return std::pair(n.substr(0, 26), dash == std::string::npos ? 1 : std::atoi(n.c_str() + dash + 1));
  };
  return key(a) > key(b);
}

// The sizes of the copies in dir, newest first (their names sort by time).
std::vector<backup_record> copies_in(const std::string& dir) {
  std::vector<backup_record> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (!std::regex_match(name, copy_name())) continue;
    backup_record r;
    r.file = name;
    r.at_ms = time_of_name(name);
    r.bytes = static_cast<std::int64_t>(e.file_size(ec));
    r.ok = true;
    r.by = "start";
    out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return newer_name(a.file, b.file); });
  return out;
}

}  // namespace

std::string scheduled_backups::file_name(std::int64_t at_ms, bool pg, int n) {
  const std::time_t s = static_cast<std::time_t>(at_ms / 1000);
  std::tm tm{};
  gmtime_r(&s, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return std::string("tabuleiro-") + buf + (n > 1 ? "-" + std::to_string(n) : "") + (pg ? ".pgdump" : ".db");
}

scheduled_backups::scheduled_backups(std::string db, backup_schedule_options options, const time_source& time)
    : db_(std::move(db)), options_(std::move(options)), time_(time), pg_(is_postgres_url(db_)) {}

scheduled_backups::~scheduled_backups() { stop(); }

bool scheduled_backups::prepare(std::string& error) {
  std::error_code ec;
  if (!fs::exists(options_.dir, ec)) {
    fs::create_directories(options_.dir, ec);
    if (ec) {
      error = "cannot make the backup folder " + options_.dir + ": " + ec.message();
      return false;
    }
    ::chmod(options_.dir.c_str(), 0700);
  } else if (!fs::is_directory(options_.dir, ec)) {
    error = "--backup-dir " + options_.dir + " is not a folder";
    return false;
  }
  // A folder the server cannot write to is found now, not at the first copy a day later.
  const std::string probe = (fs::path(options_.dir) / ".tabuleiro-write-check").string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot write in the backup folder " + options_.dir + ": " + std::strerror(errno) +
            " (give the server's user that folder, or choose another with --backup-dir)";
    return false;
  }
  ::close(fd);
  ::unlink(probe.c_str());
  mutex_lock lock(mu_);
  recent_ = copies_in(options_.dir);
  if (!recent_.empty()) last_success_ms_ = recent_.front().at_ms;
  return true;
}

void scheduled_backups::start() {
  {
    mutex_lock lock(mu_);
    const std::int64_t now = time_.now_ms();
    next_ms_ = last_success_ms_ > 0 ? std::max(now, last_success_ms_ + options_.every_ms) : now;
  }
  thread_ = std::thread([this] {
    name_this_thread("tab-backup");
    run();
  });
}

void scheduled_backups::stop() {
  {
    mutex_lock lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  // Requests nobody will serve now are answered as refused.
  std::deque<request> left;
  {
    mutex_lock lock(mu_);
    left.swap(asked_);
  }
  for (auto& r : left) r.done(std::nullopt);
}

void scheduled_backups::back_up_now(std::string by, std::function<void(std::optional<backup_record>)> done) {
  {
    mutex_lock lock(mu_);
    if (!running_ && asked_.empty() && !stopping_) {
      asked_.push_back({std::move(by), std::move(done)});
      done = nullptr;
    }
  }
  if (done) return done(std::nullopt);
  wake_.notify_all();
}

void scheduled_backups::run() {
  for (;;) {
    std::optional<request> asked;
    {
      unique_mutex_lock lock(mu_);
      while (!stopping_ && asked_.empty() && time_.now_ms() < next_ms_) lock.wait_for(wake_, poll_ms);
      if (stopping_) return;
      if (!asked_.empty()) {
        asked = std::move(asked_.front());
        asked_.pop_front();
      } else {
        next_ms_ = time_.now_ms() + options_.every_ms;
      }
      running_ = true;
    }
    backup_record r = write_copy(asked ? asked->by : "schedule");
    {
      mutex_lock lock(mu_);
      running_ = false;
      last_failed_ = !r.ok;
      if (r.ok) {
        last_success_ms_ = r.at_ms;
        last_bytes_ = r.bytes;
      } else {
        ++failures_;
      }
      recent_.insert(recent_.begin(), r);
    }
    if (r.ok) remove_old();
    if (asked) asked->done(r);
  }
}

backup_record scheduled_backups::write_copy(const std::string& by) {
  backup_record r;
  r.at_ms = time_.now_ms();
  r.by = by;
  // A second copy within one second gets -2, a third -3 (at most 999).
  std::error_code ec;
  fs::path final_path;
  for (int n = 1; n < 1000; ++n) {
    r.file = file_name(r.at_ms, pg_, n);
    final_path = fs::path(options_.dir) / r.file;
    if (!fs::exists(final_path, ec)) break;
  }
  const std::string partial = final_path.string() + ".partial";
  fs::remove(partial, ec);  // left by a server that stopped mid-copy
  if (fs::exists(final_path, ec)) {
    r.error = "too many copies within one second";
  } else if (!backup_database(db_, partial, r.error)) {
    // backup_database removed its partial file.
  } else if (fs::rename(partial, final_path, ec); ec) {
    r.error = "cannot rename " + partial + ": " + ec.message();
    fs::remove(partial, ec);
  } else {
    r.ok = true;
    r.bytes = static_cast<std::int64_t>(fs::file_size(final_path, ec));
  }
  if (r.ok) spdlog::info("backup: wrote {} ({} bytes, checked) for {}", final_path.string(), r.bytes, by);
  else
    spdlog::error("backup: the copy {} for {} failed: {} (the previous copies are kept; see deploy/README.md "
                  "\"Scheduled backups\")",
                  final_path.string(), by, r.error);
  return r;
}

void scheduled_backups::remove_old() {
  std::vector<std::string> gone;
  {
    mutex_lock lock(mu_);
    int kept = 0;
    std::vector<backup_record> left;
    std::size_t failed = 0;
    for (auto& r : recent_) {
      if (r.ok && ++kept > options_.keep) gone.push_back(r.file);
      else if (!r.ok && ++failed > extra_records) continue;
      else left.push_back(std::move(r));
    }
    recent_ = std::move(left);
  }
  for (const auto& name : gone) {
    std::error_code ec;
    fs::remove(fs::path(options_.dir) / name, ec);
    if (ec) spdlog::warn("backup: cannot delete the old copy {}: {}", name, ec.message());
    else spdlog::info("backup: deleted the old copy {} (--backup-keep {})", name, options_.keep);
  }
}

backup_status scheduled_backups::status() const {
  mutex_lock lock(mu_);
  backup_status s;
  s.dir = options_.dir;
  s.every_ms = options_.every_ms;
  s.keep = options_.keep;
  s.running = running_;
  s.next_ms = next_ms_;
  s.last_success_ms = last_success_ms_;
  s.failures = failures_;
  s.recent = recent_;
  return s;
}

std::string scheduled_backups::metrics_text() const {
  mutex_lock lock(mu_);
  const auto seconds = [](std::int64_t ms) { return std::to_string(ms / 1000); };
  return "# HELP tabuleiro_backup_last_success_time_seconds Unix time of the newest checked backup (0: none).\n"
         "# TYPE tabuleiro_backup_last_success_time_seconds gauge\n"
         "tabuleiro_backup_last_success_time_seconds " +
         seconds(last_success_ms_) +
         "\n"
         "# HELP tabuleiro_backup_interval_seconds The interval between scheduled backups (--backup-every).\n"
         "# TYPE tabuleiro_backup_interval_seconds gauge\n"
         "tabuleiro_backup_interval_seconds " +
         seconds(options_.every_ms) +
         "\n"
         "# HELP tabuleiro_backup_last_size_bytes The size of the newest backup this server wrote.\n"
         "# TYPE tabuleiro_backup_last_size_bytes gauge\n"
         "tabuleiro_backup_last_size_bytes " +
         std::to_string(last_bytes_) +
         "\n"
         "# HELP tabuleiro_backup_last_failed 1 when the last backup attempt failed.\n"
         "# TYPE tabuleiro_backup_last_failed gauge\n"
         "tabuleiro_backup_last_failed " +
         std::string(last_failed_ ? "1" : "0") +
         "\n"
         "# HELP tabuleiro_backup_failures_total Backups that failed since the server started.\n"
         "# TYPE tabuleiro_backup_failures_total counter\n"
         "tabuleiro_backup_failures_total " +
         std::to_string(failures_) + "\n";
}

}  // namespace tabuleiro::server
