// Link previews and the web client's pages (see route_handlers.h).
#include "server/net/route_handlers.h"

#include <fstream>
#include <sstream>
#include <utility>

#include "protocol/core/game.h"
#include "protocol/core/messages.h"
#include "server/net/shared_state.h"
#include "server/preview/png.h"

namespace tabuleiro::server {

using json = nlohmann::json;

namespace {

constexpr std::string_view png_prefix = "/api/matches/", png_suffix = "/preview.png";

// text with the five characters HTML gives meaning to written as references (for attributes).
std::string html_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// Whether a guest may watch the match summary describes (always where anyone plays).
bool guests_may_watch(const shared_state& state, const json& summary) {
  return state.svc.cfg->access == access_mode::open || summary.value("guests_watch", true);
}

// Seat s's object in summary's "seats", or nullptr.
const json* seat_of(const json& summary, int s) {
  const auto seats = summary.find("seats");
  if (seats == summary.end() || !seats->is_array()) return nullptr;
  for (const auto& seat : *seats)
    if (seat.is_object() && seat.value("seat", 0) == s) return &seat;
  return nullptr;
}

// The name of seat s (1 or 2) in summary: its display name, a computer player, or "Player s".
std::string seat_name(const json& summary, int s) {
  if (const json* seat = seat_of(summary, s)) {
    const std::string name = seat->value("name", std::string());
    if (!name.empty()) return name;
    if (seat->contains("bot")) return "the computer";
  }
  return "Player " + std::to_string(s);
}

// Whether seat s of summary is taken.
bool seat_taken(const json& summary, int s) {
  const json* seat = seat_of(summary, s);
  return seat && seat->value("taken", false);
}

// The preview's title: the game's title and its players ("<title> · Ana vs Bruno").
std::string preview_title(const json& summary) {
  const std::string game = protocol::game_title(summary.value("game", std::string()));
  if (!seat_taken(summary, 2) || !seat_taken(summary, 1))
    return game + " · " + seat_name(summary, seat_taken(summary, 2) ? 2 : 1) + " waits for an opponent";
  return game + " · " + seat_name(summary, 1) + " vs " + seat_name(summary, 2);
}

// The preview's description: whose turn (and the round), the result, or the free seat.
std::string preview_description(const json& summary) {
  const std::string status = summary.value("status", std::string());
  if (status == "finished") {
    const auto o = summary.find("outcome");
    const int winner = o != summary.end() && o->is_object() && (*o)["winner"].is_number_integer()
                           ? (*o)["winner"].get<int>()
                           : 0;
    return winner ? seat_name(summary, winner) + " won. Open the link to replay the match."
                  : "A draw. Open the link to replay the match.";
  }
  if (!seat_taken(summary, 1) || !seat_taken(summary, 2)) return "A seat is free: open the link to play, or to watch.";
  std::string turn;
  const auto to_act = summary.find("to_act");
  if (to_act != summary.end() && to_act->is_array() && to_act->size() == 1 && (*to_act)[0].is_number_integer())
    turn = seat_name(summary, (*to_act)[0].get<int>()) + " to move";
  else if (to_act != summary.end() && to_act->is_array() && to_act->size() == 2) turn = "Both players to act";
  const auto progress = summary.find("progress");
  if (progress != summary.end() && progress->is_object() && (*progress)["round"].is_number_integer())
    turn += (turn.empty() ? "" : " · ") + std::string("Round ") + std::to_string((*progress)["round"].get<int>());
  return (turn.empty() ? std::string() : turn + ". ") + "Open the link to watch live.";
}

// The <meta> tags of a match page's link preview.
std::string preview_tags(const json& summary, const std::string& code, const std::string& link_base) {
  const std::string title = html_escaped(preview_title(summary));
  const std::string description = html_escaped(preview_description(summary));
  const std::string image = html_escaped(link_base + std::string(png_prefix) + code + std::string(png_suffix) +
                                         "?v=" + std::to_string(summary.value("version", 0)));
  const std::string url = html_escaped(link_base + "/m/" + code);
  std::string tags;
  const auto meta = [&tags](std::string_view attribute, std::string_view name, const std::string& content) {
    tags += "\n  <meta " + std::string(attribute) + "=\"" + std::string(name) + "\" content=\"" + content + "\">";
  };
  meta("property", "og:type", "website");
  meta("property", "og:site_name", "Tabuleiro");
  meta("property", "og:title", title);
  meta("property", "og:description", description);
  meta("property", "og:url", url);
  meta("property", "og:image", image);
  meta("property", "og:image:type", "image/png");
  meta("property", "og:image:width", std::to_string(preview::png_width));
  meta("property", "og:image:height", std::to_string(preview::png_height));
  meta("property", "og:image:alt", "The board of this match");
  meta("name", "twitter:card", "summary_large_image");
  meta("name", "twitter:title", title);
  meta("name", "twitter:description", description);
  meta("name", "twitter:image", image);
  meta("name", "description", description);
  return tags;
}

// An error answer.
api_answer refusal(int status, const char* code, const char* message, api_answer::header_list headers = {}) {
  return {status, protocol::messages::http_error(code, message), std::move(headers)};
}

}  // namespace

void read_preview(const route_call& call, answer_fn answer) {
  shared_state& state = call.state;
  state.registry.find(call.params.at(0), [&state, member = call.signed_in(), address = call.address,
                                          answer = std::move(answer)](std::shared_ptr<room> r, rooms::lookup how) {
    if (!r) {
      if (how == rooms::lookup::absent) return answer(refusal(404, "unknown_match", "no match has this code"));
      if (how == rooms::lookup::elsewhere)
        return answer(
            refusal(421, "match_elsewhere", "another node serves this match; try again", {{"Retry-After", "1"}}));
      return answer(refusal(503, "storage_error", "the match cannot be read right now"));
    }
    const list_entry entry = r->entry();
    const json& summary = entry.summary->value();
    if (!member && !guests_may_watch(state, summary))
      return answer(refusal(401, "sign_in_required", "only signed-in members watch this match; sign in first"));
    state.previews.get(entry.code, summary.value("version", std::int64_t{0}), entry.preview, address,
                       [answer](preview::preview_images::png_ptr png, std::int64_t retry_after_s) {
                         if (png)
                           return answer({200,
                                          nullptr,
                                          {{"Content-Type", "image/png"}, {"Cache-Control", "public, max-age=60"}},
                                          {},
                                          std::move(png)});
                         if (retry_after_s > 0)
                           return answer(refusal(429, "rate_limited", "too many previews drawn; try again later",
                                                 {{"Retry-After", std::to_string(retry_after_s)}}));
                         answer(refusal(404, "no_preview", "this match has no picture"));
                       });
  });
}

void serve_match_page(const route_call& call, answer_fn answer) {
  const std::string& root = call.state.svc.cfg->web;
  const std::string& code = call.params.at(0);
  std::ifstream in(root + "/index.html", std::ios::binary);
  std::ostringstream page;
  if (call.method != boost::beast::http::verb::get || root.empty() || !in || !(page << in.rdbuf()) ||
      code.find('/') != std::string::npos)
    return serve_client_page(call, std::move(answer));
  call.state.registry.describe(code, [&state = call.state, code, link_base = call.link_base, page = page.str(),
                                      answer = std::move(answer)](registry_read r) mutable {
    const auto* summary = std::get_if<json>(&r);
    const auto title_end = page.find("</title>");
    if (summary && guests_may_watch(state, *summary) && title_end != std::string::npos) {
      const std::string real_code = summary->value("code", code);
      page.insert(title_end + 8, preview_tags(*summary, real_code, link_base));
    }
    answer({200,
            nullptr,
            {{"Content-Type", "text/html; charset=utf-8"}, {"Cache-Control", "no-cache"}},
            {},
            std::make_shared<const std::string>(std::move(page))});
  });
}

void serve_client_page(const route_call&, answer_fn answer) {
  api_answer a{200, nullptr};
  a.web_file = "/index.html";
  answer(std::move(a));
}

}  // namespace tabuleiro::server
