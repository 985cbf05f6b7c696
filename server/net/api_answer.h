// An HTTP answer before it is written: status code, JSON body (or a file, or bytes) and extra headers. Made by
// the route handlers (on any thread), written by the HTTP session on its strand.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

struct api_answer {
  using header_list = std::vector<std::pair<std::string, std::string>>;
  int status = 200;
  nlohmann::json body;
  header_list headers = {};
  // When set, the answer's body is this file instead of body (a download: the session opens it,
  // removes its name at once and sends its bytes with headers).
  std::string file_path = {};
  // When set, the answer's body is these bytes instead of body's JSON (a page or an image; their
  // Content-Type is among headers).
  std::shared_ptr<const std::string> bytes = {};
  // When set, the answer is this file under --web (a path starting with /), served as any of
  // the web client's files: Content-Type by its name; the fallback page when it is absent.
  std::string web_file = {};
};

}  // namespace tabuleiro::server
