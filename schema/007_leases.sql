-- 007: ownership of a match by one node of a cluster (several servers on one PostgreSQL).
-- A node serves a match only while it holds the match's lease: claimed with a conditional
-- upsert (free, lapsed, or already the node's own), renewed every few seconds, given up by
-- lapsing it at once. Every claim raises epoch, and every append of a leased node is fenced
-- by (node, epoch), so a node that lost the lease can never write to the log again. A node
-- refused a live lease records when it asked (wanted_ms); the holder hands the match over at
-- its next renewal, so a match goes back to the node its clients are routed to. A row is never
-- deleted, so a match's epochs only grow. A single server does not use the table.
CREATE TABLE leases (
  match_id    INTEGER PRIMARY KEY REFERENCES matches (id),
  node        TEXT    NOT NULL CHECK (length(node) BETWEEN 1 AND 200),
  epoch       INTEGER NOT NULL CHECK (epoch >= 1),
  expires_ms  INTEGER NOT NULL,                       -- Unix ms; 0 = given up
  wanted_ms   INTEGER NOT NULL DEFAULT 0              -- when another node last asked for it
);

-- Renewal and shutdown touch every lease of one node.
CREATE INDEX leases_by_node ON leases (node);
