// A match's chat: the match_chat part (who reads what, the rates) and the room's chat requests,
// each line stored before anyone is sent it (see chat.h, PROTOCOL.md "Chat").
#include "server/room/chat.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/chat_messages.h"
#include "protocol/core/messages.h"
#include "server/room/room.h"
#include "server/util/display_name.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

// match_chat ---------------------------------------------------------------------------------

void match_chat::restore(std::vector<chat_line> lines, std::array<bool, 2> muted) {
  lines_.assign(std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end()));
  while (lines_.size() > kept) lines_.pop_front();
  muted_ = muted;
}

bool match_chat::readable(const chat_line& l, int reader, bool over) const {
  if (l.channel == "players") {
    if (reader == 0) return false;
    return !(muted(reader) && l.seat == 3 - reader);
  }
  return reader == 0 || over;
}

std::vector<chat_line> match_chat::readable_lines(int reader, bool over) const {
  std::vector<chat_line> out;
  for (const auto& l : lines_)
    if (readable(l, reader, over)) out.push_back(l);
  return out;
}

bool match_chat::has_spectator_lines() const {
  return std::any_of(lines_.begin(), lines_.end(), [](const chat_line& l) { return l.channel == "spectators"; });
}

const chat_line* match_chat::find(std::int64_t id) const {
  for (const auto& l : lines_)
    if (l.id == id) return &l;
  return nullptr;
}

bool match_chat::take(std::uint64_t client_id, std::int64_t now_ms) {
  const token_bucket::steady::time_point now{std::chrono::milliseconds(now_ms)};
  auto it = rates_.try_emplace(client_id, lines_per_second, burst, now).first;
  return it->second.take(now);
}

void match_chat::forget(std::uint64_t client_id) {
  rates_.erase(client_id);
  std::erase_if(reports_, [&](const auto& r) { return r.first == client_id; });
}

void match_chat::add(chat_line l) {
  lines_.push_back(std::move(l));
  while (lines_.size() > kept) lines_.pop_front();
}

namespace {

msg::chat_fields fields_of(const chat_line& l) { return {l.id, l.channel, l.seat, l.name, l.text, iso_time(l.at_ms)}; }

}  // namespace

const char* match_chat::access(const chat_reader& reader) const {
  if (!on_) return "off";
  if (members_only_ && reader.user_id == 0) return "members";
  return "on";
}

std::optional<std::string> match_chat::history(const chat_reader& reader, bool over, bool always) const {
  const std::string state = access(reader);
  std::vector<msg::chat_fields> lines;
  // Where only members may use it, a guest reads nothing either; a chat turned off keeps its
  // old lines readable.
  if (state != "members")
    for (const auto& l : readable_lines(reader.seat, over)) lines.push_back(fields_of(l));
  // Nothing to say (no line, the chat open to reader, no mute): a client takes the chat as empty and open.
  if (!always && lines.empty() && state == "on" && !muted(reader.seat)) return std::nullopt;
  return msg::chat_history(lines, state, muted(reader.seat));
}

std::variant<engine::rule_error, chat_line> match_chat::write(std::uint64_t client_id, const chat_reader& reader,
                                                              std::string name, std::string_view text,
                                                              std::int64_t now_ms) {
  const std::string state = access(reader);
  if (state == "members") return engine::rule_error{"sign_in_required", "only signed-in members use the chat here"};
  if (state == "off") return engine::rule_error{"chat_off", "this match has no chat"};
  bool cut = false;
  std::string cleaned = clean_text(text, max_code_points, &cut);
  if (cut) return engine::rule_error{"too_long", "a chat line holds at most 400 characters"};
  if (cleaned.empty()) return engine::rule_error{"bad_message", "a chat line needs some text"};
  if (!take(client_id, now_ms))
    return engine::rule_error{"chat_rate", "at most one chat line a second (five at once); wait a moment"};
  chat_line line;
  line.channel = channel_of(reader.seat);
  line.seat = reader.seat;
  line.user_id = reader.user_id;
  line.name = std::move(name);
  line.text = std::move(cleaned);
  line.at_ms = now_ms;
  return line;
}

std::string match_chat::stored(chat_line l) {
  std::string message = msg::chat(fields_of(l));
  add(std::move(l));
  return message;
}

bool match_chat::delivers(const chat_line& l, const chat_reader& reader, bool over) const {
  return std::string_view(access(reader)) != "members" && readable(l, reader.seat, over);
}

// The room's chat ------------------------------------------------------------------------------

