-- 007 (PostgreSQL): the leases of ../007_leases.sql with BIGINT keys and times.
CREATE TABLE leases (
  match_id    BIGINT  PRIMARY KEY REFERENCES matches (id),
  node        TEXT    NOT NULL CHECK (length(node) BETWEEN 1 AND 200),
  epoch       BIGINT  NOT NULL CHECK (epoch >= 1),
  expires_ms  BIGINT  NOT NULL,                       -- Unix ms; 0 = given up
  wanted_ms   BIGINT  NOT NULL DEFAULT 0              -- when another node last asked for it
);

CREATE INDEX leases_by_node ON leases (node);
