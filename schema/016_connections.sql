-- 016: the players' connections during a match (server/room/connection_log): each time a
-- seat's player went offline or came back between the start and the end, numbered n from 1 in
-- the match's order, with the match's version it followed. The match's result, history and
-- exported log show them.
CREATE TABLE seat_connections (
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  n         INTEGER NOT NULL,
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
  online    INTEGER NOT NULL CHECK (online IN (0, 1)),   -- 1: came back, 0: went offline
  at_ms     INTEGER NOT NULL,
  version   INTEGER NOT NULL CHECK (version >= 0),            -- the match's version at the time
  PRIMARY KEY (match_id, n)
);
