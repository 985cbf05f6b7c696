// The lobby (PROTOCOL.md "Lobby"): members post open and direct challenges and seek quick
// pairing; everyone on the lobby page sees the challenges come and go live; taking one makes
// the match and sends both players to it. The challenges are rows of the store
// (schema/012_lobby.sql), so every node of a cluster sees the same lobby: each node reads them
// twice a second while anyone uses its lobby, and a change made here is read back at once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "protocol/core/lobby_messages.h"
#include "server/notify/notice.h"
#include "server/registry/rooms.h"
#include "server/room/client.h"
#include "server/social/lobby_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server::social {

// A signed-in member as the lobby knows them.
struct lobby_member {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
};

// The lobby's timing and bounds.
struct lobby_settings {
  std::string node;                        // this node's name (the challenges its connections hold)
  std::int64_t poll_ms = 500;              // the challenges are read this often while anyone here uses the lobby
  std::int64_t renew_ms = 10'000;          // held challenges are marked seen this often
  std::int64_t stale_ms = 45'000;          // a challenge not seen for this long expires (its node stopped)
  std::int64_t lifetime_ms = 30 * 60'000;  // a challenge or seek lapses after this long
  std::size_t max_open = 3;                // open and direct challenges one member may have at once
  std::size_t max_read = 2000;             // rows one read takes
  std::size_t max_connections = 2000;      // connections using this node's lobby
  notify::notice_sink notify;              // where the members' notices go (a direct challenge, a
                                           // challenge accepted); empty: nowhere
};

// The lobby of one node.
// Thread-safety: every public method may be called from any thread; the state lives on the
// lobby's strand, reads run on its own thread and writes on the store's writer thread, and
// each answer is posted back to the strand.
class lobby_service {
 public:
  lobby_service(net::io_context& ioc, store& db, time_source& time, rooms& registry, lobby_settings settings);
  ~lobby_service();

  // Handles connection c's lobby request; who is its member (nullopt: a guest, who may only watch).
  void request(std::shared_ptr<client> c, std::optional<lobby_member> who, protocol::lobby_request r);
  // Connection client_id closed: a member's challenges and seek held here end with their last
  // connection here.
  void leave(std::uint64_t client_id);
  // Stops reading and answering (server shutdown); the challenges held here expire.
  void shutdown();

 private:
  struct connection {
    std::weak_ptr<client> c;
    std::optional<lobby_member> who;
    bool watching = false;      // asked for watch_lobby
    bool ready = false;         // has had its `lobby` list; changes go to ready watchers only
    std::int64_t since_ms = 0;  // when it first used the lobby
  };

  void do_request(const std::shared_ptr<client>& c, const std::optional<lobby_member>& who, protocol::lobby_request r);
  void on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::watch_lobby_request r);
  void on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::challenge_request r);
  void on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::seek_request r);
  void on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::challenge_op_request r);
  void on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::cancel_seek_request r);
  // Posts a challenge (or seek) of member who: reads who's rating and the target on the read
  // thread, then stores it.
  void do_post(std::shared_ptr<client> c, lobby_member who, nlohmann::json id, std::string kind, nlohmann::json match,
               std::optional<std::string> to, std::optional<std::int64_t> min_rating,
               std::optional<std::int64_t> max_rating);
  void do_accept(std::shared_ptr<client> c, lobby_member who, nlohmann::json id, std::string challenge);
  // Makes the match of challenges taken (one, or two paired seeks) between holders; answers
  // (the accepter's match_found, or nothing for a pairing) go through answer.
  void make_match(const challenge_row& first, std::vector<std::string> taken, std::array<seat_holder, 2> holders,
                  std::int64_t accepted_by, std::function<void(paired_match)> answer);
  // Queues work; done (on the strand) gets its status, then the lobby is read again.
  void write(write_work work, std::function<void(write_status)> done);

  // Reads the challenges now (or again once the read in flight is back).
  void do_refresh();
  void on_refresh(bool ok, std::vector<challenge_row> rows);
  // The periodic tick while anyone uses this node's lobby: read, renew, expire.
  void arm_tick();
  void on_tick();
  // Pairs the waiting seeks this node holds with the nearest ratings.
  void pair_seeks();

  // Whether the connection's member may see challenge c.
  static bool visible(const challenge_row& c, const connection& to);
  protocol::challenge_view view_of(const challenge_row& c) const;
  void send(const connection& to, shared_text msg);
  void send_error(const std::shared_ptr<client>& c, const std::string& code, const std::string& message,
                  const nlohmann::json& id);
  // Whether a live connection of member id is open here.
  bool present(std::int64_t member) const;

  net::strand<net::io_context::executor_type> strand_;
  store& db_;
  time_source& time_;
  rooms& registry_;
  const lobby_settings settings_;
  boost::asio::thread_pool reads_{1};

  std::map<std::uint64_t, connection> connections_;
  std::map<std::string, challenge_row> open_;  // the open challenges as last read, by id
  std::set<std::string> pairing_;              // seeks whose match is being made here
  std::set<std::string> announced_;            // taken challenges whose authors here were sent to the match
  std::shared_ptr<timer> tick_;
  bool reading_ = false;     // a read is in flight
  bool read_again_ = false;  // something changed while it was
  std::int64_t last_renew_ms_ = 0;
  bool stopped_ = false;
};

}  // namespace tabuleiro::server::social
