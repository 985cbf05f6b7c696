// The registry of hosted matches: creation, lookup with lazy restore, listing, housekeeping.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "server/registry/create_request.h"
#include "server/registry/publish_request.h"
#include "server/registry/list_feed.h"
#include "server/registry/node_directory.h"
#include "server/room/room.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// A match just created: its share code, the creator's seat and that seat's token.
struct new_match {
  std::string code;
  int seat = 0;
  std::string token;
};
// Why a valid creation request made no match: no free share code, the store unavailable
// now (try again), the store refused the write, or (publications only) too many are being
// replayed at once.
enum class create_failure { no_free_code, storage_unavailable, storage_failed, busy };
// What a creation ended with: the match, the game's refusal of its options or position, or
// a failure of the server's own.
using create_result = std::variant<new_match, request_error, create_failure>;

// A member who takes a seat of a match the lobby makes: the account and the name its seat shows.
struct seat_holder {
  std::int64_t account_id = 0;
  std::string name;
};
// What must hold for a match between two members to be made, checked in the match's own write
// with its new code (the lobby takes its challenge): ok, else nothing is stored (error says why).
using match_claim = std::function<write_status(sql_connection& db, const std::string& code, std::string& error)>;
// A match made between two members: its code, or the write's status when it was not stored
// (conflict: the claim was refused), or the game's refusal of the request.
struct paired_match {
  write_status status = write_status::unavailable;
  std::string code;
  std::optional<request_error> refused;
};

// A game played away from the server, published: its share code.
struct published_match {
  std::string code;
};
// What a publication ended with: the finished match, a refusal of its shape (bad_json,
// bad_request, unknown_game, bad_options), the first step of its log the replay refused, or a
// failure of the server's own.
using publish_result = std::variant<published_match, request_error, log_refusal, create_failure>;

// Why a read has nothing to answer: no such match, the store cannot answer now, another node
// serves the match (a cluster), or the match's log could not be built from its rows.
enum class read_failure { absent, unavailable, elsewhere, log_failed };
// A read's answer: its JSON (a match summary, a log page, a list), or why there is none.
using registry_read = std::variant<json, read_failure>;

// Owns every room in memory and the connections, so that shutdown reaches all of them.
// Blocking store reads run on a small thread pool, never on the I/O threads.
// Thread-safety: every public method may be called from any thread; callbacks run on the
// pool or a room's strand, so callers post back to their own strand.
class rooms {
 public:
  // A registry whose rooms get services (complete: its blocking executor is where the
  // registry's own store reads run too); services outlives it, and that executor's work ends
  // before it is destroyed.
  rooms(net::io_context& ioc, const room_services& services);

  // How a lookup ended: the room, no such match, the store could not answer (a database
  // blip, or a log that does not replay) — never reported to a player as an unknown match —
  // or, in a cluster, another node holds the match now (the client should reconnect).
  enum class lookup { found, absent, unavailable, elsewhere };
  // A lookup's completion: the room when found, else nullptr.
  using found_fn = std::function<void(std::shared_ptr<room>, lookup)>;

  // Calls done with the room of a typed share code (restored from the store on first
  // access).
  void find(const std::string& typed_code, found_fn done);

  // Whether this server should take traffic now (GET /readyz): done gets the reasons it should
  // not (none: ready): its database refused a small durable write or did not answer it within
  // 2 s (full, read-only, unreachable, locked), or was found damaged; in a cluster, this node's
  // leases were last renewed longer ago than their term. One probe at a time: callers that come
  // meanwhile share its answer. done runs on the store's writer or an I/O thread.
  void readiness(std::function<void(std::vector<std::string>)> done) EXCLUDES(probe_mu_);

  // Makes the match request describes (the game judges its options and position, the
  // server draws its seed and the creator's token), stores it, and calls done with the
  // result once it is durable or refused.
  void create(create_request request, std::function<void(create_result)> done);

  // Makes the match request describes between two members, holders[0] in seat 1 (the request's
  // seat, bot and position are not used): both seats are taken by their accounts at once (each
  // member's connections resume their seat), and the match is stored in one write after claim.
  // done gets the code once it is durable, or why not: in maintenance nothing is made (refused
  // with the code "maintenance"; the lobby, quick pairing and events all come here).
  void create_between(create_request request, std::array<seat_holder, 2> holders, match_claim claim,
                      std::function<void(paired_match)> done);

  // Publications replayed or being stored at once on this node; more are refused as busy.
  static constexpr int max_publications = 2;

  // Publishes a game played away from the server: text is the publication's JSON (parsed within
  // the wire's depth limit), parsed, replayed by the native engine and stored as ONE write as a
  // finished match marked offline — every seat held by a token nobody is given, the computer's
  // seat a bot seat, the human seat of a game against the computer held by account_id (0: a
  // guest) —, all on the registry's pool, never an I/O thread. done gets its code once durable,
  // or the refusal, or the failure (busy past max_publications).
  void publish(std::string text, std::int64_t account_id, std::function<void(publish_result)> done);

  // The summary of the match of a typed share code.
  void describe(const std::string& typed_code, std::function<void(registry_read)> done);

  // A page of the match's export log from version from (PROTOCOL.md's /log).
  void log(const std::string& typed_code, std::int64_t from, std::function<void(registry_read)> done);

  // Public matches, newest first (finished ones by their end), of status ("" any, or
  // waiting, live, finished) and game ("" any); with preview, each carries the spectator's
  // view of a match in memory. Its JSON is {"matches":[…]}.
  void list(const std::string& status, const std::string& game, bool preview, std::function<void(registry_read)> done);

