// The browser's engine behind one JSON call: the rules, the public codecs and the computer
// players, as a WebAssembly module's Web Worker asks for them (web/js/engine/worker.js). It hosts
// whole games (offline play: new, state, check, apply, conclude, bot) and rebuilds a match from
// one viewer's view alone (online play: legal and check from what the server sent, never more).
// The same code runs natively in the tests, so the two hosts are compared on one source.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/core/game.h"

namespace tabuleiro::wasm {

// Most games one engine_api holds at once (each is a few kilobytes).
inline constexpr std::size_t max_matches = 64;

// Longest request text call() reads (a view or an action is far smaller).
inline constexpr std::size_t max_request_bytes = 1 << 20;

// A JSON request → a JSON answer, {"ok":true,…} or {"ok":false,"error":{"code","message"}}
// (wasm/README.md lists every op). Thread-safety: none; the worker calls it from one thread.
class engine_api {
 public:
  // Answers one request (a JSON object with "op"); never throws.
  std::string call(std::string_view request);

 private:
  std::string do_new(const protocol::json& req);
  std::string do_state(const protocol::json& req);
  std::string do_check(const protocol::json& req);
  std::string do_apply(const protocol::json& req);
  std::string do_conclude(const protocol::json& req);
  std::string do_bot(const protocol::json& req);
  std::string do_free(const protocol::json& req);
  std::string do_view_legal(const protocol::json& req);
  std::string do_view_check(const protocol::json& req);

  // The match the request's "match" names, or nullptr.
  protocol::match* match_of(const protocol::json& req);

  std::map<int, std::unique_ptr<protocol::match>> matches_;
  int next_id_ = 1;
};

}  // namespace tabuleiro::wasm
