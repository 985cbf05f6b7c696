// Where the nodes of a cluster are reached (schema/019_nodes.sql): each node records the address
// the others reach it at, and a node a client reaches for a match another node holds reads there
// where to relay the connection (server/net/relay.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/store/store.h"

namespace tabuleiro::server {

// The node that holds a match's live lease, and the address it is reached at.
struct lease_holder {
  std::string node;
  std::string address;
};

// Records node's address (host:port) and its start time in db, replacing an earlier row of the
// same node; done gets the write's status once committed.
void announce_node(store& db, const std::string& node, const std::string& address, std::int64_t now_ms,
                   store::done done);

// The node other than self holding code's lease live at now_ms, with its recorded address:
// absent when no other node does (none, lapsed, given up, or self), or when that node recorded
// no address. Reads on the calling thread (a blocking read: never an I/O thread).
read_result<lease_holder> find_lease_holder(store& db, const std::string& code, const std::string& self,
                                            std::int64_t now_ms);

}  // namespace tabuleiro::server