  // The list feed's snapshot (the match list feed's source): unfinished public matches and the recently
  // finished ones, read off the I/O threads.
  void read_list(std::function<void(list_snapshot)> done);

  // True in a cluster (a PostgreSQL store): a node serves only the matches it holds the lease
  // of (server/registry/leases.cpp).
  bool leasing() const { return !svc_.cfg->node.empty(); }

  // In a cluster, where a connection for the match of typed_code belongs: the other node that
  // holds its live lease, with the address it is reached at; nullopt when this node should take it
  // (not a cluster, the room is here or loading, no other node holds a live lease, the holder
  // recorded no address, or the store cannot say now). done runs at once or on the pool.
  void route(const std::string& typed_code, std::function<void(std::optional<lease_holder>)> done) EXCLUDES(mu_);

  // Forgets code's room, if this node holds it, closing its clients with 1001 (its match was
  // deleted from the store).
  void drop(const std::string& code) EXCLUDES(mu_);

  // Starts the periodic housekeeping (abandonment, eviction of idle finished rooms) and, in a
  // cluster, the renewal of this node's leases.
  void start() EXCLUDES(mu_);
  // Stops housekeeping and closes every room (its members with 1001); in a cluster, gives up
  // every lease of this node so that the others take its matches over at once.
  void shutdown() EXCLUDES(mu_);
  // The rematch of the finished match row: the same row (game, options, start position,
  // visibility, every other stored option) with a new code and seed, seats and names
  // swapped and new tokens; stored together with the old match's link (create.cpp).
  void create_rematch(const match_row& row, std::function<void(rematch_result)> done);
  // In a cluster, forgets code's room, whose lease the fence refused, and moves its clients
  // (called from the room's strand); nothing otherwise.
  void lease_lost(const std::string& code) EXCLUDES(mu_);

 private:
  // find(), where ask says whether a match another node holds is asked for (not by sweeps).
  void load(const std::string& typed_code, bool ask, found_fn done) EXCLUDES(mu_);
  void on_tick() EXCLUDES(mu_);
  void sweep_idle();
  // Cluster leases (server/registry/leases.cpp). A room's lease and the order of its claim
  // among this node's lease writes (renewals judge only the claims queued before them).
  struct held_room {
    lease held;
    std::uint64_t seq = 0;
  };
  // Claims code's lease for this node, waiting for the store (on the pool). The lease when
  // this node holds it now; otherwise nullopt with how: elsewhere (another node holds it;
  // with ask, it is asked to hand the match over), absent, or unavailable.
  std::optional<lease> claim(const std::string& code, bool ask, lookup& how) EXCLUDES(mu_);
  // Gives up code's lease (a room evicted, handed over, or never started).
  void release(const std::string& code, const lease& l) EXCLUDES(mu_);
  // Records this node's address for the other nodes' relays (--node-address), once at start.
  void announce();
  // Renews this node's leases and re-arms itself every third of --lease-ms.
  void renew_leases() EXCLUDES(mu_);
  // With the leases the store says this node holds after renewal seq: moves the clients of
  // every room whose lease was lost or is wanted by another node, and forgets those rooms.
  void on_renewed(std::uint64_t seq, const std::vector<held_lease>& held) EXCLUDES(mu_);
  // Forgets code's room and moves its clients (the fence refused it, or it is handed over).
  void move_away(const std::string& code, bool hand_over) EXCLUDES(mu_);
  void finish_loading(const std::string& code, std::shared_ptr<room> r, lookup how) EXCLUDES(mu_);
  // The list entry of a stored row: the room's own summary and preview when it is in memory.
  list_entry entry_of(const match_row& row) const EXCLUDES(mu_);
  // Ends probe round with reasons (none: ready): answers every caller waiting for it.
  void finish_probe(std::uint64_t round, std::vector<std::string> reasons) EXCLUDES(probe_mu_);
  // A fresh share code, in neither memory nor the store, reserved against concurrent creations
  // (finish_loading releases it), or "" with why: no_free_code when every code drawn was taken,
  // storage_unavailable when the store could not say (a database error is never "busy").
  // Reads the store: pool only.
  std::string reserve_code(create_failure& why) EXCLUDES(mu_);
  // create_between once maintenance was found off.
  void make_between(create_request request, std::array<seat_holder, 2> holders, match_claim claim,
                    std::function<void(paired_match)> done);

  net::io_context& ioc_;
  const room_services& svc_;
  mutable mutex mu_;
  std::map<std::string, std::shared_ptr<room>> rooms_ GUARDED_BY(mu_);
  std::map<std::string, std::vector<found_fn>> loading_ GUARDED_BY(mu_);
  bool stopped_ GUARDED_BY(mu_) = false;
  mutex probe_mu_;  // the readiness probe in flight (readiness.cpp)
  std::uint64_t probe_round_ GUARDED_BY(probe_mu_) = 0;
  std::vector<std::function<void(std::vector<std::string>)>> probe_waiters_ GUARDED_BY(probe_mu_);
  std::atomic<std::int64_t> leases_renewed_ms_{0};  // when this node's leases were last renewed (cluster)
  std::shared_ptr<timer> tick_timer_ GUARDED_BY(mu_);
  std::shared_ptr<timer> lease_timer_ GUARDED_BY(mu_);
  std::map<std::string, held_room> held_ GUARDED_BY(mu_);  // leases of rooms
  std::uint64_t lease_seq_ GUARDED_BY(mu_) = 0;            // lease writes queued
  std::int64_t last_sweep_ms_ = 0;                         // only touched by on_tick
  std::atomic<int> publishing_{0};                         // publications in progress
};

}  // namespace tabuleiro::server
