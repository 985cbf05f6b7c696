// An HTTP API answer before it is written: status code, JSON body (or a file) and extra headers. Made by
// the route handlers (on any thread), written by the HTTP session on its strand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

struct api_answer {
  int status = 200;
  nlohmann::json body;
  std::vector<std::pair<std::string, std::string>> headers = {};
  // When set, the answer's body is this file instead of body (a download: the session opens it,
  // removes its name at once and sends its bytes with headers).
  std::string file_path = {};
};

}  // namespace tabuleiro::server
