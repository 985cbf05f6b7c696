-- 019: the nodes of a cluster and the address each is reached at by the others (host:port,
-- --node-address), written by each node when it starts, so that a node a client reaches for a
-- match another node holds relays the connection to the holder (server/cluster/).
CREATE TABLE nodes (
  node        TEXT     PRIMARY KEY CHECK (length(node) BETWEEN 1 AND 200),
  address     TEXT     NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  started_ms  INTEGER  NOT NULL
);
