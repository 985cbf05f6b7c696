#include "harness.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <catch2/catch.hpp>

namespace tabuleiro::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

std::chrono::steady_clock::duration secs(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
}

// Runs ioc until done() or timeout.
template <class Done>
bool run_until(net::io_context& ioc, Done done, double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + secs(timeout_s);
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    ioc.restart();
    ioc.run_one_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace

temp_dir::temp_dir() {
  char tmpl[] = "/tmp/tabuleiro-test-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) throw std::runtime_error("mkdtemp failed");
  path = tmpl;
}

small_disk::small_disk(int size_kib) : options("size=" + std::to_string(size_kib) + "k") {
  if (::mount("tmpfs", dir.path.c_str(), "tmpfs", 0, options.c_str()) == 0) mounted = true;
  else why = std::string(std::strerror(errno)) + " (errno " + std::to_string(errno) + ")";
}

small_disk::~small_disk() {
  if (mounted) ::umount2(dir.path.c_str(), MNT_DETACH);
}

int small_disk::remount(bool read_only) {
  const unsigned long flags = MS_REMOUNT | (read_only ? MS_RDONLY : 0);
  return ::mount("tmpfs", dir.path.c_str(), "tmpfs", flags, options.c_str()) == 0 ? 0 : errno;
}

std::size_t fill(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  std::string block(4096, 'f');
  std::size_t total = 0;
  int err = 0;
  for (;;) {
    const ssize_t n = ::write(fd, block.data(), block.size());
    if (n <= 0) {
      err = errno;
      break;
    }
    total += static_cast<std::size_t>(n);
  }
  ::close(fd);
  REQUIRE(err == ENOSPC);
  return total;
}

command_result run_command(const std::string& command) {
  command_result r;
  FILE* p = ::popen(("exec 2>&1 </dev/null; " + command).c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.output.append(buf, n);
  const int status = ::pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

temp_dir::~temp_dir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

server_process::server_process(const std::string& db, const std::vector<std::string>& extra,
                               const std::string& log_path, const std::string& binary)
    : log_path_(log_path.empty() ? db + ".log" : log_path) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    int err = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (err >= 0) dup2(err, 2);
    std::vector<std::string> args = {binary, "serve", "--bind",    "127.0.0.1", "--port",      "0",
                                     "--db", db,      "--threads", "2",         "--log-level", "debug"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out[0], POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char buf[256];
    const ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    line.append(buf, static_cast<std::size_t>(n));
  }
  close(out[0]);
  const auto colon = line.rfind(':');
  if (line.find("serving on") == std::string::npos || colon == std::string::npos) {
    kill9();
    throw std::runtime_error("server did not start: '" + line + "'");
  }
  port_ = static_cast<unsigned short>(std::stoi(line.substr(colon + 1)));
}

server_process::~server_process() { kill9(); }

void server_process::signal(int sig) {
  if (pid_ > 0) ::kill(pid_, sig);
}

void server_process::kill9() {
  if (pid_ <= 0) return;
  int status = 0;
  const bool exited_by_itself = waitpid(pid_, &status, WNOHANG) == pid_;
  if (!exited_by_itself) {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }
  pid_ = -1;
  if (exited_by_itself) {
    std::ifstream log(log_path_);
    std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    if (text.size() > 6000) text = text.substr(text.size() - 6000);
    FAIL_CHECK("the server exited by itself before the test ended (status "
               << (WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)) << "); log " << log_path_
               << " ends:\n"
               << text);
  }
}

int server_process::terminate(double timeout_s) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + secs(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    int status;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

std::string http_answer::header(const std::string& name) const {
  for (const auto& [n, v] : headers)
    if (beast::iequals(n, name)) return v;
  return "";
}

bool http_answer::has_header(const std::string& name) const {
  for (const auto& [n, v] : headers)
    if (beast::iequals(n, name)) return true;
  return false;
}

std::string http_answer::error_code() const {
  const json parsed = json::parse(body, nullptr, false);
  if (!parsed.is_object() || !parsed.contains("error") || !parsed["error"].is_object()) return "";
  return parsed["error"].value("code", "");
}

std::string http_answer::session_cookie() const {
  const std::string cookie = header("Set-Cookie");
  const std::string prefix = "tabuleiro_session=";
  if (cookie.rfind(prefix, 0) != 0) return "";
  return cookie.substr(prefix.size(), cookie.find(';') - prefix.size());
}

int file_mode(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<int>(st.st_mode & 07777) : -1;
}

void advance_clock(unsigned short port, std::int64_t ms) {
  REQUIRE(http_call(port, "POST", "/api/test/clock", nlohmann::json{{"advance_ms", ms}}.dump()).status == 200);
}

long metric(unsigned short port, const std::string& name) {
  const std::string text = "\n" + http_call(port, "GET", "/metrics").body;
  const auto at = text.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stol(text.substr(at + name.size() + 2));
}

http_answer http_call(unsigned short port, const std::string& method, const std::string& target,
                      const std::string& body, const header_list& headers) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(5));
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!body.empty() || req.method() == http::verb::post) req.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  parser.body_limit(16 * 1024 * 1024);
  if (req.method() == http::verb::head) parser.skip(true);
  http::read(stream, buf, parser);
  auto res = parser.release();
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  http_answer out{static_cast<int>(res.result_int()), std::string(res[http::field::content_type]), res.body(), {}};
  for (const auto& f : res) out.headers.emplace_back(std::string(f.name_string()), std::string(f.value()));
  return out;
}

