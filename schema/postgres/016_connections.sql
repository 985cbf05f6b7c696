-- 016: the players' connections during a match; see schema/016_connections.sql. PostgreSQL:
-- BIGINT keys and times.
CREATE TABLE seat_connections (
  match_id  BIGINT  NOT NULL REFERENCES matches (id),
  n         INTEGER NOT NULL,
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
  online    INTEGER NOT NULL CHECK (online IN (0, 1)),
  at_ms     BIGINT  NOT NULL,
  version   BIGINT  NOT NULL CHECK (version >= 0),
  PRIMARY KEY (match_id, n)
);
