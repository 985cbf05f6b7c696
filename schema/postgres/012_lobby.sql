-- 012: the lobby; see schema/012_lobby.sql. PostgreSQL: BIGINT keys and times, DOUBLE PRECISION numbers.
CREATE TABLE challenges (
  id           TEXT    PRIMARY KEY,                 -- random, 16 letters and digits
  kind         TEXT    NOT NULL CHECK (kind IN ('open', 'direct', 'seek')),
  author_id    BIGINT  NOT NULL REFERENCES users (id),
  target_id    BIGINT  REFERENCES users (id),       -- direct: the member challenged
  game         TEXT    NOT NULL,
  request      TEXT    NOT NULL,                    -- the match's creation request (JSON)
  rated        INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
  min_rating   INTEGER,                             -- open: the range an accepter's rating must fall in
  max_rating   INTEGER,
  rating       DOUBLE PRECISION NOT NULL,        -- the author's rating in the game and speed when posted
  provisional  INTEGER NOT NULL DEFAULT 1 CHECK (provisional IN (0, 1)),
  node         TEXT    NOT NULL,                    -- the node whose connection holds it
  status       TEXT    NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'accepted', 'cancelled', 'declined', 'expired')),
  match_code   TEXT,                                -- accepted: the match it made
  accepted_by  BIGINT  REFERENCES users (id),
  created_ms   BIGINT  NOT NULL,
  seen_ms      BIGINT  NOT NULL,                    -- its author's connection was last seen open
  expires_ms   BIGINT  NOT NULL,
  updated_ms   BIGINT  NOT NULL                     -- the last change of its status
);

-- What every node reads: the open challenges and those that changed lately.
CREATE INDEX challenges_open ON challenges (status, updated_ms);
CREATE INDEX challenges_author ON challenges (author_id, status);
