// A cluster's relay (docs/ARCHITECTURE.md, "Cluster routing"): a WebSocket connection, or a
// request naming a match, that a balancer sent to a node other than the one holding its match's
// lease is passed, byte for byte, to the holder, so that everything about a match reaches the
// one node that serves it whatever the balancer does. The holder sees the client's own request
// (its cookies, Origin and Host), the relaying node's peer appended to X-Forwarded-For and the
// relaying node named in X-Tabuleiro-Relay (a relayed request is never relayed again).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/http.hpp>

#include "server/net/conn_types.h"
#include "server/net/shared_state.h"

namespace tabuleiro::server {

// The header naming the node that relayed a request.
inline constexpr const char* relay_header = "X-Tabuleiro-Relay";

// The share code a request target names, as a cluster routes it ("" when none): the WebSocket's
// /ws?code=K, /api/matches/K[/…], the administrators' /api/admin/matches/K/… and the match page
// /m/K (K in any case; the code normalized).
std::string match_code_of(std::string_view target);

// The code of the match req names (match_code_of) when, in state's cluster, another node may
// hold it and no node relayed req yet; else "".
std::string relayed_code(const boost::beast::http::request<boost::beast::http::string_body>& req,
                         const shared_state& state);

// Resolves and connects to address (host:port, an IPv6 host in brackets) on executor, giving up
// after timeout_ms on state's clock; done(ec, socket) runs on executor.
void connect_to_node(conn_executor executor, const std::string& address, shared_state& state, std::int64_t timeout_ms,
                     std::function<void(boost::system::error_code, conn_socket)> done);

// Reaches the node holding the live lease of match code, when another node holds it: asks the
// registry (rooms::route), connects (connect_ms at most) and calls done on executor with the
// connected socket; done gets nullopt when no other node holds the match, and when the holder
// cannot be reached (counted in relay_failures and logged), for the request to be served here.
void reach_holder(conn_executor executor, shared_state& state, const std::string& code, std::int64_t connect_ms,
                  std::function<void(std::optional<conn_socket>)> done);

// Relays client (whose request req was read, not answered) to upstream, a connection to the
// node holding the match: req is written there with X-Forwarded-For extended by client_ip and
// relay_header set to this node, then bytes flow both ways until the holder ends its side (the
// client's end of stream is passed on, and the relay closes when the holder's comes). The relay
// registers in state's connection set (a shutdown closes it) and counts in its metrics. Both
// sockets must run on one strand.
void start_relay(conn_socket client, conn_socket upstream,
                 boost::beast::http::request<boost::beast::http::string_body> req, const std::string& client_ip,
                 shared_state& state);

}  // namespace tabuleiro::server
