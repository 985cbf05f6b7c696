-- 019: the nodes of a cluster and their addresses; see schema/019_nodes.sql. PostgreSQL: a
-- BIGINT time.
CREATE TABLE nodes (
  node        TEXT    PRIMARY KEY CHECK (length(node) BETWEEN 1 AND 200),
  address     TEXT    NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  started_ms  BIGINT  NOT NULL
);
