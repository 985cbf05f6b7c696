// Helpers for tests of the admin routes (admin_util.h).
#include "admin_util.h"

#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>

namespace tabuleiro::test {

browser signed_in(const http_answer& a) {
  REQUIRE((a.status == 200 || a.status == 201));
  const std::string c = a.header("Set-Cookie");
  return {c.substr(0, c.find(';')), a.json_body()["csrf"], a.json_body()["user"]};
}

http_answer post(unsigned short port, const std::string& target, const json& body, header_list h) {
  return http_call(port, "POST", target, body.dump(), h);
}

http_answer get(unsigned short port, const std::string& target, const browser& b) {
  return http_call(port, "GET", target, "", {{"Cookie", b.cookie}});
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string setup_code(const std::string& log) {
  std::smatch m;
  return std::regex_search(log, m, std::regex("/signup\\?invite=([A-Za-z0-9_-]+)")) ? m[1].str() : "";
}

admin_server::admin_server(std::vector<std::string> flags) : srv(dir.path + "/a.db", flags, dir.path + "/server.log") {
  const std::string code = setup_code(read_all(dir.path + "/server.log"));
  REQUIRE(code.size() == 24);
  root = signed_in(post(port(), "/api/account/signup",
                        {{"username", "root"}, {"password", "root's password"}, {"invitation", code}}));
  REQUIRE(root.user["admin"] == true);
}

browser admin_server::member(const std::string& name) {
  return signed_in(post(port(), "/api/account/signup", {{"username", name}, {"password", name + "'s password"}}));
}

}  // namespace tabuleiro::test