bool silent_connection_closed(unsigned short port, double timeout_s) {
  net::io_context ioc;
  tcp::socket sock(ioc);
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  char byte;
  bool closed = false;
  sock.async_read_some(net::buffer(&byte, 1), [&](beast::error_code ec, std::size_t) { closed = bool(ec); });
  run_until(
      ioc, [&] { return closed; }, timeout_s);
  return closed;
}

created_match create_match(unsigned short port, const json& body) {
  http_answer a = http_call(port, "POST", "/api/matches", body.dump());
  INFO(a.body);
  REQUIRE(a.status == 201);
  json j = a.json_body();
  return {j.at("code").get<std::string>(), j.at("token").get<std::string>(), j.at("seat").get<int>()};
}

ws_client::ws_client(unsigned short port, const std::string& origin, const std::string& target, const std::string& host,
                     const std::string& cookie)
    : ws_(ioc_) {
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(5));
  beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
  beast::get_lowest_layer(ws_).expires_never();
  ws_.read_message_max(64 * 1024 * 1024);
  ws_.set_option(websocket::stream_base::decorator([origin, cookie](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
    if (!cookie.empty()) req.set(http::field::cookie, cookie);
  }));
  ws_.handshake(host.empty() ? "127.0.0.1:" + std::to_string(port) : host, target);
  do_read();
}

ws_client::~ws_client() {
  if (!closed_) {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }
}

void ws_client::do_read() {
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    if (ec) {
      closed_ = true;
      close_code_ = ws_.reason().code;
      clean_close_ = ec == websocket::error::closed;
      return;
    }
    inbox_.push_back(beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    do_read();
  });
}

void ws_client::poll(double timeout_s) {
  run_until(
      ioc_, [&] { return !inbox_.empty() || closed_; }, timeout_s);
}

bool ws_client::send_text(const std::string& text) {
  bool done = false;
  beast::error_code result;
  ws_.text(true);
  ws_.async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  run_until(
      ioc_, [&] { return done; }, 5);
  return done && result != net::error::connection_reset && result != net::error::broken_pipe;
}

void ws_client::send(const json& j) { send_text(j.dump()); }

void ws_client::send_binary(const std::string& data) {
  bool done = false;
  ws_.binary(true);
  ws_.async_write(net::buffer(data), [&](beast::error_code, std::size_t) { done = true; });
  run_until(
      ioc_, [&] { return done; }, 5);
  ws_.text(true);
}

std::optional<std::string> ws_client::recv_text(double timeout_s) {
  poll(timeout_s);
  if (inbox_.empty()) return std::nullopt;
  std::string text = std::move(inbox_.front());
  inbox_.pop_front();
  return text;
}

std::optional<json> ws_client::recv(double timeout_s) {
  poll(timeout_s);
  if (inbox_.empty()) return std::nullopt;
  json j = json::parse(inbox_.front());
  inbox_.pop_front();
  return j;
}

json ws_client::expect(const std::string& type, double timeout_s) {
  auto m = recv(timeout_s);
  INFO("expected a '" << type << "' message; closed=" << closed_ << " code=" << close_code_);
  REQUIRE(m.has_value());
  INFO("got " << m->dump());
  REQUIRE(m->value("type", "") == type);
  return *m;
}

json ws_client::until(const std::string& type, double timeout_s) {
  for (int i = 0; i < 50; ++i) {
    auto m = recv(timeout_s);
    INFO("waiting for a '" << type << "' message; closed=" << closed_ << " code=" << close_code_);
    REQUIRE(m.has_value());
    if (m->value("type", "") == type) return *m;
  }
  FAIL("no '" << type << "' message among 50");
  return {};
}

int ws_client::wait_closed(double timeout_s) {
  run_until(
      ioc_,
      [&] {
        inbox_.clear();
        return closed_;
      },
      timeout_s);
  return closed_ ? close_code_ : -1;
}

void tracked_view::apply(const json& msg) {
  const std::string type = msg.at("type");
  if (type == "joined") {
    version = msg.at("version");
    if (msg.contains("view")) view = msg["view"];
    if (wants_legal) legal = msg.at("legal");
    outcome = msg.at("outcome");
    seat = msg.at("seat").is_null() ? 0 : msg["seat"].get<int>();
    if (msg.contains("token")) token = msg["token"];
  } else if (type == "patch") {
    INFO(msg.dump());
    REQUIRE(msg.at("base") == version);
    REQUIRE(msg.at("version") == version + 1);
    view = view.patch(msg.at("ops"));
    version = msg["version"];
    if (wants_legal) legal = msg.at("legal");
    patches.push_back(msg);
  } else if (type == "snapshot") {
    version = msg.at("version");
    view = msg.at("view");
    if (wants_legal) legal = msg.at("legal");
    outcome = msg.at("outcome");
  } else if (type == "game_over") {
    REQUIRE(msg.at("version") == version);
    outcome = msg.at("outcome");
  }
}

json join(ws_client& c, tracked_view& t, const std::string& code, const json& extra) {
  json m = {{"type", "join"}, {"code", code}};
  m.update(extra);
  t.wants_legal = m.value("legal", json(true)) != json(false);
  c.send(m);
  json j = c.expect("joined");
  t.apply(j);
  return j;
}

}  // namespace tabuleiro::test
