-- 012: the lobby (server/social/lobby). A challenge is an offer to play one match: open (any
-- member may accept it, within its rating range), direct (to one member, who accepts or
-- declines it) or a seek (quick pairing: the server pairs two seeks of one game and clock).
-- It lives while its author's lobby connection on its node stays open (seen_ms, renewed by
-- that node) and until expires_ms; then it is cancelled or expired, and a taken one records
-- its match. Every node reads the open ones (and the recently changed) twice a second, so a
-- change shows on every node within a second. Taking a challenge is one conditional UPDATE
-- in the same write as the new match: two members accepting it at once make one match.
CREATE TABLE challenges (
  id           TEXT    PRIMARY KEY,                 -- random, 16 letters and digits
  kind         TEXT    NOT NULL CHECK (kind IN ('open', 'direct', 'seek')),
  author_id    INTEGER NOT NULL REFERENCES users (id),
  target_id    INTEGER REFERENCES users (id),       -- direct: the member challenged
  game         TEXT    NOT NULL,
  request      TEXT    NOT NULL,                    -- the match's creation request (JSON)
  rated        INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
  min_rating   INTEGER,                             -- open: the range an accepter's rating must fall in
  max_rating   INTEGER,
  rating       REAL    NOT NULL,                    -- the author's rating in the game and speed when posted
  provisional  INTEGER NOT NULL DEFAULT 1 CHECK (provisional IN (0, 1)),
  node         TEXT    NOT NULL,                    -- the node whose connection holds it
  status       TEXT    NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'accepted', 'cancelled', 'declined', 'expired')),
  match_code   TEXT,                                -- accepted: the match it made
  accepted_by  INTEGER REFERENCES users (id),
  created_ms   INTEGER NOT NULL,
  seen_ms      INTEGER NOT NULL,                    -- its author's connection was last seen open
  expires_ms   INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL                     -- the last change of its status
);

-- What every node reads: the open challenges and those that changed lately.
CREATE INDEX challenges_open ON challenges (status, updated_ms);
CREATE INDEX challenges_author ON challenges (author_id, status);
