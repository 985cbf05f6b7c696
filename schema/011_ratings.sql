-- 011: ratings (server/social/ratings). A match created rated (matches.rated = 1) changes
-- both players' Glicko-2 ratings for its game when it ends; live clocks and correspondence
-- (days per move) are rated apart (speed). ratings holds each account's current rating per
-- game and speed; rating_changes holds one row per player of every rated match that counted,
-- the rating before and after it (the profile's chart, the match's "+12", the export), and is
-- what makes settling a match happen once: its key is the match and the seat.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
-- NULL until the match's ratings are settled; then 'counted', or why the match did not count
-- ('aborted', 'not_both_acted', 'guest', 'same_account').
ALTER TABLE matches ADD COLUMN ratings_settled TEXT;

CREATE TABLE ratings (
  user_id     INTEGER NOT NULL REFERENCES users (id),
  game        TEXT    NOT NULL,
  speed       TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
  value       REAL    NOT NULL,
  deviation   REAL    NOT NULL,
  volatility  REAL    NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,
  updated_ms  INTEGER NOT NULL,                -- the last rated game's end
  PRIMARY KEY (user_id, game, speed)
);

-- The leaderboard: one game and speed, best first.
CREATE INDEX ratings_board ON ratings (game, speed, value DESC);

CREATE TABLE rating_changes (
  match_id         INTEGER NOT NULL REFERENCES matches (id),
  seat             INTEGER NOT NULL CHECK (seat IN (1, 2)),
  user_id          INTEGER NOT NULL REFERENCES users (id),
  game             TEXT    NOT NULL,
  speed            TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
  score            REAL    NOT NULL CHECK (score IN (0, 0.5, 1)),
  before_value     REAL    NOT NULL,
  before_deviation REAL    NOT NULL,
  after_value      REAL    NOT NULL,
  after_deviation  REAL    NOT NULL,
  at_ms            INTEGER NOT NULL,           -- the match's end
  PRIMARY KEY (match_id, seat)
);

-- A player's history in one game and speed (the profile's chart and record).
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game, speed, at_ms);