void room::send_chat_history(const std::shared_ptr<client>& c, int joined_seat, bool always) {
  if (auto m = chat_.history(chat_reader_of(*c, joined_seat), seq_.outcome().has_value(), always))
    c->send(share_text(std::move(*m)));
}

void room::on_request(const std::shared_ptr<client>& c, int joined_seat, const protocol::chat_request& r) {
  const chat_reader reader = chat_reader_of(*c, joined_seat);
  // The chat's own refusals first (a guest where only members chat, a chat turned off).
  if (std::string_view(chat_.access(reader)) == "on" && phase_ != phase::open)
    return reject_to(c, r.id, "busy", "the match is closing");
  const std::string name = reader.seat != 0 ? seats_.name(reader.seat) : c->account_name();
  auto written = chat_.write(c->id(), reader, name, r.text, svc_.time->now_ms());
  if (auto* e = std::get_if<rule_error>(&written)) return reject_to(c, r.id, e->code, e->message);
  auto line = std::make_shared<chat_line>(std::get<chat_line>(std::move(written)));
  svc_.db->queue_write(insert_chat_work(code(), line), [self = shared_from_this(), weak = std::weak_ptr<client>(c),
                                                        line, id = r.id](write_status st) {
    net::post(self->strand_, [self, weak, line, id, st] {
      auto c = weak.lock();
      if (st != write_status::ok) {
        spdlog::warn("match {}: a chat line could not be stored ({})", self->code(), write_status_name(st));
        if (c) self->reject_to(c, id, "storage_error", "the line could not be stored; send it again");
        return;
      }
      // Kept, and sent to every connection that reads it.
      const shared_text text = share_text(self->chat_.stored(*line));
      const bool over = self->seq_.outcome().has_value();
      for (const auto& [member_id, m] : self->members_)
        if (auto reader = m.c.lock();
            reader && self->chat_.delivers(*line, self->chat_reader_of(*reader, m.seat), over))
          reader->send(text);
      if (c) c->send(share_text(msg::ack(id, self->seq_.version())));
    });
  });
}

void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::chat_mute_request& r) {
  if (seat == 0) return reject_to(c, r.id, "spectator", "only a player mutes the other player");
  svc_.db->queue_write(set_chat_mute_work(code(), seat, r.mute),
                       [self = shared_from_this(), weak = std::weak_ptr<client>(c), seat, mute = r.mute,
                        id = r.id](write_status st) {
                         net::post(self->strand_, [self, weak, seat, mute, id, st] {
                           auto c = weak.lock();
                           if (st != write_status::ok) {
                             if (c) self->reject_to(c, id, "storage_error", "the mute could not be stored; try again");
                             return;
                           }
                           self->chat_.set_muted(seat, mute);
                           // Every connection of the seat reads the chat as it is now (the other seat's lines gone or back).
                           for (const auto& [cid, m] : self->members_)
                             if (auto other = m.c.lock(); other && m.seat == seat)
                               self->send_chat_history(other, seat, true);
                           if (c) c->send(share_text(msg::ack(id, self->seq_.version())));
                         });
                       });
}

void room::on_request(const std::shared_ptr<client>& c, int joined_seat, const protocol::chat_report_request& r) {
  const chat_reader reader = chat_reader_of(*c, joined_seat);
  const chat_line* line = chat_.find(r.message);
  if (!line || !chat_.delivers(*line, reader, seq_.outcome().has_value()))
    return reject_to(c, r.id, "unknown_line", "no such chat line here");
  if (chat_.reported(c->id(), r.message)) return c->send(share_text(msg::ack(r.id, seq_.version())));
  const std::string reporter = reader.seat != 0 ? seats_.name(reader.seat) : c->account_name();
  svc_.db->queue_write(
      report_chat_work(code(), r.message, c->account_id(), reporter, r.reason, svc_.time->now_ms()),
      [self = shared_from_this(), weak = std::weak_ptr<client>(c), id = r.id, message = r.message](write_status st) {
        net::post(self->strand_, [self, weak, id, message, st] {
          auto c = weak.lock();
          if (!c) return;
          if (st != write_status::ok)
            return self->reject_to(c, id, "storage_error", "the report could not be stored; try again");
          self->chat_.note_report(c->id(), message);
          spdlog::info("match {}: chat line {} reported", self->code(), message);
          c->send(share_text(msg::ack(id, self->seq_.version())));
        });
      });
}

}  // namespace tabuleiro::server
